import pg from 'pg';
import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('epochs_number_parameters');

/** jsonb as the text PostgreSQL sent: ≈ 4 kB that a reader keeping answers per row version parses only on a miss. */
const JSONB_AS_TEXT: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.JSONB
      ? (text: string) => text
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface EpochParametersRow {
  epoch: number;
  /** Ogmios queryLedgerState/protocolParameters as the indexer stored it: its JSON text */
  params: string;
  /** hex; null where the epoch nonce is neutral */
  nonce: string | null;
  /** changes whenever the row is rewritten: what mapped answers are kept by */
  version: string;
}

/** The stored parameters of `epoch` (the newest stored epoch for 'latest'), or null when there are none. */
export async function epochsNumberParameters(
  db: PrismaClient,
  epoch: number | 'latest',
): Promise<EpochParametersRow | null> {
  const rows = await queryRows<EpochParametersRow>(
    db,
    SQL,
    [epoch === 'latest' ? null : epoch],
    JSONB_AS_TEXT,
  );
  return rows[0] ?? null;
}
