import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { startDevnet, type Devnet } from '@frostline/devnet';
import { startIndexer, type RunningIndexer } from '@frostline/indexer/app';
import { generate } from '@frostline/indexer/testing/generated';
import { indexerConfig, silentLogger, waitUntil } from '@frostline/indexer/testing/indexer';

/** The local stack as `npm start` runs it, without the API: a live devnet and the real indexer. */
export interface LocalStack {
  devnet: Devnet;
  db: TestDatabase;
  indexer: RunningIndexer;
  stop(): Promise<void>;
}

/**
 * A generated chain served by a live devnet forging every `forgeInterval` ms, indexed into a fresh
 * database; resolves once the indexer has the generated chain, or with `followLive` once it also has a
 * block forged after it.
 */
export async function startLocalStack(options: {
  seed: number;
  blocks: number;
  forgeInterval: number;
  followLive: boolean;
}): Promise<LocalStack> {
  const chain = await generate({ seed: options.seed, blocks: options.blocks, forks: 0 });
  const devnet = await startDevnet({
    chain: { file: chain.file },
    network: 'custom',
    port: 0,
    forgeInterval: options.forgeInterval,
  });
  const db = await createTestDatabase();
  const indexer = await startIndexer(indexerConfig(db.url, devnet.url, { network: 'custom' }), silentLogger);
  const generatedTip = Number(chain.expected.tip.slot);
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
    async stop() {
      await indexer.stop();
      await devnet.close();
      await db.drop();
    },
  };
}
