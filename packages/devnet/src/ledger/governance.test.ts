/// <reference types="jest" />
import type { OgmiosTransaction } from '../convert/index.js';
import { applyDelegation, withChanges, type DelegationState } from './delegation.js';
import type { CommitteeMember, GovernanceAction, LedgerRules, ProposalState } from './governance.js';
import { emptyGovernance } from './test-support/governance.js';

const ada = (lovelace: bigint) => ({ ada: { lovelace } });
const RULES: LedgerRules = {
  epoch: 6,
  keyDeposit: 2_000_000n,
  drepDeposit: 500_000_000n,
  proposalDeposit: 100_000_000_000n,
  proposalLifetime: 2,
  drepActivity: 20,
};
const POOL = 'pool1vng3kfwp6evwqwkwm787tujcce8atc3x8unp9rxe6gqa7zzkpvw';
const RETURN = 'stake_test1uz42424242424242424242424242424242424242424242s7f0kdw';
const drep = { from: 'verificationKey' as const, id: 'dd'.repeat(28) };
const hot = { from: 'verificationKey' as const, id: 'ee'.repeat(28) };
const cold = { from: 'verificationKey' as const, id: 'cc'.repeat(28) };
const member: CommitteeMember = { ...cold, mandate: 100, delegate: { status: 'authorized', ...hot } };
const anchor = { url: 'https://frostline.invalid/a.json', hash: '11'.repeat(32) };

const proposalState = (index: number, action: GovernanceAction, until = 8): ProposalState => ({
  proposal: { transaction: { id: 'aa'.repeat(32) }, index },
  deposit: RULES.proposalDeposit,
  returnAccount: RETURN,
  metadata: anchor,
  action,
  since: 6,
  until,
  votes: new Map(),
});
/** Alive: 0 an info action, 1 a treasury withdrawal, 2 a hard fork; 3 an info action past its last epoch. */
const proposals = [
  proposalState(0, { type: 'information' }),
  proposalState(1, { type: 'treasuryWithdrawals', withdrawals: { [RETURN]: ada(1n) }, guardrails: null }),
  proposalState(2, { type: 'hardForkInitiation', version: { major: 11, minor: 0 } }),
  proposalState(3, { type: 'information' }, 5),
];
const reference = (index: number) => ({ transaction: { id: 'aa'.repeat(32) }, index });

const state: DelegationState = {
  ...emptyGovernance,
  account: () => undefined,
  poolRegistered: (id) => id === POOL,
  drepDelegators: () => [],
  drep: ({ credential }) =>
    credential === drep.id ? { ...drep, deposit: RULES.drepDeposit, expiry: 20 } : undefined,
  proposal: (key) => proposals.find(({ proposal }) => `${proposal.transaction.id}#${proposal.index}` === key),
  committeeMembers: () => [member],
};

const transaction = (body: Partial<OgmiosTransaction>) =>
  ({ id: '01'.repeat(32), ...body }) as unknown as OgmiosTransaction;
const outcome = (body: object) => applyDelegation(transaction(body as never), state, RULES);
const code = (body: object) => {
  const result = outcome(body);
  return 'error' in result ? result.error.code : 'ok';
};

const propose = (action: GovernanceAction, deposit = RULES.proposalDeposit) => ({
  proposals: [{ deposit: ada(deposit), returnAccount: RETURN, metadata: anchor, action }],
});
const vote = (issuer: object, index: number) => ({
  votes: [{ issuer, vote: 'yes', proposal: reference(index) }],
});
const asDrep = { role: 'delegateRepresentative', ...drep };
const asPool = { role: 'stakePoolOperator', id: POOL };
const asCommittee = { role: 'constitutionalCommittee', ...hot };

