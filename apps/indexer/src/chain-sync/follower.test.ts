import { startDevnet } from '@frostline/devnet';
import { generate } from '../test-support/generated.js';
import { silentLogger } from '../test-support/indexer.js';
import { ChainFollower, type ChainHandler } from './follower.js';

const handler: ChainHandler = {
  rollForward: async () => undefined,
  rollBackward: async () => undefined,
  intersectionPoints: async () => ['origin'],
};

describe('ChainFollower', () => {
  it('ends when stopped while it is still connecting', async () => {
    const devnet = await startDevnet({ chain: { blocks: [] }, network: 'preprod', port: 0 });
    try {
      const follower = new ChainFollower(handler, { url: new URL(devnet.url), logger: silentLogger });
      const running = follower.run();
      await follower.stop();
      const outcome = await Promise.race([
        running.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still running after 5 s'), 5000).unref()),
      ]);
      expect(outcome).toBe('ended');
    } finally {
      await devnet.close();
    }
  });

  it('starts the backoff afresh after a connection that delivered blocks', async () => {
    const chain = await generate({ seed: 3, blocks: 5, txPerBlock: 1, forks: 0 });
    const devnet = await startDevnet({ chain: { file: chain.file }, network: 'custom', port: 0 });
    let connections = 0;
    // every connection handles its first message (the rollback to the intersection), then fails on a block
    const failing: ChainHandler = {
      rollForward: async () => {
        throw new Error('database unavailable');
      },
      rollBackward: async () => undefined,
      intersectionPoints: async () => {
        connections++;
        return ['origin'];
      },
    };
    const follower = new ChainFollower(failing, { url: new URL(devnet.url), logger: silentLogger });
    // The waits the follower chooses between connections, read where it sleeps rather than on a clock.
    const waits: number[] = [];
    const sleep = follower['sleep'].bind(follower);
    Object.assign(follower, {
      sleep: (ms: number) => {
        waits.push(ms);
        return sleep(ms);
      },
    });
    const running = follower.run();
    try {
      while (connections < 5) await new Promise((resolve) => setTimeout(resolve, 50));
      // each connection delivered a block before failing, so none doubles the wait (0.5, 1, 2, 4 s)
      expect(waits.slice(0, 4)).toEqual([500, 500, 500, 500]);
    } finally {
      await follower.stop();
      await running;
      await devnet.close();
    }
  }, 30_000);
});
