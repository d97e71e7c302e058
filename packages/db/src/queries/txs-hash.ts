import type { PrismaClient } from '../client.js';
import type { AmountRow } from './txs-hash-utxos.js';
import { hexBytes, queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('txs_hash');

/** The transaction's columns in Blockfrost's types; amounts split as lovelace and assets. */
export interface TxRow {
  hash: string;
  block: string;
  block_height: number | null;
  block_time: number;
  slot: number;
  index: number;
  output_lovelace: string;
  output_assets: AmountRow[] | null;
  fees: string;
  deposit: string;
  size: number;
  invalid_before: string | null;
  invalid_hereafter: string | null;
  utxo_count: number;
  withdrawal_count: number;
  mir_cert_count: number;
  delegation_count: number;
  stake_cert_count: number;
  pool_update_count: number;
  pool_retire_count: number;
  asset_mint_or_burn_count: number;
  redeemer_count: number;
  valid_contract: boolean;
  treasury_donation: string;
}

/** The transaction with hash `hash` (lower-case hex), or null if it is unknown. */
export async function txsHash(db: PrismaClient, hash: string): Promise<TxRow | null> {
  const rows = await queryRows<TxRow>(db, SQL, [hexBytes(hash)]);
  return rows[0] ?? null;
}
