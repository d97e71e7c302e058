import { createLedgerStateQueryClient, type InteractionContext } from '@cardano-ogmios/client';
import { setTimeout } from 'node:timers/promises';
import { readSqlFile, type PrismaClient } from '@frostline/db';

const SNAPSHOT_SQL = readSqlFile('epoch_stake_snapshot');
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
 * earlier one, and takes none at once), nor once `stopping` says the worker is closing (a restart asks again).
 * Returns null when it took none.
 */
export async function snapshotAccountStakes(
  prisma: PrismaClient,
  ogmios: InteractionContext,
  stopping: () => boolean = () => false,
): Promise<AccountStakeSnapshot | null> {
  const client = await createLedgerStateQueryClient(ogmios);
  const [epoch, tip] = await Promise.all([client.epoch(), client.ledgerTip()]);
  const slot = tip === 'origin' ? 0n : BigInt(tip.slot);
  const deadline = Date.now() + TIP_WAIT_MS;
  for (;;) {
    const [indexed] = await prisma.$queryRawUnsafe<{ epoch: number; slot: bigint }[]>(
      `SELECT b.epoch, b.slot FROM block b WHERE b.era <> 'genesis' ORDER BY b.id DESC LIMIT 1`,
    );
    // An index in an earlier epoch is catching up: the node's boundary is not the index's to snapshot.
    if (indexed === undefined || indexed.epoch !== Number(epoch)) return null;
    if (BigInt(indexed.slot) >= slot) return storeAccountStakeSnapshot(prisma, Number(epoch), slot);
    if (Date.now() >= deadline || stopping()) return null;
    await setTimeout(500);
  }
}

/**
 * The snapshot of the boundary that began `epoch`, read from the index: stored whole or not at all, and
 * taken again (after a rollback across the boundary, or a restart) it replaces the epoch's earlier one.
 */
export async function storeAccountStakeSnapshot(
  prisma: PrismaClient,
  epoch: number,
  slot: bigint,
): Promise<AccountStakeSnapshot> {
  // The boundary as a parameter, so that the planner sees how few of the transactions follow it.
  const [boundary] = await prisma.$queryRawUnsafe<{ last_tx_id: bigint }[]>(
    `SELECT coalesce(
       (SELECT t.id - 1 FROM tx t
        WHERE t.block_id >= (SELECT min(b.id) FROM block b WHERE b.epoch = $1 AND b.era <> 'genesis')
        ORDER BY t.id LIMIT 1),
       (SELECT max(t.id) FROM tx t),
       0) AS last_tx_id`,
    epoch,
  );
  // A batch, not an interactive transaction (which expires after 5 s; a mainnet snapshot takes longer).
  const [, , stored] = await prisma.$transaction([
    prisma.$executeRawUnsafe('SET LOCAL enable_nestloop = off'),
    prisma.$executeRawUnsafe('DELETE FROM epoch_stake WHERE epoch = $1', epoch + 1),
    prisma.$queryRawUnsafe<{ accounts: number }[]>(SNAPSHOT_SQL, epoch, slot, boundary!.last_tx_id),
  ]);
  return { activeEpoch: epoch + 1, accounts: stored[0]!.accounts };
}
