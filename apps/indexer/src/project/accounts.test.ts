import { stakeAddressFromCredential } from '@frostline/model';
import { decodedBlock, decodedTransaction, emptyBatch, hash28, txInBlock } from '../test-support/decoded.js';
import { projectAccounts } from './accounts.js';

const alice = { type: 'key' as const, hash: hash28(0xa1) };
const bob = { type: 'script' as const, hash: hash28(0xb0) };
const aliceRaw = 'e0' + alice.hash;
const bobRaw = 'f0' + bob.hash;

describe('projectAccounts', () => {
  it('writes registrations, delegations and vote delegations against one stake address row each', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      certificates: [
        { kind: 'stakeRegistration', index: 0, credential: alice },
        { kind: 'stakeDelegation', index: 1, credential: alice, poolHash: hash28(0x90) },
        { kind: 'voteDelegation', index: 2, credential: bob, drep: { kind: 'abstain' } },
        { kind: 'stakeDeregistration', index: 3, credential: bob },
      ],
    });
    projectAccounts(state, txInBlock(tx, undefined, { txId: 6n }));
    expect(state.rows.stakeAddresses.map((s) => [s.id, s.hashRaw, s.view])).toEqual([
      [1n, aliceRaw, stakeAddressFromCredential(alice, 0)],
      [2n, bobRaw, stakeAddressFromCredential(bob, 0)],
    ]);
    expect(
      state.rows.stakeRegistrations.map((r) => [r.stakeAddressId, r.certIndex, r.deregistration]),
    ).toEqual([
      [1n, 0, false],
      [2n, 3, true],
    ]);
    expect(state.rows.delegations).toEqual([
      { id: 1n, txId: 6n, certIndex: 1, stakeAddressId: 1n, poolHash: hash28(0x90) },
    ]);
    expect(state.rows.voteDelegations).toEqual([
      { id: 1n, txId: 6n, certIndex: 2, stakeAddressId: 2n, drepKind: 'abstain', drepHash: null },
    ]);
    expect([...state.rows.rewardAccounts]).toEqual([1n, 2n]);
  });

  it('lets later outputs point to a registration by slot, transaction index and certificate index', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      certificates: [{ kind: 'stakeRegistration', index: 2, credential: alice }],
    });
    projectAccounts(state, txInBlock(tx, decodedBlock({ slot: 777 }), { blockIndex: 4 }));
    expect(state.pointers.get('777.4.2')).toBe(1n);
  });

  it('stores pool registrations with their reward account and owners, and one MIR row per reward', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      certificates: [
        {
          kind: 'poolRegistration',
          index: 0,
          poolHash: hash28(0x90),
          rewardAccount: bobRaw,
          owners: [alice.hash],
          metadata: null,
        },
        {
          kind: 'mir',
          index: 1,
          pot: 'treasury',
          rewards: [
            { credential: alice, amount: 3n },
            { credential: bob, amount: 4n },
          ],
        },
      ],
    });
    projectAccounts(state, txInBlock(tx));
    expect(state.rows.poolRegistrations).toEqual([
      { id: 1n, txId: 1n, certIndex: 0, poolHash: hash28(0x90) },
    ]);
    expect(state.rows.stakeAddresses.map((s) => s.hashRaw)).toEqual([bobRaw, aliceRaw]);
    expect(state.rows.mirs.map((m) => [m.stakeAddressId, m.pot, m.amount])).toEqual([
      [2n, 'treasury', 3n],
      [1n, 'treasury', 4n],
    ]);
  });

  it('stores pool retirements with the epoch they take effect', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      certificates: [{ kind: 'poolRetirement', index: 2, poolHash: hash28(0x91), epoch: 236 }],
    });
    projectAccounts(state, txInBlock(tx, undefined, { txId: 5n }));
    expect(state.rows.poolRetirements).toEqual([
      { id: 1n, txId: 5n, certIndex: 2, poolHash: hash28(0x91), retiringEpoch: 236 },
    ]);
  });

  it('writes withdrawals and registers the stake addresses proposals name, skipping what is not a reward address', () => {
    const state = emptyBatch();
    const aliceAddress = stakeAddressFromCredential(alice, 0);
    const tx = decodedTransaction({
      withdrawals: [
        { rewardAddress: aliceAddress, amount: 9n },
        { rewardAddress: 'not-an-address', amount: 1n },
      ],
      proposalStakeAddresses: [stakeAddressFromCredential(bob, 0)],
    });
    projectAccounts(state, txInBlock(tx));
    expect(state.rows.withdrawals).toEqual([{ id: 1n, txId: 1n, stakeAddressId: 1n, amount: 9n }]);
    expect(state.rows.stakeAddresses.map((s) => s.hashRaw)).toEqual([aliceRaw, bobRaw]);
    expect([...state.rows.rewardAccounts]).toEqual([1n]);
  });
});
