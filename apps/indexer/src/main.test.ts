import { createPrismaClient } from '@frostline/db';
import { createTestDatabase } from '@frostline/db/testing';
import { startDevnet } from '@frostline/devnet';
import { preprodChunkBlocks } from './test-support/chains.js';
import { dumpChainTables } from './test-support/compare-databases.js';
import { testRedisUrl, waitUntil } from './test-support/indexer.js';
import { runIndexerProgram } from './test-support/indexer-process.js';
import { preprodReferenceTables } from './test-support/reference.js';

describe('the indexer program', () => {
  it('exits with one clear line on a bad configuration', async () => {
    const { exited } = runIndexerProgram({
      DATABASE_URL: 'postgresql://x@127.0.0.1/db',
      REDIS_URL: 'redis://127.0.0.1',
      OGMIOS_URL: 'ws://127.0.0.1:1337',
      NETWORK: 'moon',
    });
    const { code, stderr } = await exited;
    expect(code).not.toBe(0);
    expect(stderr.trim()).toBe(
      'indexer: invalid configuration: NETWORK must be one of mainnet, preprod, preview, custom, got "moon"',
    );
  });

  it('loses and doubles nothing when killed in the middle of writing, and stops cleanly on SIGTERM', async () => {
    const blocks = preprodChunkBlocks();
    // Blocks released over ~2 s, so the kill lands while batches are being written.
    const devnet = await startDevnet({ chain: { blocks }, network: 'preprod', port: 0, blockInterval: 2 });
    const db = await createTestDatabase();
    const prisma = createPrismaClient(db.url);
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      OGMIOS_URL: devnet.url,
      NETWORK: 'preprod',
      INDEXER_BATCH_SIZE: '37',
      INDEXER_METRICS_PORT: '0',
      INDEXER_QUEUE_PREFIX: `kill-${process.pid}`,
      LOG_LEVEL: 'silent',
    };
    const storedBlocks = async () =>
      Number(
        (
          await prisma.$queryRawUnsafe<{ n: bigint }[]>(
            `SELECT count(*) AS n FROM block WHERE era <> 'genesis'`,
          )
        )[0]!.n,
      );
    try {
      const first = runIndexerProgram(env);
      await waitUntil(async () => (await storedBlocks()) >= 150, 60_000, 'a first part of the chain');
      first.child.kill('SIGKILL');
      await first.exited;
      expect(await storedBlocks()).toBeLessThan(blocks.length);

      const second = runIndexerProgram(env);
      await waitUntil(
        async () => (await storedBlocks()) === blocks.length,
        60_000,
        'the whole chain after the restart',
      );
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);

      expect(await dumpChainTables(db.url)).toEqual(await preprodReferenceTables(blocks, devnet.url));
    } finally {
      await prisma.$disconnect();
      await devnet.close();
      await db.drop();
    }
  }, 180_000);
});
