/// <reference types="jest" />
import type { Certificate } from '@cardano-ogmios/schema';
import type { RewardAccountSummary } from '../chain/events.js';
import type { OgmiosTransaction } from '../convert/index.js';
import { applyDelegation, withChanges, type DelegationState } from './delegation.js';
import type { LedgerRules } from './governance.js';
import { emptyGovernance } from './test-support/governance.js';

const KEY_DEPOSIT = 2_000_000n;
const DREP_DEPOSIT = 500_000_000n;
const RULES: LedgerRules = {
  epoch: 4,
  keyDeposit: KEY_DEPOSIT,
  drepDeposit: DREP_DEPOSIT,
  proposalDeposit: 100_000_000_000n,
  proposalLifetime: 2,
  drepActivity: 20,
};
const ada = (lovelace: bigint) => ({ ada: { lovelace } });
const POOL = 'pool1vng3kfwp6evwqwkwm787tujcce8atc3x8unp9rxe6gqa7zzkpvw';
const OTHER_POOL = 'pool1enxvenxvenxvenxvenxvenxvenxvenxvenxvenxvenxvc0r33hr';
const alice = { from: 'verificationKey' as const, credential: 'aa'.repeat(28) };
const bob = { from: 'verificationKey' as const, credential: 'bb'.repeat(28) };
const drep = { type: 'registered' as const, from: 'verificationKey' as const, id: 'dd'.repeat(28) };
const aliceStake = 'stake_test1uz42424242424242424242424242424242424242424242s7f0kdw';

/** Alice registered with `rewards` (her vote delegated to `drep` when `voting`), POOL and `drep` registered. */
function state(rewards: bigint, voting = false): DelegationState {
  const account: RewardAccountSummary = {
    ...alice,
    ...(voting ? { delegateRepresentative: drep } : {}),
    rewards: ada(rewards),
    deposit: ada(KEY_DEPOSIT),
  };
  return {
    ...emptyGovernance,
    account: ({ credential }) => (credential === alice.credential ? account : undefined),
    poolRegistered: (id) => id === POOL,
    drep: ({ credential }) =>
      credential === drep.id
        ? { id: drep.id, from: drep.from, deposit: DREP_DEPOSIT, expiry: 20 }
        : undefined,
    drepDelegators: ({ credential }) => (voting && credential === drep.id ? [alice] : []),
  };
}

const accountChanges = (outcome: ReturnType<typeof applyDelegation>) =>
  'changes' in outcome && [...outcome.changes.accounts.values()];

const transaction = (certificates: Certificate[], withdrawals?: Record<string, bigint>) =>
  ({
    id: '00'.repeat(32),
    certificates,
    ...(withdrawals === undefined
      ? {}
      : { withdrawals: Object.fromEntries(Object.entries(withdrawals).map(([a, q]) => [a, ada(q)])) }),
  }) as unknown as OgmiosTransaction;

const code = (outcome: ReturnType<typeof applyDelegation>) =>
  'error' in outcome ? outcome.error.code : 'ok';
const register = (credential: typeof alice, deposit = KEY_DEPOSIT): Certificate => ({
  type: 'stakeCredentialRegistration',
  ...credential,
  deposit: ada(deposit),
});
const deregister = (credential: typeof alice): Certificate => ({
  type: 'stakeCredentialDeregistration',
  ...credential,
  deposit: ada(KEY_DEPOSIT),
});
const delegate = (credential: typeof alice, pool: string): Certificate => ({
  type: 'stakeDelegation',
  ...credential,
  stakePool: { id: pool },
});

describe('registration and delegation rules', () => {
  it.each([
    ['registering a registered credential', [register(alice)], 3145],
    ['registering with another deposit than the parameter', [register(bob, 1n)], 3151],
    ['registering a new credential', [register(bob)], 'ok'],
    ['delegating an unregistered credential', [delegate(bob, POOL)], 3146],
    ['delegating to an unknown pool', [delegate(alice, OTHER_POOL)], 3140],
    ['registering, then delegating in the same transaction', [register(bob), delegate(bob, POOL)], 'ok'],
    [
      'delegating to an unregistered DRep',
      [{ type: 'stakeDelegation', ...alice, delegateRepresentative: { ...drep, id: 'ee'.repeat(28) } }],
      3153,
    ],
    [
      'delegating to a registered DRep',
      [{ type: 'stakeDelegation', ...alice, delegateRepresentative: drep }],
      'ok',
    ],
    [
      'registering a registered DRep',
      [{ type: 'delegateRepresentativeRegistration', delegateRepresentative: drep, deposit: ada(1n) }],
      3152,
    ],
    [
      'retiring an unknown DRep',
      [
        {
          type: 'delegateRepresentativeRetirement',
          delegateRepresentative: { ...drep, id: 'ee'.repeat(28) },
          deposit: ada(1n),
        },
      ],
      3153,
    ],
    ['deregistering an unknown credential', [deregister(bob)], 3146],
  ] as [string, Certificate[], number | 'ok'][])('%s', (_name, certificates, expected) => {
    expect(code(applyDelegation(transaction(certificates), state(0n), RULES))).toBe(expected);
  });

  it('refuses to deregister an account with rewards unless the transaction withdraws them', () => {
    expect(applyDelegation(transaction([deregister(alice)]), state(5n), RULES)).toMatchObject({
      error: { code: 3147, data: { nonEmptyRewardAccountBalance: ada(5n) } },
    });
    const outcome = applyDelegation(transaction([deregister(alice)], { [aliceStake]: 5n }), state(5n), RULES);
    expect(accountChanges(outcome)).toEqual([{ ...alice, registered: false }]);
  });

  it('states the accounts a transaction changes in their final state', () => {
    const outcome = applyDelegation(transaction([register(bob), delegate(bob, POOL)]), state(0n), RULES);
    expect(accountChanges(outcome)).toEqual([
      { ...bob, rewards: ada(0n), deposit: ada(KEY_DEPOSIT), stakePool: { id: POOL } },
    ]);
  });

  it('clears the vote delegations to a DRep that retires, also those made in the same transaction', () => {
    const retire: Certificate = {
      type: 'delegateRepresentativeRetirement',
      delegateRepresentative: drep,
      deposit: ada(500_000_000n),
    };
    const voteOf = (credential: typeof alice, base: DelegationState, certificates: Certificate[]) => {
      const outcome = applyDelegation(transaction(certificates), base, RULES);
      if ('error' in outcome) throw new Error(outcome.error.message);
      return withChanges(base, outcome.changes).account(credential)?.delegateRepresentative;
    };
    expect(voteOf(alice, state(0n, true), [])).toEqual(drep);
    expect(voteOf(alice, state(0n, true), [retire])).toBeUndefined();
    const bobVotes: Certificate[] = [
      register(bob),
      { type: 'stakeDelegation', ...bob, delegateRepresentative: drep },
    ];
    expect(voteOf(bob, state(0n), bobVotes)).toEqual(drep);
    expect(voteOf(bob, state(0n), [...bobVotes, retire])).toBeUndefined();
    // A registration afterwards starts the DRep without delegators; other fields stay.
    const reregister: Certificate = {
      type: 'delegateRepresentativeRegistration',
      delegateRepresentative: drep,
      deposit: ada(500_000_000n),
    };
    const outcome = applyDelegation(transaction([retire, reregister]), state(7n, true), RULES);
    expect(accountChanges(outcome)).toEqual([{ ...alice, rewards: ada(7n), deposit: ada(KEY_DEPOSIT) }]);
  });
});
