/// <reference types="jest" />
import { Chain } from '../chain/chain.js';
import { memoryEntry } from '../chain/memory-source.js';
import { loadNetwork } from '../networks/networks.js';
import { Ledger } from './ledger.js';
import { stakingChain } from './test-support/staking-chain.js';

const network = loadNetwork('custom');
const ADA = 1_000_000n;

describe('the live ledger across epoch boundaries', () => {
  const { blocks, pool, alice, operator } = stakingChain();
  const chain = new Chain();
  const ledger = new Ledger(chain, network);
  const append = (count: number) =>
    blocks.slice(chain.length, count).forEach((block) => {
      const tip = chain.tip();
      chain.append(memoryEntry(block, tip === 'origin' ? undefined : tip.slot, 21600));
    });
  const rewards = (credential: typeof alice) =>
    BigInt(ledger.rewardAccounts([credential])[0]!.rewards.ada.lovelace);

  it('rotates the snapshots: a delegation made in epoch 2 is in mark at 3, set at 4, go at 5', () => {
    append(2);
    const delegated = (snapshot: { delegations: Map<string, { pool: string; stake: bigint }> }) =>
      snapshot.delegations.get(`verificationKey:${alice.credential}`);
    expect(ledger.tipState().epochState().epoch).toBe(3);
    expect(delegated(ledger.tipState().epochState().snapshots.mark)).toEqual({ pool, stake: 1_000n * ADA });
    append(3);
    expect(delegated(ledger.tipState().epochState().snapshots.set)).toEqual({ pool, stake: 1_000n * ADA });
    expect(delegated(ledger.tipState().epochState().snapshots.go)).toBeUndefined();
    append(4);
    expect(delegated(ledger.tipState().epochState().snapshots.go)).toEqual({ pool, stake: 1_000n * ADA });
    expect(rewards(operator)).toBe(0n);
  });

  it('pays the pool its go-snapshot reward at the next boundary, moving reserves and treasury', () => {
    const before = ledger.tipState().epochState();
    append(5); // epoch 6: the rewards for the block made in epoch 4 with the stake of mark@3
    const after = ledger.tipState().epochState();
    const paid = rewards(operator);
    expect(paid).toBeGreaterThan(0n);
    // Alice owns the pool: owners share the leader's reward, they get no member reward.
    expect(rewards(alice)).toBe(0n);
    expect(after.treasury).toBeGreaterThan(before.treasury);
    // What left the reserves is what the treasury and the accounts received (no fees in epoch 4).
    expect(before.reserves - after.reserves).toBe(after.treasury - before.treasury + paid);
  });

  it('retires the pool at its epoch: deposit refunded to its reward account, delegations cleared', () => {
    append(6);
    const beforeRetirement = rewards(operator);
    expect(ledger.tipState().poolRetirement(pool)).toBe(8);
    append(7);
    const refunded = rewards(operator) - beforeRetirement;
    expect(refunded).toBeGreaterThanOrEqual(500n * ADA);
    expect(ledger.tipState().poolRegistered(pool)).toBe(false);
    expect(ledger.rewardAccounts([alice])[0]!.stakePool).toBeUndefined();
    // A rollback undoes the boundary with its block.
    chain.rollBackTo({ slot: blocks[5]!.slot, id: blocks[5]!.id });
    expect(ledger.tipState().poolRegistered(pool)).toBe(true);
    expect(ledger.rewardAccounts([alice])[0]!.stakePool).toEqual({ id: pool });
    expect(rewards(operator)).toBe(beforeRetirement);
  });
});
