import { startDevnet } from '@frostline/devnet';
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
});
