import { createLedgerStateQueryClient, type InteractionContext } from '@cardano-ogmios/client';
import { readSqlFile, withNamedParameters, type PrismaClient } from '@frostline/db';
import {
  decodePoolRegistrations,
  hexToBytes,
  poolIdFromHash,
  poolParamsActiveIn,
  type PoolRegistration,
} from '@frostline/model';
import { epochBoundary } from './accounts.js';

const BALANCES_SQL = withNamedParameters(readSqlFile('reward_boundary_balances'), ['boundary_tx_id']);
const UNREAD_SQL = withNamedParameters(readSqlFile('reward_boundary_unread'), ['boundary_tx_id']);
const CHANGES_SQL = withNamedParameters(readSqlFile('reward_boundary_changes'), [
  'boundary_tx_id',
  'previous_tx_id',
]);
const POOLS_SQL = withNamedParameters(readSqlFile('reward_boundary_pools'), ['boundary_tx_id']);

export type RewardType = 'leader' | 'member' | 'pool_deposit_refund';

export interface Reward {
  stakeAddressId: string;
  type: RewardType;
  amount: bigint;
  earnedEpoch: number;
  poolHash: string;
}

export interface RewardSnapshot {
  /** the epoch whose boundary paid the rewards */
  epoch: number;
  /** false when the previous boundary's balances (or the distribution paid for) were not there */
  paid: boolean;
  rewards: number;
  unattributed: number;
}

/** What an account's reward balance gained at a boundary besides what the chain says. */
export interface AccountChange {
  stakeAddressId: string;
  /** header byte + credential (hex), as a pool's reward account holds it */
  hashRaw: string;
  amount: bigint;
  /** a treasury withdrawal to it may or may not have been enacted */
  uncertain: boolean;
  /** its pool in the distribution the rewards are for (hex), if it was in it */
  memberOf: string | null;
}

/** A pool as the boundary's rewards see it: the parameters they use and the blocks they pay for. */
export interface BoundaryPool {
  poolHash: string;
  /** the parameters of the distribution the rewards are for; null when it registered after */
  params: Pick<PoolRegistration, 'rewardAccount' | 'owners'> | null;
  /** the blocks it made in the epoch the rewards are for */
  blocks: number;
  /** the reward account its deposit is refunded to, when it retires at the boundary */
  refundTo: string | null;
}

/** A reward account's credential whatever its network tag: a pool may name one of another network. */
const credentialOf = (rawHex: string) =>
  `${parseInt(rawHex.slice(0, 2), 16) & 0x10 ? 'script' : 'key'}:${rawHex.slice(2).toLowerCase()}`;

/**
 * Splits what each account gained at the boundary that began `epoch` by source
 * (docs/semantics.md#rewards): the deposit refunds of the pools retiring there to their reward accounts, then the
 * rest as the rewards of the blocks of `epoch` − 2: to a pool's reward account its leader reward, to a member of a
 * pool (not an owner of it) its member reward. An account with one possible source gets the rest from it; one
 * with two or more (a leader of two pools, a leader that is also a member), one whose rest is negative or has no
 * source, and one an uncertain treasury withdrawal may have paid, get no row: `unattributed` counts them.
 */
export function attributeRewards(
  epoch: number,
  changes: AccountChange[],
  pools: BoundaryPool[],
  poolDeposit: bigint | null,
): { rewards: Reward[]; unattributed: AccountChange[] } {
  const leaderOf = new Map<string, string[]>();
  const ownersOf = new Map<string, Set<string>>();
  const refundsTo = new Map<string, string[]>();
  for (const pool of pools) {
    if (pool.params !== null) {
      ownersOf.set(pool.poolHash, new Set(pool.params.owners.map((owner) => `key:${owner}`)));
      if (pool.blocks > 0) {
        const leader = credentialOf(pool.params.rewardAccount);
        leaderOf.set(leader, [...(leaderOf.get(leader) ?? []), pool.poolHash]);
      }
    }
    if (pool.refundTo !== null) {
      const to = credentialOf(pool.refundTo);
      refundsTo.set(to, [...(refundsTo.get(to) ?? []), pool.poolHash]);
    }
  }
  const rewards: Reward[] = [];
  const unattributed: AccountChange[] = [];
  for (const change of changes) {
    const credential = credentialOf(change.hashRaw);
    const refunds = refundsTo.get(credential) ?? [];
    const rest = change.amount - (poolDeposit ?? 0n) * BigInt(refunds.length);
    const member =
      change.memberOf !== null && !ownersOf.get(change.memberOf)?.has(credential) ? [change.memberOf] : [];
    const sources = [
      ...(leaderOf.get(credential) ?? []).map((poolHash) => ({ type: 'leader' as const, poolHash })),
      ...member.map((poolHash) => ({ type: 'member' as const, poolHash })),
    ];
    const refundUnknown = refunds.length > 0 && poolDeposit === null;
    if (change.uncertain || refundUnknown || rest < 0n || (rest > 0n && sources.length !== 1)) {
      unattributed.push(change);
      continue;
    }
    const of = { stakeAddressId: change.stakeAddressId };
    for (const poolHash of refunds)
      rewards.push({
        ...of,
        type: 'pool_deposit_refund',
        amount: poolDeposit!,
        earnedEpoch: epoch,
        poolHash,
      });
    if (rest > 0n) rewards.push({ ...of, ...sources[0]!, amount: rest, earnedEpoch: epoch - 2 });
  }
  return { rewards, unattributed };
}

