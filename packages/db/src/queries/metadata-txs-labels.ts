import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile, sqlByDirection, type PageParams } from './sql-file.js';

const SQL = sqlByDirection(readSqlFile('metadata_txs_labels'));
const LABEL_SQL = sqlByDirection(readSqlFile('metadata_txs_labels_label'));

export interface MetadataLabelRow {
  /** decimal string */
  label: string;
  /** decimal string: the transactions carrying the label */
  count: string;
}

export interface MetadataLabelTxRow {
  tx_hash: string;
  /** hex CBOR of the single-entry map {label: value} */
  metadata: string;
}

/** One page of the metadata labels in use, in label order, with how many transactions carry each. */
export function metadataTxsLabels(
  db: PrismaClient,
  { limit, offset, order }: PageParams,
): Promise<MetadataLabelRow[]> {
  return queryRows<MetadataLabelRow>(db, SQL[order], [limit, offset]);
}

/** One page of the transactions carrying the label (a decimal string), in chain order. */
export function metadataTxsLabelsLabel(
  db: PrismaClient,
  label: string,
  { limit, offset, order }: PageParams,
): Promise<MetadataLabelTxRow[]> {
  return queryRows<MetadataLabelTxRow>(db, LABEL_SQL[order], [label, limit, offset]);
}
