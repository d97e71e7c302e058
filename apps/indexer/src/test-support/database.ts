import pg from 'pg';

// Tables whose rows come from blocks; the others hold ledger-state answers, registry data or status.
const CHAIN_TABLES = [
  'block',
  'tx',
  'address',
  'stake_address',
  'tx_out',
  'asset',
  'ma_tx_out',
  'asset_mint',
  'tx_metadata',
  'datum',
  'script',
  'stake_registration',
  'delegation',
  'delegation_vote',
  'drep_registration',
  'withdrawal',
  'mir',
  'pool_registration',
  'stake_balance',
  'nutlink_registration',
  'nutlink_ticker',
];

/** Every chain-derived row, table by table in primary-key order, as comparable text. */
export async function dumpChainTables(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const dump: Record<string, string[]> = {};
    for (const table of CHAIN_TABLES) {
      const { rows } = await client.query<{ row: string }>(`SELECT t::text AS row FROM "${table}" t ORDER BY 1`);
      dump[table] = rows.map((r) => r.row);
    }
    return dump;
  } finally {
    await client.end();
  }
}