/**
 * The rewards the boundary the node is past paid (docs/semantics.md#rewards): each registered account's reward
 * balance there (the balances the epoch change just read, withdrawals since added back), and, when the previous
 * boundary's balances and the distribution the rewards are for are stored, what changed between the two split by
 * source into `reward` rows. Taken, as the stake snapshot, only once the index is in the node's epoch and holds the
 * blocks up to every balance's read, and again only after a rollback across the boundary changed its first block.
 * Returns null when it took nothing.
 */
export async function snapshotRewards(
  prisma: PrismaClient,
  ogmios: InteractionContext,
  warn: (details: object, message: string) => void,
): Promise<RewardSnapshot | null> {
  const client = await createLedgerStateQueryClient(ogmios);
  const epoch = Number(await client.epoch());
  const [state] = await prisma.$queryRawUnsafe<
    { epoch: number; slot: bigint; first_slot: bigint | null; next_slot: bigint | null; taken: boolean }[]
  >(
    `SELECT b.epoch, b.slot,
       (SELECT min(f.slot) FROM block f WHERE f.epoch = $1 AND f.era <> 'genesis') AS first_slot,
       (SELECT min(f.slot) FROM block f WHERE f.epoch > $1) AS next_slot,
       EXISTS (SELECT 1 FROM reward_boundary z WHERE z.epoch = $1 AND z.boundary_hash =
         (SELECT f.hash FROM block f WHERE f.epoch = $1 AND f.era <> 'genesis' ORDER BY f.id LIMIT 1)) AS taken
     FROM block b WHERE b.era <> 'genesis' ORDER BY b.id DESC LIMIT 1`,
    epoch,
  );
  if (state === undefined || state.epoch !== epoch || state.taken || state.first_slot === null) return null;
  const boundary = await epochBoundary(prisma, epoch);
  const before = state.next_slot ?? BigInt(state.slot) + 1n;
  const [{ unread }] = (await prisma.$queryRawUnsafe<{ unread: number }[]>(
    UNREAD_SQL.text,
    state.first_slot,
    before,
    ...UNREAD_SQL.values({ boundary_tx_id: boundary.last_tx_id }),
  )) as [{ unread: number }];
  if (unread > 0) {
    warn({ epoch, unread }, 'reward balances not read at the boundary: its rewards are not taken');
    return null;
  }
  const previous = await epochBoundary(prisma, epoch - 1);
  const [known] = await prisma.$queryRawUnsafe<{ paid: boolean; deposit: string | null }[]>(
    `SELECT
       EXISTS (SELECT 1 FROM reward_boundary z WHERE z.epoch = $1 - 1 AND z.boundary_hash =
         (SELECT f.hash FROM block f WHERE f.epoch = $1 - 1 AND f.era <> 'genesis' ORDER BY f.id LIMIT 1))
       AND EXISTS (SELECT 1 FROM epoch_stake_snapshot s WHERE s.epoch = $1 - 2)
       AND EXISTS (SELECT 1 FROM governance_snapshot g WHERE g.epoch = $1 - 1)
       AND EXISTS (SELECT 1 FROM governance_snapshot g WHERE g.epoch = $1) AS paid,
       (SELECT p.params->'stakePoolDeposit'->'ada'->>'lovelace' FROM protocol_parameters p WHERE p.epoch = $1) AS deposit`,
    epoch,
  );
  // The balances first, in their own transaction: the changes are read from them.
  await prisma.$transaction([
    prisma.$executeRawUnsafe('DELETE FROM reward_boundary_balance WHERE epoch = $1 OR epoch < $1 - 1', epoch),
    prisma.$executeRawUnsafe(
      BALANCES_SQL.text,
      epoch,
      ...BALANCES_SQL.values({ boundary_tx_id: boundary.last_tx_id }),
    ),
  ]);
  let rewards: Reward[] = [];
  let unattributed: AccountChange[] = [];
  const pools = known!.paid ? await boundaryPools(prisma, epoch, boundary.last_tx_id) : [];
  // A pool that made blocks and whose registration the index lacks (it began later) has a leader we cannot name,
  // who may be any account: nothing of the boundary can be split.
  const unnamed = pools.filter((pool) => pool.blocks > 0 && pool.params === null);
  if (unnamed.length > 0) warn({ epoch, pools: unnamed.length }, 'pools paid without a known registration');
  const paid = known!.paid && unnamed.length === 0;
  if (paid) {
    ({ rewards, unattributed } = attributeRewards(
      epoch,
      await accountChanges(prisma, epoch, boundary.last_tx_id, previous.last_tx_id),
      pools,
      known!.deposit === null ? null : BigInt(known!.deposit),
    ));
    if (unattributed.length > 0)
      warn(
        { epoch, accounts: unattributed.length, example: unattributed[0]!.stakeAddressId },
        'rewards not split by source: no reward rows for these accounts',
      );
  }
  await prisma.$transaction([
    prisma.$executeRawUnsafe('DELETE FROM reward WHERE spendable_epoch = $1', epoch),
    prisma.$executeRawUnsafe(
      `INSERT INTO reward (stake_address_id, type, amount, earned_epoch, spendable_epoch, pool_hash)
       SELECT r.id::int8, r.type, r.amount::int8, r.earned, $1, decode(r.pool, 'hex')
       FROM unnest($2::text[], $3::text[], $4::text[], $5::int4[], $6::text[]) AS r(id, type, amount, earned, pool)`,
      epoch,
      rewards.map((r) => r.stakeAddressId),
      rewards.map((r) => r.type),
      rewards.map((r) => r.amount.toString()),
      rewards.map((r) => r.earnedEpoch),
      rewards.map((r) => r.poolHash),
    ),
    prisma.$executeRawUnsafe(
      `INSERT INTO reward_boundary (epoch, boundary_hash, paid, unattributed) VALUES ($1, decode($2, 'hex'), $3, $4)
       ON CONFLICT (epoch) DO UPDATE SET boundary_hash = EXCLUDED.boundary_hash, paid = EXCLUDED.paid,
         unattributed = EXCLUDED.unattributed, taken_at = now()`,
      epoch,
      boundary.first_block,
      paid,
      unattributed.length,
    ),
  ]);
  return { epoch, paid, rewards: rewards.length, unattributed: unattributed.length };
}

