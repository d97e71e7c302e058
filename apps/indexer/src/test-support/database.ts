import { ID_TABLES } from '../project/ids.js';
import pg from 'pg';

// Tables whose rows come from blocks: every table with indexer-assigned ids, plus those keyed by
// other rows' ids. The others hold ledger-state answers, registry data or status.
const CHAIN_TABLES = [...ID_TABLES, 'ma_tx_out', 'unspent_ma_tx_out', 'stake_balance'];

/** Every chain-derived row, table by table in primary-key order, as comparable text. */
export async function dumpChainTables(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const dump: Record<string, string[]> = {};
    for (const table of CHAIN_TABLES) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT t::text AS row FROM "${table}" t ORDER BY 1`,
      );
      dump[table] = rows.map((r) => r.row);
    }
    return dump;
  } finally {
    await client.end();
  }
}
