import { createLedgerStateQueryClient, type InteractionContext } from '@cardano-ogmios/client';
import { readSqlFile, type PrismaClient } from '@frostline/db';

const SNAPSHOT_SQL = readSqlFile('epoch_stake_snapshot');

export interface AccountStakeSnapshot {
  /** the epoch whose stake distribution the snapshot is (db-sync's epoch_stake label) */
  activeEpoch: number;
  accounts: number;
}

/**
 * Stores every delegated account's stake and pool as the ledger counted them at the start of the epoch
 * the node is in, the distribution of the next epoch (docs/semantics.md#stake-snapshots). The figures
 * are the index's stake balances and the reward balances last read from the node, so the snapshot is
 * taken only when the newest indexed block is in the node's epoch: an indexer catching up holds the
 * state of an earlier epoch. Returns null when it took none.
 */
export async function snapshotAccountStakes(
  prisma: PrismaClient,
  ogmios: InteractionContext,
): Promise<AccountStakeSnapshot | null> {
  const client = await createLedgerStateQueryClient(ogmios);
  const [epoch, tip] = await Promise.all([client.epoch(), client.ledgerTip()]);
  const indexed = await prisma.$queryRawUnsafe<{ epoch: number }[]>(
    `SELECT b.epoch FROM block b WHERE b.era <> 'genesis' ORDER BY b.id DESC LIMIT 1`,
  );
  if (indexed[0]?.epoch !== Number(epoch)) return null;
  return storeAccountStakeSnapshot(prisma, Number(epoch), tip === 'origin' ? 0n : BigInt(tip.slot));
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
  // A batch, not an interactive transaction (which expires after 5 s; a mainnet snapshot takes longer).
  const [, stored] = await prisma.$transaction([
    prisma.$executeRawUnsafe('DELETE FROM epoch_stake WHERE epoch = $1', epoch + 1),
    prisma.$queryRawUnsafe<{ accounts: number }[]>(SNAPSHOT_SQL, epoch, slot),
  ]);
  return { activeEpoch: epoch + 1, accounts: stored[0]!.accounts };
}
