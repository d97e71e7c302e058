import type { PrismaClient } from '../client.js';
import type { OutputReferenceParam } from './utils-txs-evaluate.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('mempool_outputs');

/** An output a pending transaction spends or references, as the index holds it. */
export interface MempoolOutputRow {
  tx_hash: string;
  index: number;
  /** bech32, or base58 for Byron */
  address: string;
  /** decimal */
  lovelace: string;
}

/** The indexed outputs among `references`, spent or not, in no particular order; unknown ones are absent. */
export async function mempoolOutputs(
  db: PrismaClient,
  references: readonly OutputReferenceParam[],
): Promise<MempoolOutputRow[]> {
  if (references.length === 0) return [];
  return queryRows<MempoolOutputRow>(db, SQL, [
    references.map((reference) => reference.txHash),
    references.map((reference) => reference.index),
  ]);
}
