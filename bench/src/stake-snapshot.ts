// The epoch-boundary stake snapshot (prisma/sql/epoch_stake_snapshot.sql) on the API phase's mainnet-sized
// ledger (populate.ts: its registrations, delegations to 3,000 pools, stake and reward balances, withdrawals):
// taken at the boundary after the newest block, as the indexer takes it when the node enters the next epoch
// (at its first blocks: only those to take back), then taken again (the replacing path, after a rollback
// across the boundary), with its rows and what they take on disk. Its rows are then copied to the newest
// epoch and those before it (SNAPSHOT_EPOCHS in all), standing for the snapshots the indexer took at the
// earlier boundaries: /epochs/{number}/stakes reads an epoch with blocks.
import { performance } from 'node:perf_hooks';
import { createPrismaClient } from '@frostline/db';
import { storeAccountStakeSnapshot } from '@frostline/indexer/epoch-snapshots/accounts';
import pg from 'pg';
import { SNAPSHOT_EPOCHS } from './staking-population.js';

export interface StakeSnapshotResult {
  /** the epoch whose boundary it was taken at (the one after the newest block's); it is the distribution of the next */
  takenInEpoch: number;
  accounts: number;
  /** the snapshot taken, then taken again over it */
  seconds: { first: number; again: number };
  /** epoch_stake's table and each of its indexes holding the one snapshot, in bytes */
  relationBytes: Record<string, number>;
  /** the epochs given copies of its rows */
  copiedTo: number[];
}

export async function stakeSnapshotBench(
  url: string,
  log: (line: string) => void,
): Promise<StakeSnapshotResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const prisma = createPrismaClient(url);
  try {
    const {
      rows: [tip],
    } = await client.query<{ epoch: number; slot: string }>(
      `SELECT epoch, slot FROM block ORDER BY id DESC LIMIT 1`,
    );
    const epoch = tip!.epoch + 1;
    const timed = async () => {
      const started = performance.now();
      const snapshot = await storeAccountStakeSnapshot(prisma, epoch, BigInt(tip!.slot));
      return { accounts: snapshot.accounts, seconds: (performance.now() - started) / 1000 };
    };
    const first = await timed();
    log(
      `stake snapshot at the boundary of epoch ${epoch}: ${first.accounts} accounts in ${first.seconds.toFixed(1)} s`,
    );
    const { rows: sizes } = await client.query<{ relation: string; bytes: string }>(
      `SELECT c.relname AS relation, pg_relation_size(c.oid) AS bytes FROM pg_class c
       WHERE c.oid = 'epoch_stake'::regclass
          OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'epoch_stake'::regclass)
       ORDER BY c.relname`,
    );
    const again = await timed();
    log(`  taken again: ${again.seconds.toFixed(1)} s`);
    const copiedTo = Array.from({ length: SNAPSHOT_EPOCHS }, (_, i) => tip!.epoch - i).filter((e) => e >= 0);
    for (const e of copiedTo) {
      await client.query(
        `INSERT INTO epoch_stake SELECT $1, position, stake_address_id, pool_hash, amount, rewards FROM epoch_stake WHERE epoch = $2`,
        [e, epoch + 1],
      );
      await client.query(
        `INSERT INTO epoch_stake_snapshot (epoch, taken_in_epoch, slot, accounts, amount)
         SELECT $1, $1 - 1, slot, accounts, amount FROM epoch_stake_snapshot WHERE epoch = $2`,
        [e, epoch + 1],
      );
    }
    await client.query('VACUUM ANALYZE epoch_stake');
    return {
      takenInEpoch: epoch,
      accounts: first.accounts,
      seconds: { first: first.seconds, again: again.seconds },
      relationBytes: Object.fromEntries(sizes.map((row) => [row.relation, Number(row.bytes)])),
      copiedTo,
    };
  } finally {
    await prisma.$disconnect();
    await client.end();
  }
}
