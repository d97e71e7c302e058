import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile, sqlByDirection, type Order } from './sql-file.js';

const LATEST_SQL = readSqlFile('epochs_latest');
const NUMBER_SQL = readSqlFile('epochs_number');
const NEXT_SQL = readSqlFile('epochs_number_next');
const PREVIOUS_SQL = readSqlFile('epochs_number_previous');
const CONTENT_SQL = readSqlFile('epochs_content');
const EXISTS_SQL = readSqlFile('epochs_number_exists');
const BLOCKS_SQL = sqlByDirection(readSqlFile('epochs_number_blocks'));
const POOL_BLOCKS_SQL = sqlByDirection(readSqlFile('epochs_number_blocks_pool_id'));

/** Blockfrost's epoch_content as prisma/sql/fragments/epoch_content.sql selects it. */
export interface EpochRow {
  epoch: number;
  start_time: number;
  end_time: number;
  first_block_time: number;
  last_block_time: number;
  block_count: number;
  tx_count: number;
  output: string;
  fees: string;
  active_stake: string | null;
  /** no rollback can change the epoch's figures any more */
  settled: boolean;
}

export interface EpochPage {
  epoch: number;
  limit: number;
  offset: number;
}

export interface EpochBlocksPage extends EpochPage {
  order: Order;
}

/** GET /epochs/latest: the epoch of the newest block, or null before the first block. */
export async function epochsLatest(db: PrismaClient): Promise<EpochRow | null> {
  return (await queryRows<EpochRow>(db, LATEST_SQL))[0] ?? null;
}

/** GET /epochs/{number}: null when the epoch has no blocks. */
export async function epochsNumber(db: PrismaClient, epoch: number): Promise<EpochRow | null> {
  return (await queryRows<EpochRow>(db, NUMBER_SQL, [epoch]))[0] ?? null;
}

/** GET /epochs/{number}/next: the numbers of the epochs after it that have blocks, in order. */
export function epochsNumberNext(db: PrismaClient, page: EpochPage): Promise<number[]> {
  return epochNumbers(db, NEXT_SQL, page);
}

/** GET /epochs/{number}/previous: the numbers of the epochs before it that have blocks, in order. */
export function epochsNumberPrevious(db: PrismaClient, page: EpochPage): Promise<number[]> {
  return epochNumbers(db, PREVIOUS_SQL, page);
}

async function epochNumbers(db: PrismaClient, sql: string, page: EpochPage): Promise<number[]> {
  const rows = await queryRows<{ epoch: number }>(db, sql, [page.epoch, page.limit, page.offset]);
  return rows.map((row) => row.epoch);
}

/** The figures of these epochs, all of which have blocks, in epoch order. */
export function epochsContent(db: PrismaClient, epochs: number[]): Promise<EpochRow[]> {
  return queryRows<EpochRow>(db, CONTENT_SQL, [epochs]);
}

/** Whether the epoch has blocks (the epochs Blockfrost knows). */
export async function epochExists(db: PrismaClient, epoch: number): Promise<boolean> {
  return (await queryRows<{ found: boolean }>(db, EXISTS_SQL, [epoch]))[0]!.found;
}

/** GET /epochs/{number}/blocks: hashes of the epoch's blocks. */
export async function epochsNumberBlocks(db: PrismaClient, page: EpochBlocksPage): Promise<string[]> {
  const rows = await queryRows<{ hash: string }>(db, BLOCKS_SQL[page.order], [
    page.epoch,
    page.limit,
    page.offset,
  ]);
  return rows.map((row) => row.hash);
}

/** GET /epochs/{number}/blocks/{pool_id}: hashes of the blocks the pool (pool1… id) made in the epoch. */
export async function epochsNumberBlocksPoolId(
  db: PrismaClient,
  page: EpochBlocksPage & { poolId: string },
): Promise<string[]> {
  const rows = await queryRows<{ hash: string }>(db, POOL_BLOCKS_SQL[page.order], [
    page.epoch,
    page.limit,
    page.offset,
    page.poolId,
  ]);
  return rows.map((row) => row.hash);
}
