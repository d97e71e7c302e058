import { createLedgerStateQueryClient } from '@cardano-ogmios/client';
import { createPrismaClient } from '@frostline/db';
import { connectOgmios } from '../chain-sync/ogmios.js';
import { indexedDevnet } from '../test-support/indexer.js';
import { refreshEraSummaries, storeEraSummaries } from './genesis-and-eras.js';

describe('genesis and era summaries for /genesis and /network/eras', () => {
  it('are stored at startup as the node answers them, and era summaries are replaced on refresh', async () => {
    const env = await indexedDevnet([]);
    const prisma = createPrismaClient(env.db.url);
    const ogmios = await connectOgmios(new URL(env.devnet.url));
    try {
      const client = await createLedgerStateQueryClient(ogmios);
      const [shelley, summaries] = await Promise.all([
        client.genesisConfiguration('shelley'),
        client.eraSummaries(),
      ]);
      expect(await prisma.genesis.findMany()).toEqual([
        {
          id: 1,
          activeSlotsCoefficient: 0.05,
          updateQuorum: Number(shelley.updateQuorum),
          maxLovelaceSupply: BigInt(shelley.maxLovelaceSupply),
          networkMagic: BigInt(shelley.networkMagic),
          epochLength: Number(shelley.epochLength),
          systemStart: BigInt(new Date(shelley.startTime).getTime() / 1000),
          slotsPerKesPeriod: Number(shelley.slotsPerKesPeriod),
          slotLengthMs: Number(shelley.slotLength.milliseconds),
          maxKesEvolutions: Number(shelley.maxKesEvolutions),
          securityParam: Number(shelley.securityParameter),
        },
      ]);
      expect(shelley.activeSlotsCoefficient).toBe('1/20');

      const stored = () => prisma.eraSummary.findMany({ orderBy: { index: 'asc' } });
      const asOgmios = (await stored()).map((row) => ({
        start: {
          time: { seconds: Number(row.startTime) },
          slot: Number(row.startSlot),
          epoch: row.startEpoch,
        },
        ...(row.endEpoch === null
          ? {}
          : {
              end: { time: { seconds: Number(row.endTime) }, slot: Number(row.endSlot), epoch: row.endEpoch },
            }),
        parameters: {
          epochLength: row.epochLength,
          slotLength: { milliseconds: row.slotLengthMs },
          safeZone: row.safeZone,
        },
      }));
      expect(asOgmios).toEqual(
        JSON.parse(
          JSON.stringify(summaries, (_key, value) => (typeof value === 'bigint' ? Number(value) : value)),
        ),
      );
      expect(asOgmios.length).toBeGreaterThan(1);

      await storeEraSummaries(prisma, []);
      expect(await stored()).toEqual([]);
      await refreshEraSummaries(prisma, ogmios);
      expect((await stored()).length).toBe(asOgmios.length);
    } finally {
      ogmios.socket.close();
      await prisma.$disconnect();
      await env.close();
    }
  });
});