describe('governance rules of a transaction', () => {
  it.each([
    ['a proposal with the deposit the parameters ask', propose({ type: 'information' }), 'ok'],
    ['a proposal with another deposit', propose({ type: 'information' }, 1n), 3155],
    [
      'a treasury withdrawal of nothing',
      propose({ type: 'treasuryWithdrawals', withdrawals: { [RETURN]: ada(0n) }, guardrails: null }),
      3168,
    ],
    [
      'a treasury withdrawal naming guardrails the constitution does not have',
      propose({
        type: 'treasuryWithdrawals',
        withdrawals: { [RETURN]: ada(1n) },
        guardrails: { hash: 'fa'.repeat(28) },
      }),
      3163,
    ],
    [
      'a hard fork whose ancestor is not the last enacted one nor a proposal',
      propose({ type: 'hardForkInitiation', ancestor: reference(9), version: { major: 11, minor: 0 } }),
      3159,
    ],
    [
      'a hard fork following a proposed one',
      propose({ type: 'hardForkInitiation', ancestor: reference(2), version: { major: 12, minor: 0 } }),
      'ok',
    ],
    ['a DRep vote on a treasury withdrawal', vote(asDrep, 1), 'ok'],
    ['a committee vote through its hot key', vote(asCommittee, 1), 'ok'],
    ['a stake pool vote on a hard fork', vote(asPool, 2), 'ok'],
    ['a vote of an unregistered DRep', vote({ ...asDrep, id: 'ab'.repeat(28) }, 1), 3167],
    ['a vote of an unknown hot key', vote({ ...asCommittee, id: 'ab'.repeat(28) }, 1), 3167],
    ['a vote on an unknown proposal', vote(asDrep, 7), 3138],
    ['a stake pool vote on a treasury withdrawal', vote(asPool, 1), 3137],
    ['a vote on an expired proposal', vote(asDrep, 3), 3160],
    [
      'a DRep registration with another deposit',
      {
        certificates: [
          {
            type: 'delegateRepresentativeRegistration',
            delegateRepresentative: { type: 'registered', ...drep, id: 'ab'.repeat(28) },
            deposit: ada(1n),
          },
        ],
      },
      3151,
    ],
    [
      'a DRep retirement refunding another deposit',
      {
        certificates: [
          {
            type: 'delegateRepresentativeRetirement',
            delegateRepresentative: { type: 'registered', ...drep },
            deposit: ada(1n),
          },
        ],
      },
      3151,
    ],
    [
      'a hot-key authorisation of a member not in the committee',
      {
        certificates: [
          {
            type: 'constitutionalCommitteeDelegation',
            member: { ...cold, id: 'ab'.repeat(28) },
            delegate: { status: 'authorized', ...hot },
          },
        ],
      },
      3154,
    ],
  ] as [string, object, number | 'ok'][])('%s', (_name, body, expected) => {
    expect(code(body)).toBe(expected);
  });

  it('stores a proposal with its expiry and a vote with its voter, renewing the DRep mandate', () => {
    const result = outcome({ ...propose({ type: 'information' }), ...vote(asDrep, 0) });
    if ('error' in result) throw new Error(result.error.message);
    const after = withChanges(state, result.changes);
    expect(after.proposal(`${'01'.repeat(32)}#0`)).toMatchObject({
      since: 6,
      until: 8,
      deposit: RULES.proposalDeposit,
    });
    expect([...after.proposal(`${'aa'.repeat(32)}#0`)!.votes.values()]).toEqual([
      { issuer: asDrep, vote: 'yes' },
    ]);
    expect(after.drep({ from: drep.from, credential: drep.id })!.expiry).toBe(26);
  });

  it('lets a resigned member authorise no hot key again', () => {
    const result = outcome({
      certificates: [{ type: 'constitutionalCommitteeRetirement', member: cold }],
    });
    if ('error' in result) throw new Error(result.error.message);
    const after = withChanges(state, result.changes);
    expect(after.committeeMembers()).toEqual([{ ...member, delegate: { status: 'resigned' } }]);
    const again = applyDelegation(
      transaction({
        certificates: [
          {
            type: 'constitutionalCommitteeDelegation',
            member: cold,
            delegate: { status: 'authorized', ...hot },
          },
        ],
      } as never),
      after,
      RULES,
    );
    expect('error' in again && again.error.code).toBe(3154);
  });
});
