import { startDevnet } from '@frostline/devnet';
import { generate } from '../test-support/generated.js';
import { silentLogger } from '../test-support/indexer.js';
import { NoIntersectionError } from '../errors.js';
import { ChainFollower, type ChainHandler, type Point } from './follower.js';

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

  describe('when none of the points is on the node chain', () => {
    const unknown = (slot: number): Point => ({ slot, id: 'ee'.repeat(32) });
    let devnet: Awaited<ReturnType<typeof startDevnet>>;
    let tipSlot: number;
    beforeAll(async () => {
      const chain = await generate({ seed: 3, blocks: 5, txPerBlock: 1, forks: 0 });
      devnet = await startDevnet({ chain: { file: chain.file }, network: 'custom', port: 0 });
      await devnet.replayed;
      tipSlot = (devnet.tip() as { slot: number }).slot;
    });
    afterAll(() => devnet.close());

    it('stops with a NoIntersectionError when the node is not behind them: a fork deeper than k', async () => {
      let asked = 0;
      const forked: ChainHandler = {
        ...handler,
        intersectionPoints: async () => (asked++, [unknown(tipSlot), unknown(tipSlot - 1)]),
      };
      const follower = new ChainFollower(forked, { url: new URL(devnet.url), logger: silentLogger });
      const error = await follower.run().then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(NoIntersectionError);
      expect((error as Error).message).toContain(`the node's chain (tip slot ${tipSlot}`);
      expect(asked).toBe(1);
    });

    it('keeps retrying while the node is behind them (a node still syncing)', async () => {
      let asked = 0;
      const ahead: ChainHandler = {
        ...handler,
        intersectionPoints: async () => (asked++, [unknown(tipSlot + 2), unknown(tipSlot + 1)]),
      };
      const follower = new ChainFollower(ahead, { url: new URL(devnet.url), logger: silentLogger });
      const running = follower.run();
      try {
        while (asked < 3) await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        await follower.stop();
      }
      await expect(running).resolves.toBeUndefined();
    }, 30_000);
  });
});
