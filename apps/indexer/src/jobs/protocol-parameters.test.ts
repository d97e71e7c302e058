import { createLedgerStateQueryClient, Method } from '@cardano-ogmios/client';
import { createPrismaClient } from '@frostline/db';
import { connectOgmios } from '../chain-sync/ogmios.js';
import { indexedDevnet } from '../test-support/indexer.js';
import { refreshProtocolParameters } from './protocol-parameters.js';

const stored = async (databaseUrl: string) => {
  const prisma = createPrismaClient(databaseUrl);
  try {
    return await prisma.protocolParameters.findMany({ select: { epoch: true, params: true, nonce: true } });
  } finally {
    await prisma.$disconnect();
  }
};

describe('protocol parameters for the local evaluator and /epochs/{number}/parameters', () => {
  it('are stored at startup under the node epoch with the epoch nonce, exactly as Ogmios answers them, and refreshed in place', async () => {
    const env = await indexedDevnet([]);
    try {
      const ogmios = await connectOgmios(new URL(env.devnet.url));
      try {
        const client = await createLedgerStateQueryClient(ogmios);
        const [epoch, parameters] = await Promise.all([client.epoch(), client.protocolParameters()]);
        const { epochNonce } = (await Method({ method: 'queryLedgerState/nonces' }, {}, ogmios)) as {
          epochNonce: string;
        };
        const rows = await stored(env.db.url);
        // Lovelace amounts come as bigint from the client and are stored as the JSON numbers Ogmios sent.
        const asJson = JSON.parse(
          JSON.stringify(parameters, (_key, value: unknown) =>
            typeof value === 'bigint' ? Number(value) : value,
          ),
        );
        expect(rows).toEqual([
          {
            epoch: Number(epoch),
            params: asJson,
            nonce: epochNonce === 'neutral' ? null : Buffer.from(epochNonce, 'hex'),
          },
        ]);
        expect(rows[0].params).toMatchObject({
          plutusCostModels: expect.objectContaining({ 'plutus:v3': expect.any(Array) }),
          maxExecutionUnitsPerTransaction: { memory: expect.any(Number), cpu: expect.any(Number) },
        });

        // What the refresh asks on the connection: the three answers from one acquired ledger state.
        const asked: string[] = [];
        const send = ogmios.socket.send.bind(ogmios.socket);
        ogmios.socket.send = ((data: string, ...rest: never[]) => {
          asked.push((JSON.parse(data) as { method: string }).method);
          return send(data, ...rest);
        }) as typeof ogmios.socket.send;
        const prisma = createPrismaClient(env.db.url);
        try {
          expect(await refreshProtocolParameters(prisma, ogmios)).toBe(Number(epoch));
        } finally {
          await prisma.$disconnect();
        }
        expect(asked.slice(0, 2)).toEqual(['queryLedgerState/tip', 'acquireLedgerState']);
        expect(asked.slice(2, 5).sort()).toEqual([
          'queryLedgerState/epoch',
          'queryLedgerState/nonces',
          'queryLedgerState/protocolParameters',
        ]);
        expect(asked.slice(5)).toEqual(['releaseLedgerState']);
        expect(await stored(env.db.url)).toEqual(rows);
      } finally {
        ogmios.socket.close();
      }
    } finally {
      await env.close();
    }
  });
});
