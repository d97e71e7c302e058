/// <reference types="jest" />
import { genesisProtocolParameters } from '../networks/genesis.js';
import { loadNetwork } from '../networks/networks.js';
import {
  voterKey,
  type CommitteeMember,
  type GovernanceAction,
  type ProposalState,
  type VoteChoice,
} from './governance.js';
import { credentialKey } from './ledger-data.js';
import { ratify, type RatificationInput } from './ratification.js';

// The custom network's thresholds: DReps 67/100 on treasury withdrawals, pools 51/100 on hard forks.
const parameters = genesisProtocolParameters(loadNetwork('custom'));
const key = (from: 'verificationKey', id: string) => credentialKey({ from, credential: id });
const drepA = { id: 'a1'.repeat(28), from: 'verificationKey' as const };
const drepB = { id: 'b2'.repeat(28), from: 'verificationKey' as const };
const hot = (n: number) => ({ id: `${n}`.repeat(56), from: 'verificationKey' as const });
const member = (n: number, mandate = 100): CommitteeMember => ({
  id: `c${n}`.repeat(28),
  from: 'verificationKey',
  mandate,
  delegate: { status: 'authorized', ...hot(n) },
});
const POOL_X = 'pool1x';
const POOL_Y = 'pool1y';

type Ballot = [Parameters<typeof voterKey>[0], VoteChoice];

function proposal(index: number, action: GovernanceAction, ballots: Ballot[], until = 10): ProposalState {
  return {
    proposal: { transaction: { id: 'ab'.repeat(32) }, index },
    deposit: 1n,
    returnAccount: 'stake_test1…',
    metadata: { url: 'https://frostline.invalid', hash: '00'.repeat(32) },
    action,
    since: 4,
    until,
    votes: new Map(ballots.map(([issuer, vote]) => [voterKey(issuer), { issuer, vote }])),
  };
}

const drepVote = (drep: typeof drepA, vote: VoteChoice): Ballot => [
  { role: 'delegateRepresentative', ...drep },
  vote,
];
const ccVote = (n: number, vote: VoteChoice): Ballot => [
  { role: 'constitutionalCommittee', ...hot(n) },
  vote,
];
const poolVote = (id: string, vote: VoteChoice): Ballot => [{ role: 'stakePoolOperator', id }, vote];

const treasury = (lovelace: bigint): GovernanceAction => ({
  type: 'treasuryWithdrawals',
  withdrawals: { stake_test1uq: { ada: { lovelace } } },
  guardrails: null,
});

/** DRep A holds 70, DRep B 30, always-abstain 50, always-no-confidence 0; pools X 60 and Y 40. */
function input(proposals: ProposalState[], overrides: Partial<RatificationInput> = {}): RatificationInput {
  return {
    epoch: 6,
    proposals,
    drepStake: new Map([
      [key(drepA.from, drepA.id), 70n],
      [key(drepB.from, drepB.id), 30n],
      ['abstain', 50n],
    ]),
    dreps: new Map([
      [key(drepA.from, drepA.id), { ...drepA, deposit: 1n, expiry: 20 }],
      [key(drepB.from, drepB.id), { ...drepB, deposit: 1n, expiry: 20 }],
    ]),
    poolStake: new Map([
      [POOL_X, 60n],
      [POOL_Y, 40n],
    ]),
    poolDefaults: new Map(),
    committee: [member(1), member(2), member(3)],
    quorum: '2/3',
    treasury: 1_000n,
    lastEnacted: {},
    protocolParameters: parameters,
    ...overrides,
  };
}

const ccYes = [ccVote(1, 'yes'), ccVote(2, 'yes')];
const keyOf = (p: ProposalState) => `${p.proposal.transaction.id}#${p.proposal.index}`;

