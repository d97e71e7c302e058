import { createLedgerStateQueryClient, Method } from '@cardano-ogmios/client';
import { poolIdFromHash } from '@frostline/model';
import { connectOgmios } from '../../chain-sync/ogmios.js';
import { snapshotPools } from './pools.js';
import { generatedDevnet, prismaDatabase } from '../../test-support/lifecycle.js';

// The ledger's pool figures at an epoch's start, stored as Ogmios gives them, under the node's epoch.
describe('the pool snapshot of the epoch the node is in', () => {
  const net = generatedDevnet();
  const database = prismaDatabase();

  const raw = (ogmios: Awaited<ReturnType<typeof connectOgmios>>, method: string, params?: object) =>
    Method<{ method: string; params?: object }, { method: string }, any>(
      { method, ...(params ? { params } : {}) },
      {},
      ogmios,
    );

  it('stores each registered pool’s stake and the pots, once per epoch', async () => {
    const ogmios = await connectOgmios(new URL(net.devnet.url));
    try {
      const epoch = Number(await (await createLedgerStateQueryClient(ogmios)).epoch());
      const pools = await raw(ogmios, 'queryLedgerState/stakePools', { includeStake: true });
      const pots = await raw(ogmios, 'queryLedgerState/treasuryAndReserves');
      const ids = Object.keys(pools);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.some((id) => BigInt(pools[id].stake.ada.lovelace) > 0n)).toBe(true);

      expect(await snapshotPools(database.prisma, ogmios)).toEqual({ epoch, pools: ids.length });
      const stakes = await database.prisma.poolStakeSnapshot.findMany({ orderBy: { poolHash: 'asc' } });
      expect(
        Object.fromEntries(
          stakes.map((row) => [poolIdFromHash(Buffer.from(row.poolHash).toString('hex')), row]),
        ),
      ).toEqual(
        Object.fromEntries(
          ids.map((id) => [
            id,
            { epoch, poolHash: expect.any(Uint8Array), stake: BigInt(pools[id].stake.ada.lovelace) },
          ]),
        ),
      );
      expect(await database.prisma.poolSnapshotEpoch.findMany()).toEqual([
        {
          epoch,
          treasury: BigInt(pots.treasury.ada.lovelace),
          reserves: BigInt(pots.reserves.ada.lovelace),
          takenAt: expect.any(Date),
        },
      ]);

      // A second run in the same epoch (a restart) keeps the first snapshot.
      await database.prisma.$executeRawUnsafe('UPDATE pool_stake_snapshot SET stake = stake + 1');
      expect(await snapshotPools(database.prisma, ogmios)).toEqual({ epoch, pools: 0 });
      const again = await database.prisma.poolStakeSnapshot.findMany({ orderBy: { poolHash: 'asc' } });
      expect(again.map((row) => row.stake)).toEqual(stakes.map((row) => row.stake + 1n));
      expect(await database.prisma.poolSnapshotEpoch.count()).toBe(1);
    } finally {
      ogmios.socket.close();
    }
  });
});
