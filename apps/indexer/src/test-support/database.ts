import { ID_TABLES } from '../project/ids.js';
import pg from 'pg';
import { scriptPaymentSql } from '../sink/utxo-supply.js';

// Tables whose rows come from blocks: every table with indexer-assigned ids, plus those keyed by
// other rows' ids. The others hold ledger-state answers, registry data or status.
const CHAIN_TABLES = [
  ...ID_TABLES,
  'ma_tx_out',
  'unspent_ma_tx_out',
  'address_utxo',
  'stake_balance',
  'utxo_supply',
  'nutlink_ticker_total',
];

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

export interface UtxoSums {
  lovelace: string;
  locked: string;
}

/** utxo_supply as the indexer maintains it, and the same sums computed over every unspent output. */
export async function utxoSupplyAndRecomputation(
  url: string,
): Promise<{ stored: UtxoSums; recomputed: UtxoSums }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ stored: UtxoSums; recomputed: UtxoSums }>(
      `SELECT
         (SELECT json_build_object('lovelace', lovelace::text, 'locked', locked::text) FROM utxo_supply) AS stored,
         json_build_object(
           'lovelace', COALESCE(sum(o.value), 0)::text,
           'locked', COALESCE(sum(o.value) FILTER (WHERE ${scriptPaymentSql('o.payment_cred', 'a.address')}), 0)::text
         ) AS recomputed
       FROM tx_out o JOIN address a ON a.id = o.address_id
       WHERE NOT EXISTS (SELECT 1 FROM tx_out_spend sp WHERE sp.tx_out_id = o.id)`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}
