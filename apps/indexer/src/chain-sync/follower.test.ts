import { startDevnet } from '@frostline/devnet';
import { silentLogger } from '../test-support/indexer.js';
import { ChainFollower } from './follower.js';

describe('ChainFollower', () => {
  it('stops when asked to while it is still connecting', async () => {
    const devnet = await startDevnet({ chain: { blocks: [] }, network: 'preprod', port: 0 });
    try {
      const follower = new ChainFollower(
        {
          rollForward: async () => {},
          rollBackward: async () => {},
          intersectionPoints: async () => ['origin'],
        },
        { url: new URL(devnet.url), logger: silentLogger },
      );
      const running = follower.run();
      await follower.stop();
      await expect(running).resolves.toBeUndefined();
    } finally {
      await devnet.close();
    }
  }, 10_000);
});
