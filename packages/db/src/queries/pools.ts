import type { PrismaClient } from '../client.js';
import {
  hexBytes,
  queryRows,
  readSqlFile,
  sqlByDirection,
  withNamedParameters,
  type Order,
} from './sql-file.js';

const POOLS_SQL = sqlByDirection(readSqlFile('pools'));
const RETIRED_SQL = sqlByDirection(readSqlFile('pools_retired'));
const RETIRING_SQL = sqlByDirection(readSqlFile('pools_retiring'));
/** A pool's existence probe's parameters, named: the probe is shared with the page queries that fold it in. */
export const POOL_KNOWN_PARAMETERS = ['pool_hash', 'pool_id'] as const;
const EXISTS_QUERY = withNamedParameters(readSqlFile('pools_pool_id_exists'), POOL_KNOWN_PARAMETERS);
const RELAYS_SQL = readSqlFile('pools_pool_id_relays');
const UPDATES_SQL = sqlByDirection(readSqlFile('pools_pool_id_updates'));
const BLOCKS_SQL = sqlByDirection(readSqlFile('pools_pool_id_blocks'));
const POOL_SQL = readSqlFile('pools_pool_id');
const EXTENDED_SQL = readSqlFile('pools_extended');
const HISTORY_SQL = sqlByDirection(readSqlFile('pools_pool_id_history'));
const REGISTRATIONS_SQL = readSqlFile('pools_pool_id_registrations');
const EXTENDED_METADATA_SQL = readSqlFile('pools_extended_metadata');

export interface PoolsPage {
  limit: number;
  offset: number;
  order: Order;
}

/** A pool by its hash (hex) and its pool1… id, as block.slot_leader holds it. */
export interface PoolKey {
  hash: string;
  poolId: string;
}

export interface PoolRetirementRow {
  /** hex */
  pool_hash: string;
  epoch: number;
}

export interface PoolRegistrationCborRow {
  /** the registering transaction's CBOR (hex), where the certificate's parameters are */
  cbor: string;
  cert_index: number;
}

/** GET /pools/{pool_id}'s figures besides the certificate's; the ledger's are null without their snapshot. */
export interface PoolFiguresRow {
  blocks_minted: number;
  blocks_epoch: number;
  live_stake: string | null;
  live_size: number | null;
  live_saturation: number | null;
  live_delegators: number;
  active_stake: string | null;
  active_size: number | null;
  live_pledge: string;
  /** hashes of the transactions of the pool's registrations, in chain order */
  registration: string[];
  /** hashes of the transactions of the pool's retirements, in chain order */
  retirement: string[];
}

/** One pool of GET /pools/extended: its newest registration and the figures it shares with /pools/{pool_id}. */
export interface PoolExtendedRow extends PoolRegistrationCborRow {
  /** hex */
  pool_hash: string;
  blocks_minted: number;
  active_stake: string | null;
  live_stake: string | null;
  live_saturation: number | null;
}

/** A stored metadata file, or why its last fetch failed. */
export interface PoolMetadataFile {
  metadata: unknown;
  errorCode: string | null;
  error: string | null;
}

export interface PoolUpdateRow {
  tx_hash: string;
  cert_index: number;
  action: 'registered' | 'deregistered';
}

/** GET /pools: hashes (hex) of the registered pools that have not retired. */
export async function pools(db: PrismaClient, page: PoolsPage): Promise<string[]> {
  const rows = await queryRows<{ pool_hash: string }>(db, POOLS_SQL[page.order], [page.limit, page.offset]);
  return rows.map((row) => row.pool_hash);
}

/** GET /pools/retired: the pools whose retirement took effect, with its epoch. */
export function poolsRetired(db: PrismaClient, page: PoolsPage): Promise<PoolRetirementRow[]> {
  return retirements(db, RETIRED_SQL[page.order], page);
}

/** GET /pools/retiring: the pools whose announced retirement is ahead, with its epoch. */
export function poolsRetiring(db: PrismaClient, page: PoolsPage): Promise<PoolRetirementRow[]> {
  return retirements(db, RETIRING_SQL[page.order], page);
}

function retirements(db: PrismaClient, sql: string, page: PoolsPage): Promise<PoolRetirementRow[]> {
  return queryRows<PoolRetirementRow>(db, sql, [page.limit, page.offset]);
}

/** The named parameters of a pool's existence probe (prisma/sql/fragments/pool_known.sql). */
export function poolKnown(pool: PoolKey): Record<(typeof POOL_KNOWN_PARAMETERS)[number], unknown> {
  return { pool_hash: hexBytes(pool.hash), pool_id: pool.poolId };
}

