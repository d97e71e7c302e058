import type { PrismaClient } from '../client.js';
import { readSqlFile, transactionRows } from './sql-file.js';

const SQL = readSqlFile('txs_hash_redeemers');

export interface RedeemerColumns {
  tx_index: number;
  purpose: string;
  redeemer_data_hash: string;
  /** decimal strings */
  unit_mem: string;
  unit_steps: string;
  /** decimal string; null when no protocol parameters are stored */
  fee: string | null;
}

export interface TxRedeemerRow extends RedeemerColumns {
  script_hash: string | null;
}

/** The transaction's redeemers by index, or null if the transaction is unknown. */
export function txsHashRedeemers(db: PrismaClient, hash: string): Promise<TxRedeemerRow[] | null> {
  return transactionRows<TxRedeemerRow>(db, SQL, hash, 'purpose');
}
