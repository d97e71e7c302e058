/// <reference types="jest" />
import type { StakePool } from '@cardano-ogmios/schema';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { emptySnapshot, rewardUpdate, type EpochState, type RewardParameters } from './epoch-boundary.js';
import { credentialKey } from './ledger-data.js';

const OWNER = '11'.repeat(28);
const MEMBER = '22'.repeat(28);
const OPERATOR = '33'.repeat(28);
const key = (credential: string) => credentialKey({ from: 'verificationKey', credential });
const rewardAccount = (hash: string) =>
  CSL.RewardAddress.new(0, CSL.Credential.from_keyhash(CSL.Ed25519KeyHash.from_hex(hash)))
    .to_address()
    .to_bech32();
const lovelace = (quantity: bigint) => ({ ada: { lovelace: quantity } });

const POOL = 'pool1vng3kfwp6evwqwkwm787tujcce8atc3x8unp9rxe6gqa7zzkpvw';
const pool = (pledge: bigint): StakePool =>
  ({
    id: POOL,
    vrfVerificationKeyHash: '44'.repeat(32),
    owners: [OWNER],
    cost: lovelace(1_000n),
    margin: '1/10',
    pledge: lovelace(pledge),
    rewardAccount: rewardAccount(OPERATOR),
  }) as StakePool;

// ρ = 1/10, τ = 1/5, a0 = 1/2, k = 2, 10 blocks expected an epoch, 10^6 lovelace in all.
const parameters: RewardParameters = {
  monetaryExpansion: [1n, 10n],
  treasuryExpansion: [1n, 5n],
  pledgeInfluence: [1n, 2n],
  desiredPools: 2,
  expectedBlocks: [10n, 1n],
  maxSupply: 1_000_000n,
};

/** The pool made 5 blocks; its owner delegates `ownerStake`, a member 200,000; fees were 1,000. */
function state(ownerStake: bigint, pledge: bigint): EpochState {
  const go = emptySnapshot();
  go.pools.set(POOL, pool(pledge));
  go.delegations.set(key(OWNER), { pool: POOL, stake: ownerStake });
  go.delegations.set(key(MEMBER), { pool: POOL, stake: 200_000n });
  return {
    epoch: 7,
    treasury: 50n,
    reserves: 400_000n,
    snapshots: { mark: emptySnapshot(), set: emptySnapshot(), go },
    snapshotFees: 1_000n,
    fees: 0n,
    previousBlocks: new Map([[POOL, 5]]),
    blocks: new Map(),
  };
}

describe('the reward update at an epoch boundary', () => {
  // η = 5/10; ΔR1 = ⌊1/2 · 1/10 · 400,000⌋ = 20,000; pot = 21,000; ΔT1 = 4,200; R = 16,800.
  // Total stake 600,000: σ = σ' = 1/2 = z0, s' = 1/6:
  // maxPool = ⌊16,800/(3/2) · (1/2 + 1/6 · 1/2 · (1/2 − 0)/(1/2))⌋ = ⌊11,200 · 7/12⌋ = 6,533.
  // The pool has all the active stake and all the blocks: performance 1, f = 6,533.
  it('pays the leader cost, margin and the owners\u2019 share, the members by stake, the rest to reserves', () => {
    const update = rewardUpdate(state(100_000n, 100_000n), parameters, () => true);
    // Leader: 1,000 + ⌊5,533 · (1/10 + 9/10 · 1/3)⌋ = 3,213; member: ⌊5,533 · 9/10 · 2/3⌋ = 3,319.
    expect(Object.fromEntries(update.rewards)).toEqual({ [key(OPERATOR)]: 3_213n, [key(MEMBER)]: 3_319n });
    expect(update.poolRewards.get(POOL)).toBe(6_533n);
    expect(update.treasury).toBe(50n + 4_200n);
    // ΔR2 = 16,800 − 6,532 = 10,268 returns.
    expect(update.reserves).toBe(400_000n - 20_000n + 10_268n);
  });

  it('pays nothing to a pool whose owners do not hold its pledge', () => {
    const update = rewardUpdate(state(100_000n, 100_001n), parameters, () => true);
    expect(update.rewards.size).toBe(0);
    expect(update.reserves).toBe(400_000n - 20_000n + 16_800n);
    expect(update.treasury).toBe(4_250n);
  });

  it('sends the rewards of unregistered accounts to the treasury', () => {
    const update = rewardUpdate(
      state(100_000n, 100_000n),
      parameters,
      (account) => account !== key(OPERATOR),
    );
    expect([...update.rewards.keys()]).toEqual([key(MEMBER)]);
    expect(update.treasury).toBe(4_250n + 3_213n);
    expect(update.reserves).toBe(390_268n);
  });

  it('caps the monetary expansion at the expected number of blocks, and scales a pool by its blocks', () => {
    const full = state(100_000n, 100_000n);
    full.previousBlocks = new Map([[POOL, 20]]);
    // η = 1: ΔR1 = 40,000, pot 41,000, ΔT1 = 8,200, R = 32,800; maxPool = ⌊32,800 · 2/3 · 7/12⌋ = 12,755.
    expect(rewardUpdate(full, parameters, () => true).poolRewards.get(POOL)).toBe(12_755n);
    // Another pool (no stake) made half the blocks: performance 1/2, f = ⌊12,755 · (5/10)/1⌋.
    full.previousBlocks = new Map([
      [POOL, 5],
      ['pool1other', 5],
    ]);
    expect(rewardUpdate(full, parameters, () => true).poolRewards.get(POOL)).toBe(12_755n / 2n);
  });
});
