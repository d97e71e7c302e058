import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile, sqlByDirection, type PageParams } from './sql-file.js';

/**
 * A query over a DRep's vote delegations, prepared twice: the delegations to a registered DRep are found by its
 * hash, those to a predefined one by their kind and no hash.
 */
function byDRepKind(sql: string): Record<'registered' | 'predefined', string> {
  return {
    registered: sql.replaceAll(
      '{{drep_vote_delegation}}',
      'v.drep_hash = $2::bytea AND v.drep_kind = $1::text',
    ),
    predefined: sql.replaceAll(
      '{{drep_vote_delegation}}',
      'v.drep_hash IS NULL AND v.drep_kind = $1::text AND $2::bytea IS NULL',
    ),
  };
}
const drepSql = ({ hash }: DRepKey) => (hash === null ? 'predefined' : 'registered');

const DREP_SQL = byDRepKind(readSqlFile('governance_dreps_drep_id'));
const DREPS_SQL = sqlByDirection(readSqlFile('governance_dreps'));
const UPDATES_SQL = sqlByDirection(readSqlFile('governance_dreps_drep_id_updates'));
const delegators = byDRepKind(readSqlFile('governance_dreps_drep_id_delegators'));
/** GET /governance/dreps/{drep_id}/delegators' statements by DRep kind and order (the benchmark's baseline runs them too). */
export const DREP_DELEGATORS_SQL = {
  registered: sqlByDirection(delegators.registered),
  predefined: sqlByDirection(delegators.predefined),
};
const COMMITTEE_SQL = readSqlFile('governance_committee');
const METADATA_SQL = readSqlFile('governance_dreps_drep_id_metadata');

/** A DRep as the tables name it: drep_kind key | script | abstain | no_confidence, the hash hex (null for the last two). */
export interface DRepKey {
  kind: 'key' | 'script' | 'abstain' | 'no_confidence';
  hash: string | null;
}

const drepParams = ({ kind, hash }: DRepKey) => [kind, hash === null ? null : hexBytes(hash)];

/** Amounts are lovelace as decimal strings. */
export interface DRepRow {
  amount: string;
  registered: boolean;
  active_epoch: number | null;
  last_active_epoch: number | null;
  expired: boolean;
}

/** The DRep's state, or null when nothing on chain or in a snapshot names it. */
export async function governanceDRep(db: PrismaClient, drep: DRepKey): Promise<DRepRow | null> {
  return (await queryRows<DRepRow>(db, DREP_SQL[drepSql(drep)], drepParams(drep)))[0] ?? null;
}

/** A DRep's latest anchor, with the document the indexer fetched (null columns until one was). */
export interface DRepAnchorRow {
  anchor_url: string | null;
  anchor_hash: string | null;
  json_metadata: string | number | boolean | unknown[] | { [key: string]: unknown } | null;
  /** `\x` and the hex of the fetched document */
  bytes: string | null;
  error_code: string | null;
  error_message: string | null;
}

export interface DRepListRow extends DRepAnchorRow {
  drep_kind: DRepKey['kind'];
  drep_hash: string | null;
  amount: string;
  retired: boolean;
  expired: boolean;
  last_active_epoch: number | null;
}

/** The DRep's latest anchor and its document, or null when no certificate of the DRep has an anchor. */
export async function governanceDRepMetadata(
  db: PrismaClient,
  drep: DRepKey,
): Promise<(DRepAnchorRow & { anchor_url: string; anchor_hash: string }) | null> {
  type Row = DRepAnchorRow & { anchor_url: string; anchor_hash: string };
  return (await queryRows<Row>(db, METADATA_SQL, drepParams(drep)))[0] ?? null;
}

export interface DRepListParams extends PageParams {
  byAmount: boolean;
  retired: boolean | null;
  expired: boolean | null;
}

/** One page of every DRep named on chain. */
export function governanceDReps(
  db: PrismaClient,
  { byAmount, retired, expired, limit, offset, order }: DRepListParams,
): Promise<DRepListRow[]> {
  return queryRows<DRepListRow>(db, DREPS_SQL[order], [byAmount, retired, expired, limit, offset]);
}

export interface DRepUpdateRow {
  tx_hash: string;
  cert_index: number;
  action: 'registered' | 'deregistered' | 'updated';
  deposit: string | null;
}

/** One page of the DRep's certificates in chain order. */
export function governanceDRepUpdates(
  db: PrismaClient,
  drep: DRepKey,
  { limit, offset, order }: PageParams,
): Promise<DRepUpdateRow[]> {
  return queryRows<DRepUpdateRow>(db, UPDATES_SQL[order], [...drepParams(drep), limit, offset]);
}

export interface DRepDelegatorRow {
  address: string;
  amount: string;
}

/** One page of the stake addresses whose vote is delegated to the DRep. */
export function governanceDRepDelegators(
  db: PrismaClient,
  drep: DRepKey,
  { limit, offset, order }: PageParams,
): Promise<DRepDelegatorRow[]> {
  const sql = DREP_DELEGATORS_SQL[drepSql(drep)][order];
  return queryRows<DRepDelegatorRow>(db, sql, [...drepParams(drep), limit, offset]);
}

export interface CommitteeMemberRow {
  cold_kind: 'key' | 'script';
  cold_hash: string;
  hot_status: 'none' | 'authorized' | 'resigned';
  hot_kind: 'key' | 'script' | null;
  hot_hash: string | null;
  mandate_epoch: number | null;
}

export interface CommitteeSnapshotResult {
  epoch: number;
  /** null when the ledger had no committee */
  quorum: { numerator: string; denominator: string } | null;
  members: CommitteeMemberRow[];
}

/** The committee of the latest epoch snapshot, or null before the first one. */
export async function governanceCommittee(db: PrismaClient): Promise<CommitteeSnapshotResult | null> {
  type Row = Partial<CommitteeMemberRow> & {
    epoch: number;
    quorum_numerator: string | null;
    quorum_denominator: string | null;
  };
  const rows = await queryRows<Row>(db, COMMITTEE_SQL);
  const [first] = rows;
  if (first === undefined) return null;
  return {
    epoch: first.epoch,
    quorum:
      first.quorum_numerator === null || first.quorum_denominator === null
        ? null
        : { numerator: first.quorum_numerator, denominator: first.quorum_denominator },
    members: rows.filter((row) => row.cold_hash != null) as CommitteeMemberRow[],
  };
}
