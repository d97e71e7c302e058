import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { firstConwayBlock, startDevnet, type Devnet } from '@frostline/devnet';
import { startIndexer, type RunningIndexer } from '@frostline/indexer/app';
import { generate } from '@frostline/indexer/testing/generated';
import { indexerConfig, silentLogger, waitUntil } from '@frostline/indexer/testing/indexer';

/** The local stack as `npm start` runs it, without the API: a live devnet and the real indexer. */
export interface LocalStack {
  devnet: Devnet;
  db: TestDatabase;
  indexer: RunningIndexer;
  /** BullMQ's key prefix of this indexer's queues. */
  queuePrefix: string;
  stop(): Promise<void>;
}

/**
 * A generated chain served by a live devnet forging every `forgeInterval` ms, indexed into a fresh
 * database; resolves once the indexer has the generated chain, or with `followLive` once it also has a
 * block forged after it.
 */
export async function startLocalStack(options: {
  /** The generated chain's seed and length; without them the chain is one empty Conway block. */
  seed?: number;
  blocks?: number;
  forgeInterval: number;
  followLive: boolean;
  /** The devnet's system start (see `DevnetOptions.systemStart`). */
  systemStart?: Date;
}): Promise<LocalStack> {
  const chain =
    options.seed === undefined
      ? { source: { blocks: [firstConwayBlock()] }, tip: firstConwayBlock().slot }
      : await generated(options.seed, options.blocks ?? 0);
  const devnet = await startDevnet({
    chain: chain.source,
    network: 'custom',
    port: 0,
    forgeInterval: options.forgeInterval,
    systemStart: options.systemStart,
  });
  const db = await createTestDatabase();
  const config = indexerConfig(db.url, devnet.url, { network: 'custom' });
  const indexer = await startIndexer(config, silentLogger);
  const generatedTip = chain.tip;
  await waitUntil(
    () => {
      const slot = Number(indexer.store.tipPoint?.slot ?? -1);
      return options.followLive ? slot > generatedTip : slot >= generatedTip;
    },
    120_000,
    options.followLive ? 'sync to the live tip' : 'sync to the generated tip',
  );
  return {
    devnet,
    db,
    indexer,
    queuePrefix: config.queuePrefix!,
    async stop() {
      await indexer.stop();
      await devnet.close();
      await db.drop();
    },
  };
}

async function generated(seed: number, blocks: number) {
  const chain = await generate({ seed, blocks, forks: 0 });
  return { source: { file: chain.file }, tip: Number(chain.expected.tip.slot) };
}
