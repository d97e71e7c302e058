import { loadNetwork } from '../networks/networks.js';
import { blake2b256, toHex } from './keys.js';
import { createActors } from './wallets.js';

const sizes = { wallets: 4, accounts: 2, pools: 1, dreps: 0, oracles: 0 };

describe('genesis pools', () => {
  it("are the custom network's Shelley genesis stake pools, each delegated to by its owner", () => {
    const { staking } = loadNetwork('custom').genesis.shelley;
    const { genesisPools } = createActors({ ...sizes, seed: 1 }, 0);
    expect(Object.keys(staking.pools)).toEqual(genesisPools.map((pool) => pool.cold.hashHex));
    for (const pool of genesisPools) {
      expect(staking.pools[pool.cold.hashHex]).toMatchObject({
        publicKey: pool.cold.hashHex,
        vrf: toHex(blake2b256(pool.vrfVerificationKey)),
        owners: [pool.owner.hashHex],
        rewardAccount: { credential: { keyHash: pool.owner.hashHex }, network: 'Testnet' },
      });
    }
    expect(staking.stake).toEqual(
      Object.fromEntries(genesisPools.map((pool) => [pool.owner.hashHex, pool.cold.hashHex])),
    );
  });

  it('do not depend on the seed', () => {
    const ids = (seed: number) => createActors({ ...sizes, seed }, 0).genesisPools.map((pool) => pool.id);
    expect(ids(2)).toEqual(ids(1));
  });
});
