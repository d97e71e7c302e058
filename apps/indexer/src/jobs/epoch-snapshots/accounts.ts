import { createLedgerStateQueryClient, type InteractionContext } from '@cardano-ogmios/client';
import { setTimeout } from 'node:timers/promises';
import { readSqlFile, withNamedParameters, type PrismaClient } from '@frostline/db';
import { atOneLedgerState } from '../../chain-sync/ogmios.js';

const SNAPSHOT_SQL = withNamedParameters(readSqlFile('epoch_stake_snapshot'), ['boundary_tx_id']);
/** How long a snapshot waits for the index to reach the ledger tip: a few blocks' time on a live chain. */
const TIP_WAIT_MS = 120_000;

export interface AccountStakeSnapshot {
  /** the epoch whose stake distribution the snapshot is (db-sync's epoch_stake label) */
  activeEpoch: number;
  accounts: number;
}

/**
 * Stores every delegated account's stake and pool as the ledger counted them at the start of the epoch
 * the node is in, the distribution of the next epoch (docs/semantics.md#stake-snapshots). The figures
 * are the index's stake balances and the reward balances last read from the node, so the snapshot waits
 * (a while) for the index to reach the ledger tip: a reward balance read there has the withdrawals
 * of every block up to it taken off, which the snapshot adds back from the blocks it has. It is taken only
 * when the newest indexed block is in the node's epoch (an indexer catching up holds the state of an
 * earlier one, and takes none at once), nor once `stopping` says the worker is closing (a restart asks again),
 * nor when the epoch's snapshot was taken from the boundary the index holds now: the epoch-change job runs
 * again in the same epoch after every restart, and only a rollback across the boundary changes its state.
 * Returns null when it took none.
 */
export async function snapshotAccountStakes(
  prisma: PrismaClient,
  ogmios: InteractionContext,
  stopping: () => boolean = () => false,
): Promise<AccountStakeSnapshot | null> {
  const client = await createLedgerStateQueryClient(ogmios);
  // One state for both: an epoch change between two queries would pair a tip with the epoch before it.
  const [epoch, tip] = await atOneLedgerState(client, () =>
    Promise.all([client.epoch(), client.ledgerTip()]),
  );
  const slot = tip === 'origin' ? 0n : BigInt(tip.slot);
  const deadline = Date.now() + TIP_WAIT_MS;
  for (;;) {
    const [indexed] = await prisma.$queryRawUnsafe<{ epoch: number; slot: bigint }[]>(
      `SELECT b.epoch, b.slot FROM block b WHERE b.era <> 'genesis' ORDER BY b.id DESC LIMIT 1`,
    );
    // An index in an earlier epoch is catching up: the node's boundary is not the index's to snapshot.
    if (indexed === undefined || indexed.epoch !== Number(epoch)) return null;
    if (await takenAtThisBoundary(prisma, Number(epoch))) return null;
    if (BigInt(indexed.slot) >= slot) return storeAccountStakeSnapshot(prisma, Number(epoch), slot);
    if (Date.now() >= deadline || stopping()) return null;
    await setTimeout(500);
  }
}

/** The hash of epoch $1's first block: which boundary a snapshot taken in $1 was read from. */
const FIRST_BLOCK_HASH_SQL = `SELECT b.hash FROM block b WHERE b.epoch = $1 AND b.era <> 'genesis' ORDER BY b.epoch, b.id LIMIT 1`;

/** The boundary that began an epoch: the last transaction before it and the epoch's first block (hex). */
export interface EpochBoundary {
  /** of the newest transaction when the epoch has none yet */
  last_tx_id: bigint;
  first_block: string | null;
}

export async function epochBoundary(prisma: PrismaClient, epoch: number): Promise<EpochBoundary> {
  // The boundary as a parameter of the queries that follow, so that the planner sees how few of the
  // transactions follow it.
  const [boundary] = await prisma.$queryRawUnsafe<EpochBoundary[]>(
    `SELECT coalesce(
       (SELECT t.id - 1 FROM tx t
        WHERE t.block_id >= (SELECT min(b.id) FROM block b WHERE b.epoch = $1 AND b.era <> 'genesis')
        ORDER BY t.id LIMIT 1),
       (SELECT max(t.id) FROM tx t),
       0) AS last_tx_id,
     encode((${FIRST_BLOCK_HASH_SQL}), 'hex') AS first_block`,
    epoch,
  );
  return boundary!;
}

/** Whether the snapshot taken in `epoch` is there and was read from the boundary the index holds now. */
async function takenAtThisBoundary(prisma: PrismaClient, epoch: number): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<unknown[]>(
    `SELECT 1 FROM epoch_stake_snapshot z WHERE z.epoch = $1::int4 + 1 AND z.boundary_hash = (${FIRST_BLOCK_HASH_SQL})`,
    epoch,
  );
  return rows.length > 0;
}

/**
 * The snapshot of the boundary that began `epoch`, read from the index: stored whole or not at all, and
 * taken again (after a rollback across the boundary) it replaces the epoch's earlier one.
 */
export async function storeAccountStakeSnapshot(
  prisma: PrismaClient,
  epoch: number,
  slot: bigint,
): Promise<AccountStakeSnapshot> {
  const boundary = await epochBoundary(prisma, epoch);
  // A batch, not an interactive transaction (which expires after 5 s; a mainnet snapshot takes longer).
  const [, , stored] = await prisma.$transaction([
    prisma.$executeRawUnsafe('SET LOCAL enable_nestloop = off'),
    prisma.$executeRawUnsafe('DELETE FROM epoch_stake WHERE epoch = $1', epoch + 1),
    prisma.$queryRawUnsafe<{ accounts: number }[]>(
      SNAPSHOT_SQL.text,
      epoch,
      slot,
      boundary.last_tx_id,
      boundary.first_block,
      ...SNAPSHOT_SQL.values({ boundary_tx_id: boundary.last_tx_id }),
    ),
  ]);
  return { activeEpoch: epoch + 1, accounts: stored[0]!.accounts };
}