/** Whether the index knows the pool: it registered, announced a retirement or made a block. */
export async function poolExists(db: PrismaClient, pool: PoolKey): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    EXISTS_QUERY.text,
    EXISTS_QUERY.values(poolKnown(pool)),
  );
  return rows[0]!.found;
}

/** The pool's newest registration certificate, or null if it never registered. */
export async function poolsPoolIdNewestRegistration(
  db: PrismaClient,
  hash: string,
): Promise<PoolRegistrationCborRow | null> {
  return (await queryRows<PoolRegistrationCborRow>(db, RELAYS_SQL, [hexBytes(hash)]))[0] ?? null;
}

/** GET /pools/{pool_id}/updates: the pool's registration and retirement certificates. */
export function poolsPoolIdUpdates(
  db: PrismaClient,
  hash: string,
  page: PoolsPage,
): Promise<PoolUpdateRow[]> {
  return queryRows<PoolUpdateRow>(db, UPDATES_SQL[page.order], [hexBytes(hash), page.limit, page.offset]);
}

/** GET /pools/{pool_id}/blocks: hashes of the blocks the pool (pool1… id) made. */
export async function poolsPoolIdBlocks(
  db: PrismaClient,
  poolId: string,
  page: PoolsPage,
): Promise<string[]> {
  const rows = await queryRows<{ hash: string }>(db, BLOCKS_SQL[page.order], [
    poolId,
    page.limit,
    page.offset,
  ]);
  return rows.map((row) => row.hash);
}

/** GET /pools/{pool_id}: pool `hash` (hex) / `poolId`'s figures; `owners` as reward-address bytes (hex). */
export async function poolsPoolIdFigures(
  db: PrismaClient,
  pool: PoolKey,
  owners: string[],
): Promise<PoolFiguresRow> {
  const rows = await queryRows<PoolFiguresRow>(db, POOL_SQL, [hexBytes(pool.hash), pool.poolId, owners]);
  return rows[0]!;
}

/** GET /pools/extended: the figures of `page` (pools of /pools, in its order); one row per registered pool. */
export function poolsExtended(db: PrismaClient, page: PoolKey[]): Promise<PoolExtendedRow[]> {
  return queryRows<PoolExtendedRow>(db, EXTENDED_SQL, [page.map((p) => p.hash), page.map((p) => p.poolId)]);
}

/** The stored metadata files of many registrations' URL and hash; those never fetched are absent. */
export async function poolMetadataFiles(
  db: PrismaClient,
  refs: { url: string; hash: string }[],
): Promise<(PoolMetadataFile & { url: string; hash: string })[]> {
  if (refs.length === 0) return [];
  return queryRows<PoolMetadataFile & { url: string; hash: string }>(db, EXTENDED_METADATA_SQL, [
    refs.map((ref) => ref.url),
    refs.map((ref) => ref.hash),
  ]);
}

/** The metadata file the pool metadata job stored for a registration's URL and hash, or null before any fetch. */
export function poolMetadataFile(
  db: PrismaClient,
  url: string,
  hash: string,
): Promise<PoolMetadataFile | null> {
  return db.poolMetadata.findUnique({
    where: { url_hash: { url, hash } },
    select: { metadata: true, errorCode: true, error: true },
  });
}

/** One epoch of GET /pools/{pool_id}/history but its fees: lovelace as decimal strings. */
export interface PoolHistoryRow {
  epoch: number;
  blocks: number;
  active_stake: string;
  active_size: number;
  delegators_count: number;
  rewards: string;
}

/** GET /pools/{pool_id}/history: the epochs in whose stake distribution the pool is, before the newest one. */
export function poolsPoolIdHistory(
  db: PrismaClient,
  pool: PoolKey,
  page: PoolsPage,
): Promise<PoolHistoryRow[]> {
  return queryRows<PoolHistoryRow>(db, HISTORY_SQL[page.order], [
    hexBytes(pool.hash),
    pool.poolId,
    page.limit,
    page.offset,
  ]);
}

/** A registration of the pool with the epoch of its transaction. */
export interface PoolRegistrationEpochRow extends PoolRegistrationCborRow {
  epoch: number;
}

/** Every registration of the pool, in chain order. */
export function poolsPoolIdRegistrations(
  db: PrismaClient,
  hash: string,
): Promise<PoolRegistrationEpochRow[]> {
  return queryRows<PoolRegistrationEpochRow>(db, REGISTRATIONS_SQL, [hexBytes(hash)]);
}