async function accountChanges(
  prisma: PrismaClient,
  epoch: number,
  boundaryTxId: bigint,
  previousTxId: bigint,
): Promise<AccountChange[]> {
  const rows = await prisma.$queryRawUnsafe<
    {
      stake_address_id: string;
      hash_raw: string;
      amount: string;
      uncertain: boolean;
      member_of: string | null;
    }[]
  >(
    CHANGES_SQL.text,
    epoch,
    ...CHANGES_SQL.values({ boundary_tx_id: boundaryTxId, previous_tx_id: previousTxId }),
  );
  return rows.map((row) => ({
    stakeAddressId: row.stake_address_id,
    hashRaw: row.hash_raw,
    amount: BigInt(row.amount),
    uncertain: row.uncertain,
    memberOf: row.member_of,
  }));
}

async function boundaryPools(
  prisma: PrismaClient,
  epoch: number,
  boundaryTxId: bigint,
): Promise<BoundaryPool[]> {
  const [rows, blocks] = await Promise.all([
    prisma.$queryRawUnsafe<
      {
        pool_hash: string;
        retiring: boolean;
        registrations: { cbor: string; cert_index: number; epoch: number }[];
      }[]
    >(POOLS_SQL.text, epoch, ...POOLS_SQL.values({ boundary_tx_id: boundaryTxId })),
    prisma.$queryRawUnsafe<{ slot_leader: string; blocks: number }[]>(
      `SELECT b.slot_leader, count(*)::int AS blocks FROM block b WHERE b.epoch = $1 GROUP BY b.slot_leader`,
      epoch - 2,
    ),
  ]);
  const made = new Map(blocks.map((row) => [row.slot_leader, row.blocks]));
  return rows.map((row) => {
    const registrations = row.registrations.map((r) => ({
      registration: decodePoolRegistrations(hexToBytes(r.cbor)).find((c) => c.index === r.cert_index)!,
      epoch: r.epoch,
    }));
    return {
      poolHash: row.pool_hash,
      params: poolParamsActiveIn(registrations, epoch - 2),
      blocks: made.get(poolIdFromHash(row.pool_hash)) ?? 0,
      refundTo: row.retiring ? registrations.at(-1)!.registration.rewardAccount : null,
    };
  });
}
