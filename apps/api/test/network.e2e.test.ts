import { readFileSync } from 'node:fs';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { startDevnet, type Devnet } from '@frostline/devnet';
import { startIndexer } from '@frostline/indexer/app';
import { indexerConfig, silentLogger } from '@frostline/indexer/testing/indexer';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getValid, startApp, testConfig } from './support/test-app.js';

// /genesis, /network/eras and /network on what the real indexer stores when it starts against a node
// (the devnet serving a public network's genesis files), compared with blockfrost-tests' fixtures.

const testData = (name: string) =>
  JSON.parse(readFileSync(new URL(`../test-data/${name}`, import.meta.url), 'utf8'));

interface Started {
  app: NestFastifyApplication;
  close(): Promise<void>;
}

/** A database filled by the indexer's startup against a devnet of `network` (no blocks yet), and the API on it. */
async function indexedAtStartup(network: 'mainnet' | 'preprod'): Promise<Started> {
  const devnet: Devnet = await startDevnet({ chain: { blocks: [] }, network, port: 0 });
  const db: TestDatabase = await createTestDatabase();
  const running = await startIndexer(indexerConfig(db.url, devnet.url, { network }), silentLogger);
  await running.stop();
  await devnet.close();
  const app = await startApp(testConfig(db, { NETWORK: network }));
  return {
    app,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

describe.each(['mainnet', 'preprod'] as const)('%s', (network) => {
  let started: Started;
  beforeAll(async () => {
    started = await indexedAtStartup(network);
  }, 120_000);
  afterAll(() => started.close());

  it('GET /genesis is the network genesis as blockfrost-tests expects', async () => {
    const [fixture] = testData(`${network}-genesis.json`);
    for (const url of [`/${fixture.endpoints[0]}`, '/api/v0/genesis']) {
      const { status, body } = await getValid(started.app, '/genesis', url);
      expect([status, body]).toEqual([200, fixture.response]);
    }
  });
});

describe('mainnet eras, supply and genesis block', () => {
  let started: Started;
  beforeAll(async () => {
    started = await indexedAtStartup('mainnet');
  }, 120_000);
  afterAll(() => started.close());

  it('GET /network/eras lists every era as blockfrost-tests expects, the current one ending ahead', async () => {
    const [fixture] = testData('mainnet-network-eras.json');
    const expected = fixture.response as {
      start: object;
      end: { epoch: number; slot: unknown };
      parameters: object;
    }[];
    const { status, body } = await getValid(started.app, '/network/eras', '/network/eras');
    expect(status).toBe(200);
    expect(body.slice(0, -1)).toEqual(expected.slice(0, -1));
    const [current, currentExpected] = [body.at(-1), expected.at(-1)!];
    expect({ start: current.start, parameters: current.parameters }).toEqual({
      start: currentExpected.start,
      parameters: currentExpected.parameters,
    });
    // The node's tip is unknown before the first block: the era then ends one epoch after its start.
    expect(current.end).toEqual({
      epoch: current.start.epoch + 1,
      slot: current.start.slot + 432000,
      time: current.start.time + 432000,
    });
  });

  it('GET /blocks/{hash} serves the genesis pseudo-block the indexer seeded as blockfrost-tests expects', async () => {
    const [genesisFixture] = testData('mainnet-blocks-hash-or-number.json');
    const { status, body } = await getValid(
      started.app,
      '/blocks/{hash_or_number}',
      `/${genesisFixture.endpoints[0]}`,
    );
    expect(status).toBe(200);
    // No block was indexed after it yet: no next block, and it is the tip.
    expect(body).toEqual({ ...genesisFixture.response, next_block: null, confirmations: 0 });
  });

  it('GET /network: all of the genesis distribution circulates, the rest of the maximum is in reserve', async () => {
    const { status, body } = await getValid(started.app, '/network', '/network');
    expect(status).toBe(200);
    const genesisFunds = '31112484745000000'; // the genesis block's output above
    expect(body).toEqual({
      supply: {
        max: '45000000000000000',
        total: genesisFunds,
        circulating: genesisFunds,
        locked: '0',
        treasury: '0',
        reserves: String(45000000000000000n - BigInt(genesisFunds)),
      },
      stake: { live: '0', active: '0' },
    });
  });
});
