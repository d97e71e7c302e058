import type { PrismaClient } from '../client.js';
import { readSqlFile, transactionRows } from './sql-file.js';

const SQL = readSqlFile('txs_hash_utxos');

export interface AmountRow {
  unit: string;
  quantity: string;
}

/** One input or output of the transaction, in Blockfrost's types. */
export interface TxUtxoRow {
  side: 'input' | 'output';
  address: string;
  /** the transaction that created an input; null for outputs */
  tx_hash: string | null;
  output_index: number;
  /** null for an input whose output the index never saw (created before its first block) */
  lovelace: string | null;
  assets: AmountRow[] | null;
  data_hash: string | null;
  inline_datum: string | null;
  reference_script_hash: string | null;
  collateral: boolean;
  reference: boolean;
  consumed_by_tx: string | null;
}

/** Inputs then outputs of the transaction in Blockfrost's order, or null if it is unknown. */
export function txsHashUtxos(db: PrismaClient, hash: string): Promise<TxUtxoRow[] | null> {
  return transactionRows<TxUtxoRow>(db, SQL, hash, 'side');
}