describe('ratification', () => {
  it('ratifies a treasury withdrawal when 70 of 100 active DRep stake (abstain left out) votes yes: 0.70 ≥ 0.67', () => {
    const withdrawal = proposal(0, treasury(100n), [...ccYes, drepVote(drepA, 'yes')]);
    expect(ratify(input([withdrawal]))).toEqual({ ratified: [keyOf(withdrawal)], expired: [] });
  });

  it('does not when the yes stake is 30 of 100 (a DRep not voting counts as no): 0.30 < 0.67', () => {
    const withdrawal = proposal(0, treasury(100n), [...ccYes, drepVote(drepB, 'yes')]);
    expect(ratify(input([withdrawal])).ratified).toEqual([]);
  });

  it('leaves an abstaining DRep out: B abstains, A yes is 70 of 70', () => {
    const withdrawal = proposal(0, treasury(100n), [
      ...ccYes,
      drepVote(drepA, 'yes'),
      drepVote(drepB, 'abstain'),
    ]);
    expect(ratify(input([withdrawal])).ratified).toEqual([keyOf(withdrawal)]);
  });

  it('counts always-no-confidence as no: with 10 more stake there, 70 of 110 = 0.636 < 0.67', () => {
    const withdrawal = proposal(0, treasury(100n), [...ccYes, drepVote(drepA, 'yes')]);
    const drepStake = new Map(input([]).drepStake).set('noConfidence', 10n);
    expect(ratify(input([withdrawal], { drepStake })).ratified).toEqual([]);
  });

  it('leaves out a DRep whose mandate ended: B inactive, A yes 70 of 70', () => {
    const withdrawal = proposal(0, treasury(100n), [...ccYes, drepVote(drepA, 'yes')]);
    const dreps = new Map(input([]).dreps);
    dreps.set(key(drepB.from, drepB.id), { ...drepB, deposit: 1n, expiry: 5 });
    expect(ratify(input([withdrawal], { dreps })).ratified).toEqual([keyOf(withdrawal)]);
  });

  it('needs the committee: 1 yes of 3 (those not voting count as no) is below the 2/3 quorum', () => {
    const withdrawal = proposal(0, treasury(100n), [ccVote(1, 'yes'), drepVote(drepA, 'yes')]);
    expect(ratify(input([withdrawal])).ratified).toEqual([]);
    // A member without a hot key is left out: 1 yes of the 1 other active member with a vote.
    const committee = [member(1), { ...member(2), delegate: { status: 'none' as const } }, member(3, 5)];
    expect(ratify(input([withdrawal], { committee })).ratified).toEqual([keyOf(withdrawal)]);
  });

  it('ratifies nothing needing the committee in a state of no confidence', () => {
    const withdrawal = proposal(0, treasury(100n), [...ccYes, drepVote(drepA, 'yes')]);
    expect(ratify(input([withdrawal], { quorum: null })).ratified).toEqual([]);
  });

  it('never ratifies an info action, even with every vote yes, and expires it after its last epoch', () => {
    const votes = [
      ...ccYes,
      ccVote(3, 'yes'),
      drepVote(drepA, 'yes'),
      drepVote(drepB, 'yes'),
      poolVote(POOL_X, 'yes'),
      poolVote(POOL_Y, 'yes'),
    ];
    const info = proposal(0, { type: 'information' }, votes, 6);
    expect(ratify(input([info]))).toEqual({ ratified: [], expired: [] });
    expect(ratify(input([info], { epoch: 7 }))).toEqual({ ratified: [], expired: [keyOf(info)] });
  });

  it('pays withdrawals only while the treasury holds them, in submission order', () => {
    const votes = [...ccYes, drepVote(drepA, 'yes')];
    const first = proposal(0, treasury(600n), votes);
    const second = proposal(1, treasury(600n), votes);
    const third = proposal(2, treasury(400n), votes);
    expect(ratify(input([first, second, third])).ratified).toEqual([keyOf(first), keyOf(third)]);
  });

  it('measures a hard fork against the pools too: 60 of 100 yes ≥ 0.51; 40 of 100 is not', () => {
    const action: GovernanceAction = { type: 'hardForkInitiation', version: { major: 11, minor: 0 } };
    const drepsYes = [...ccYes, drepVote(drepA, 'yes')];
    const withX = proposal(0, action, [...drepsYes, poolVote(POOL_X, 'yes')]);
    expect(ratify(input([withX])).ratified).toEqual([keyOf(withX)]);
    const withY = proposal(0, action, [...drepsYes, poolVote(POOL_Y, 'yes')]);
    expect(ratify(input([withY])).ratified).toEqual([]);
  });

  it('counts a pool not voting on a no-confidence motion as its reward account delegation says', () => {
    const motion = proposal(0, { type: 'noConfidence' }, [drepVote(drepA, 'yes'), poolVote(POOL_Y, 'yes')]);
    // DReps 70/100 ≥ 0.67; pools: Y 40 of 100 < 0.51 …
    expect(ratify(input([motion])).ratified).toEqual([]);
    // … but X's reward account delegates to always-no-confidence: 100 of 100.
    const poolDefaults = new Map([[POOL_X, 'noConfidence' as const]]);
    expect(ratify(input([motion], { poolDefaults })).ratified).toEqual([keyOf(motion)]);
    // Always-abstain leaves X out: Y's 40 of 40.
    const abstaining = new Map([[POOL_X, 'abstain' as const]]);
    expect(ratify(input([motion], { poolDefaults: abstaining })).ratified).toEqual([keyOf(motion)]);
  });

  it('delays every other action in the run after a delaying one, and checks the ancestor chain', () => {
    const motion = proposal(0, { type: 'noConfidence' }, [drepVote(drepA, 'yes'), poolVote(POOL_X, 'yes')]);
    const withdrawal = proposal(1, treasury(100n), [...ccYes, drepVote(drepA, 'yes')]);
    // The motion comes first by priority; the withdrawal waits (and would need a committee anyway).
    expect(ratify(input([withdrawal, motion])).ratified).toEqual([keyOf(motion)]);
    const stale = proposal(
      2,
      { type: 'noConfidence', ancestor: { transaction: { id: 'cd'.repeat(32) }, index: 0 } },
      [drepVote(drepA, 'yes'), poolVote(POOL_X, 'yes')],
    );
    expect(ratify(input([stale])).ratified).toEqual([]);
  });
});
