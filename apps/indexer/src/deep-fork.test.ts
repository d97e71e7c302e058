import { createTestDatabase, withConnection, type TestDatabase } from '@frostline/db/testing';
import { startDevnet, type Devnet } from '@frostline/devnet';
import { FATAL_EXIT_CODE } from './errors.js';
import { dumpChainTables } from './test-support/compare-databases.js';
import { generate, type GeneratedChain } from './test-support/generated.js';
import { testRedisUrl, waitUntil } from './test-support/indexer.js';
import { runIndexerProgram, type IndexerProcess } from './test-support/indexer-process.js';

// The indexer program follows a devnet past k blocks, then the devnet's chain parts from the indexed one
// deeper than k: on a live connection (a fork the node announces) and on a reconnection (a devnet
// restarted on another chain). Either way the program must stop with one line and FATAL_EXIT_CODE,
// having changed no chain row, instead of retrying for ever.

/** k of the custom network */
const K = 5;
/** Generous bounds: the indexer needs seconds for either; a busy machine may take many times that. */
const INDEXED_WITHIN_MS = 120_000;
const EXITED_WITHIN_MS = 120_000;

describe('a fork deeper than k stops the indexer program', () => {
  let indexed: GeneratedChain;
  let other: GeneratedChain;
  const devnets = new Set<Devnet>();
  const databases: TestDatabase[] = [];
  const running = new Set<IndexerProcess>();

  beforeAll(async () => {
    [indexed, other] = await Promise.all([
      generate({ seed: 21, blocks: 30, txPerBlock: 2, forks: 0 }),
      generate({ seed: 22, blocks: 60, txPerBlock: 1, forks: 0 }),
    ]);
  }, 300_000);
  afterAll(async () => {
    for (const indexer of running) indexer.child.kill('SIGKILL');
    await Promise.all([...running].map((indexer) => indexer.exited));
    await Promise.all([...devnets].map((devnet) => devnet.close()));
    await Promise.all(databases.map((database) => database.drop()));
  });

  async function serve(chain: GeneratedChain, port = 0): Promise<Devnet> {
    const devnet = await startDevnet({ chain: { file: chain.file }, network: 'custom', port });
    devnets.add(devnet);
    await devnet.replayed;
    return devnet;
  }

  /** A fresh database, and the indexer program following `devnet` until it holds the indexed chain's tip. */
  async function indexUpToTip(devnet: Devnet, name: string) {
    const database = await createTestDatabase();
    databases.push(database);
    const indexer = runIndexerProgram({
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(),
      OGMIOS_URL: devnet.url,
      NETWORK: 'custom',
      INDEXER_METRICS_PORT: '0',
      INDEXER_QUEUE_PREFIX: `${name}-${process.pid}`,
      LOG_LEVEL: 'info',
    });
    running.add(indexer);
    void indexer.exited.then(() => running.delete(indexer));
    const tip = indexed.expected.tip.id;
    await Promise.race([
      waitUntil(
        () =>
          withConnection(database.url, async (client) => {
            const { rowCount } = await client.query(`SELECT 1 FROM block WHERE hash = decode($1, 'hex')`, [
              tip,
            ]);
            return rowCount === 1;
          }),
        INDEXED_WITHIN_MS,
        'the indexer to reach the tip',
      ),
      indexer.exited.then(({ code, stderr }) => {
        throw new Error(`the indexer exited (${code}) before the tip: ${stderr}`);
      }),
    ]);
    return { database, indexer, before: await dumpChainTables(database.url) };
  }

  function exit(indexer: IndexerProcess) {
    return Promise.race([
      indexer.exited,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the indexer is still running')), EXITED_WITHIN_MS).unref(),
      ),
    ]);
  }

  it('on a fork the node announces: the rollback job refuses it, and the program stops', async () => {
    const devnet = await serve(indexed);
    const { database, indexer, before } = await indexUpToTip(devnet, 'deep-fork-live');
    const blocks = indexed.finalChain;
    const forkPoint = blocks[blocks.length - 1 - (K + 3)]!;
    devnet.fork({ slot: forkPoint.slot!, id: forkPoint.id }, other.finalChain.slice(-K - 4));

    const { code, stderr } = await exit(indexer);
    expect(code).toBe(FATAL_EXIT_CODE);
    expect(stderr.trimEnd().split('\n')).toEqual([
      `indexer: stopped: the node rolls back ${K + 3} blocks, to ${forkPoint.slot}.${forkPoint.id}, deeper than k = ${K}: ` +
        'blocks that deep are final, so it follows another chain than the one indexed (nothing was rolled back)',
    ]);
    expect(await dumpChainTables(database.url)).toEqual(before);
  }, 600_000);

  it('on a reconnection to a node on another chain: no intersection, and the program stops', async () => {
    const first = await serve(indexed);
    const { database, indexer, before } = await indexUpToTip(first, 'deep-fork-restart');
    // The other chain goes on past the indexed one: the node is not merely behind the index.
    expect(other.expected.tip.slot).toBeGreaterThan(indexed.expected.tip.slot);
    const port = first.port;
    await first.close();
    devnets.delete(first);
    await serve(other, port);

    const { code, stderr } = await exit(indexer);
    expect(code).toBe(FATAL_EXIT_CODE);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^indexer: stopped: the node's chain \\(tip slot ${other.expected.tip.slot} .*\\) holds none of the indexed ` +
          `blocks from slot ${indexed.expected.tip.slot} .* forked from the index deeper than k`,
      ),
    );
    expect(await dumpChainTables(database.url)).toEqual(before);
  }, 600_000);
});
