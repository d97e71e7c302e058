import { poolParamsActiveIn } from '@frostline/model';
import { attributeRewards, type AccountChange, type BoundaryPool } from './rewards.js';

// How a boundary's changes of reward balances are split by source (docs/semantics.md#rewards).
describe('attributeRewards', () => {
  const key = (byte: string) => `e0${byte.repeat(28)}`;
  const POOL_A = 'a1'.repeat(28);
  const POOL_B = 'b2'.repeat(28);
  const pool = (
    poolHash: string,
    rewardAccount: string,
    fields: Partial<BoundaryPool> = {},
  ): BoundaryPool => ({
    poolHash,
    params: { rewardAccount, owners: [] },
    blocks: 1,
    refundTo: null,
    ...fields,
  });
  const change = (byte: string, amount: bigint, fields: Partial<AccountChange> = {}): AccountChange => ({
    stakeAddressId: byte,
    hashRaw: key(byte),
    amount,
    uncertain: false,
    memberOf: null,
    ...fields,
  });

  it('pays a member its pool, a leader its pool, and a refund before the rest', () => {
    const pools = [pool(POOL_A, key('0a'), { refundTo: key('0a') }), pool(POOL_B, key('0b'))];
    const { rewards, unattributed } = attributeRewards(
      20,
      [change('01', 5n, { memberOf: POOL_A }), change('0a', 507n), change('0b', 9n, { memberOf: POOL_A })],
      pools,
      500n,
    );
    // 0b leads one pool and is a member of another: two sources, no row.
    expect(unattributed.map(({ stakeAddressId }) => stakeAddressId)).toEqual(['0b']);
    expect(rewards).toEqual([
      { stakeAddressId: '01', type: 'member', amount: 5n, earnedEpoch: 18, poolHash: POOL_A },
      { stakeAddressId: '0a', type: 'pool_deposit_refund', amount: 500n, earnedEpoch: 20, poolHash: POOL_A },
      { stakeAddressId: '0a', type: 'leader', amount: 7n, earnedEpoch: 18, poolHash: POOL_A },
    ]);
  });

  it('leaves out what it cannot split, never guessing', () => {
    const pools = [
      pool(POOL_A, key('0a')),
      pool(POOL_B, key('0a')),
      pool(POOL_B.replace('b2', 'c3'), key('0c')),
    ];
    const owner = pool(POOL_A, key('0d'), {
      params: { rewardAccount: key('0d'), owners: ['0d'.repeat(28)] },
    });
    const changes = [
      // leader of two pools
      change('0a', 10n),
      // leader and member of another pool
      change('0c', 10n, { memberOf: POOL_A }),
      // a treasury withdrawal may have paid it
      change('01', 10n, { memberOf: POOL_A, uncertain: true }),
      // less than nothing: something else took from it
      change('02', -1n, { memberOf: POOL_A }),
      // no source at all
      change('03', 4n),
    ];
    const { rewards, unattributed } = attributeRewards(20, changes, pools, 500n);
    expect(rewards).toEqual([]);
    expect(unattributed.map(({ stakeAddressId }) => stakeAddressId)).toEqual(['0a', '0c', '01', '02', '03']);
    // An owner delegated to its own pool gets no member reward: all of it is the leader's.
    expect(attributeRewards(20, [change('0d', 3n, { memberOf: POOL_A })], [owner], 500n).rewards).toEqual([
      { stakeAddressId: '0d', type: 'leader', amount: 3n, earnedEpoch: 18, poolHash: POOL_A },
    ]);
  });

  it('matches a reward account of another network tag, and a pool without blocks pays no leader', () => {
    const pools = [pool(POOL_A, `e1${'0a'.repeat(28)}`), pool(POOL_B, key('0b'), { blocks: 0 })];
    expect(attributeRewards(20, [change('0a', 3n), change('0b', 2n)], pools, null)).toEqual({
      rewards: [{ stakeAddressId: '0a', type: 'leader', amount: 3n, earnedEpoch: 18, poolHash: POOL_A }],
      unattributed: [change('0b', 2n)],
    });
  });

  it('does not refund without the deposit in force', () => {
    const pools = [pool(POOL_A, key('0a'), { refundTo: key('0a'), blocks: 0 })];
    expect(attributeRewards(20, [change('0a', 500n)], pools, null).unattributed).toHaveLength(1);
  });
});

describe('poolParamsActiveIn', () => {
  it('counts a first registration from two epochs on and an update from three', () => {
    const registrations = [
      { registration: 'first', epoch: 10 },
      { registration: 'update', epoch: 11 },
    ];
    expect(poolParamsActiveIn(registrations, 11)).toBeNull();
    expect(poolParamsActiveIn(registrations, 12)).toBe('first');
    expect(poolParamsActiveIn(registrations, 13)).toBe('first');
    expect(poolParamsActiveIn(registrations, 14)).toBe('update');
  });
});
