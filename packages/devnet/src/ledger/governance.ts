import type { Anchor, Certificate, DelegateRepresentative, GovernanceVote } from '@cardano-ogmios/schema';
import type { OgmiosTransaction } from '../convert/index.js';
import type { RpcError } from '../server/rpc.js';
import { credentialKey, type Credential } from './ledger-data.js';
import { parameterReader } from './parameters.js';
import * as errors from './submit-errors.js';
import type { ProposalReference, Voter } from './submit-errors.js';

/**
 * Conway's governance rules for one transaction (the ledger's GOVCERT and GOV rules): DRep registrations,
 * updates and retirements with their deposits, committee hot-key authorisations and resignations,
 * proposal procedures (deposit, guardrails, the previous action of their purpose) and voting procedures
 * (voter known, proposal alive, voter allowed to vote on its action). Ratification and enactment happen
 * at the epoch boundary (src/ledger/ratification.ts).
 */

type CredentialOrigin = Credential['from'];

export interface DrepState {
  id: string;
  from: CredentialOrigin;
  deposit: bigint;
  metadata?: Anchor;
  /** The last epoch the DRep counts as active (its mandate): renewed by an update or a vote. */
  expiry: number;
}

export type VoteChoice = GovernanceVote['vote'];

/** A proposal procedure the ledger holds until it is enacted, expires or loses its ancestor. */
export interface ProposalState {
  proposal: ProposalReference;
  deposit: bigint;
  returnAccount: string;
  metadata: Anchor;
  /** Ogmios' `GovernanceAction`. */
  action: GovernanceAction;
  /** Proposed in this epoch; expires after `until`. */
  since: number;
  until: number;
  /** By voter key (`voterKey`): the latest vote of each voter. */
  votes: ReadonlyMap<string, { issuer: Voter; vote: VoteChoice }>;
}

/** The Ogmios action fields the rules read; the rest is kept as the transaction states it. */
export interface GovernanceAction {
  type: string;
  ancestor?: ProposalReference;
  guardrails?: { hash: string } | null;
  withdrawals?: Record<string, { ada: { lovelace: number | bigint } }>;
  parameters?: Record<string, unknown>;
  version?: { major: number; minor: number };
  members?: {
    added: { id: string; from: CredentialOrigin; mandate: { epoch: number } }[];
    removed: { id: string; from: CredentialOrigin }[];
  };
  quorum?: string;
  metadata?: Anchor;
}

export type CommitteeDelegate =
  | { status: 'authorized'; id: string; from: CredentialOrigin }
  | { status: 'resigned'; metadata?: Anchor }
  | { status: 'none' };

export interface CommitteeMember {
  id: string;
  from: CredentialOrigin;
  /** The last epoch of the member's term. */
  mandate: number;
  delegate: CommitteeDelegate;
}

/** The purposes whose actions form chains: each names the last enacted action of its purpose. */
export type Purpose =
  'protocolParametersUpdate' | 'hardForkInitiation' | 'constitutionalCommittee' | 'constitution';

/** What enactment changes: the constitution, the committee's quorum, the chains' heads, the parameters. */
export interface GovernanceSettings {
  constitution: { metadata: Anchor; guardrails: { hash: string } | null };
  /** The committee's quorum; null in a state of no confidence (there is no committee). */
  quorum: string | null;
  lastEnacted: Partial<Record<Purpose, string>>;
  /** Protocol parameters enacted by governance, over those of the genesis and the chain file. */
  parameters: Record<string, unknown>;
  /** The ratification run at the last boundary: enacted and removed at the next one. */
  pending: { ratified: string[]; expired: string[] };
  /** Stake delegated to each DRep (credential key, 'abstain', 'noConfidence') at the last boundary. */
  drepStake: ReadonlyMap<string, bigint>;
}

/** What a transaction's governance parts read. */
export interface GovernanceView {
  drep(drep: Credential): DrepState | undefined;
  poolRegistered(id: string): boolean;
  proposal(key: string): ProposalState | undefined;
  committeeMembers(): CommitteeMember[];
  governance(): GovernanceSettings;
}

/** What a transaction's governance parts change. */
export interface GovernanceChanges {
  /** DRep credential keys → the DRep's new state (false: retired). */
  dreps: Map<string, DrepState | false>;
  /** Proposal keys → the proposal with its new votes. */
  proposals: Map<string, ProposalState>;
  /** Committee member keys → the member with its new hot key or resignation. */
  committee: Map<string, CommitteeMember>;
}

/** The protocol parameters and the epoch the rules of a transaction read. */
export interface LedgerRules {
  epoch: number;
  keyDeposit: bigint;
  drepDeposit: bigint;
  proposalDeposit: bigint;
  proposalLifetime: number;
  drepActivity: number;
}

export function ledgerRules(protocolParameters: Record<string, unknown>, epoch: number): LedgerRules {
  const parameters = parameterReader(protocolParameters);
  return {
    epoch,
    keyDeposit: parameters.lovelace('stakeCredentialDeposit'),
    drepDeposit: parameters.lovelace('delegateRepresentativeDeposit'),
    proposalDeposit: parameters.lovelace('governanceActionDeposit'),
    proposalLifetime: parameters.number('governanceActionLifetime'),
    drepActivity: parameters.number('delegateRepresentativeMaxIdleTime'),
  };
}

export const proposalKey = ({ transaction, index }: ProposalReference) => `${transaction.id}#${index}`;

export function voterKey(voter: Voter): string {
  return voter.role === 'stakePoolOperator' ? `pool:${voter.id}` : `${voter.role}:${voter.from}:${voter.id}`;
}

export function purposeOf(type: string): Purpose | undefined {
  if (type === 'noConfidence') return 'constitutionalCommittee';
  return (
    ['protocolParametersUpdate', 'hardForkInitiation', 'constitutionalCommittee', 'constitution'] as const
  ).find((purpose) => purpose === type);
}

/** Protocol parameters whose change needs the stake pools' vote too (the security group). */
export const SECURITY_PARAMETERS = new Set([
  'maxBlockBodySize',
  'maxTransactionSize',
  'maxBlockHeaderSize',
  'maxValueSize',
  'maxExecutionUnitsPerBlock',
  'minFeeCoefficient',
  'minFeeConstant',
  'minUtxoDepositCoefficient',
  'governanceActionDeposit',
  'minFeeReferenceScripts',
]);

/** Whether a voter of `role` may vote on an action of `type` (CIP-1694's table). */
export function mayVote(role: Voter['role'], action: GovernanceAction): boolean {
  switch (role) {
    case 'constitutionalCommittee':
      return action.type !== 'noConfidence' && action.type !== 'constitutionalCommittee';
    case 'stakePoolOperator':
      if (action.type === 'protocolParametersUpdate')
        return Object.keys(action.parameters ?? {}).some((name) => SECURITY_PARAMETERS.has(name));
      return action.type !== 'constitution' && action.type !== 'treasuryWithdrawals';
    default:
      return true;
  }
}

const lovelaceOf = (value: { ada: { lovelace: number | bigint } } | undefined) =>
  value === undefined ? undefined : BigInt(value.ada.lovelace);

/** A DRep registration, update or retirement: its deposit and its state (delegators are the caller's). */
export function applyDrepCertificate(
  certificate: Extract<
    Certificate,
    {
      type:
        | 'delegateRepresentativeRegistration'
        | 'delegateRepresentativeUpdate'
        | 'delegateRepresentativeRetirement';
    }
  >,
  credential: Credential,
  state: GovernanceView,
  rules: LedgerRules,
  changes: GovernanceChanges,
): RpcError | undefined {
  const drep = certificate.delegateRepresentative as DelegateRepresentative;
  const current = state.drep(credential);
  const key = credentialKey(credential);
  const metadata = (certificate as { metadata?: Anchor | null }).metadata ?? undefined;
  const mandate = rules.epoch + rules.drepActivity;
  switch (certificate.type) {
    case 'delegateRepresentativeRegistration': {
      if (current !== undefined) return errors.delegateRepresentativeAlreadyRegistered(drep);
      const deposit = lovelaceOf(certificate.deposit)!;
      if (deposit !== rules.drepDeposit) return errors.credentialDepositMismatch(deposit, rules.drepDeposit);
      const registered = { id: credential.credential, from: credential.from, deposit, expiry: mandate };
      changes.dreps.set(key, metadata === undefined ? registered : { ...registered, metadata });
      return undefined;
    }
    case 'delegateRepresentativeUpdate': {
      if (current === undefined) return errors.delegateRepresentativeNotRegistered(drep);
      const { metadata: _, ...rest } = current;
      changes.dreps.set(key, { ...rest, ...(metadata === undefined ? {} : { metadata }), expiry: mandate });
      return undefined;
    }
    default: {
      if (current === undefined) return errors.delegateRepresentativeNotRegistered(drep);
      const refund = lovelaceOf(certificate.deposit)!;
      if (refund !== current.deposit) return errors.credentialDepositMismatch(refund, current.deposit);
      changes.dreps.set(key, false);
      return undefined;
    }
  }
}

/** A committee member's hot-key authorisation or resignation: only a member that has not resigned may. */
export function applyCommitteeCertificate(
  certificate: Extract<
    Certificate,
    { type: 'constitutionalCommitteeDelegation' | 'constitutionalCommitteeRetirement' }
  >,
  state: GovernanceView,
  changes: GovernanceChanges,
): RpcError | undefined {
  const { member } = certificate;
  const current = state.committeeMembers().find(({ id, from }) => id === member.id && from === member.from);
  if (current === undefined || current.delegate.status === 'resigned')
    return errors.unknownCommitteeMember(member);
  const metadata = (certificate as { metadata?: Anchor }).metadata;
  const delegate: CommitteeDelegate =
    certificate.type === 'constitutionalCommitteeDelegation'
      ? { status: 'authorized', ...(certificate.delegate as { id: string; from: CredentialOrigin }) }
      : { status: 'resigned', ...(metadata === undefined ? {} : { metadata }) };
  changes.committee.set(memberKey(current), { ...current, delegate });
  return undefined;
}

export const memberKey = ({ id, from }: { id: string; from: CredentialOrigin }) =>
  credentialKey({ from, credential: id });

interface ConwayProposal {
  deposit: { ada: { lovelace: number | bigint } };
  returnAccount: string;
  metadata: Anchor;
  action: GovernanceAction;
}

/** Conway proposal procedures (a pre-Conway update or MIR transfer has no deposit). */
function conwayProposals(transaction: OgmiosTransaction): ConwayProposal[] {
  return ((transaction.proposals ?? []) as unknown as Partial<ConwayProposal>[]).filter(
    (proposal): proposal is ConwayProposal =>
      proposal.deposit !== undefined && proposal.returnAccount !== undefined,
  );
}

/** The proposal procedures of a transaction, checked and stored with their expiry. */
export function applyProposals(
  transaction: OgmiosTransaction,
  state: GovernanceView,
  rules: LedgerRules,
  changes: GovernanceChanges,
): RpcError | undefined {
  const settings = state.governance();
  const guardrails = settings.constitution.guardrails?.hash ?? null;
  for (const [index, { deposit, returnAccount, metadata, action }] of conwayProposals(
    transaction,
  ).entries()) {
    const provided = BigInt(deposit.ada.lovelace);
    if (provided !== rules.proposalDeposit)
      return errors.proposalDepositMismatch(provided, rules.proposalDeposit);
    if (action.type === 'treasuryWithdrawals') {
      const total = Object.values(action.withdrawals ?? {}).reduce(
        (sum, amount) => sum + BigInt(amount.ada.lovelace),
        0n,
      );
      if (total === 0n) return errors.emptyTreasuryWithdrawal();
    }
    if (action.type === 'treasuryWithdrawals' || action.type === 'protocolParametersUpdate') {
      const stated = action.guardrails?.hash ?? null;
      if (stated !== guardrails) return errors.guardrailsHashMismatch(stated, guardrails);
    }
    const purpose = purposeOf(action.type);
    if (
      purpose !== undefined &&
      !ancestorValid(action, purpose, settings.lastEnacted, (key) => state.proposal(key))
    ) {
      return errors.invalidPreviousProposals([
        {
          metadata,
          type: purpose,
          ...(action.ancestor === undefined ? {} : { invalidPreviousProposal: action.ancestor }),
        },
      ]);
    }
    const proposal = { transaction: { id: transaction.id }, index };
    changes.proposals.set(proposalKey(proposal), {
      proposal,
      deposit: provided,
      returnAccount,
      metadata,
      action,
      since: rules.epoch,
      until: rules.epoch + rules.proposalLifetime,
      votes: new Map(),
    });
  }
  return undefined;
}

/** An action's ancestor is the last enacted action of its purpose, or a proposal of that purpose. */
export function ancestorValid(
  action: GovernanceAction,
  purpose: Purpose,
  lastEnacted: GovernanceSettings['lastEnacted'],
  proposal: (key: string) => ProposalState | undefined,
): boolean {
  const ancestor = action.ancestor === undefined ? undefined : proposalKey(action.ancestor);
  if (ancestor === lastEnacted[purpose]) return true;
  const parent = ancestor === undefined ? undefined : proposal(ancestor);
  return parent !== undefined && purposeOf(parent.action.type) === purpose;
}

/** The voting procedures of a transaction, checked and recorded (a DRep's vote renews its mandate). */
export function applyVotes(
  transaction: OgmiosTransaction,
  state: GovernanceView,
  rules: LedgerRules,
  changes: GovernanceChanges,
): RpcError | undefined {
  const votes = ((transaction.votes ?? []) as GovernanceVote[]).filter(
    (vote) => vote.proposal !== undefined && vote.issuer.role !== 'genesisDelegate',
  );
  const unknownVoters: Voter[] = [];
  const unknownProposals: ProposalReference[] = [];
  const unauthorized: { proposal: ProposalReference; voter: Voter }[] = [];
  const expired: { proposal: ProposalReference; voter: Voter }[] = [];
  const members = state.committeeMembers();
  for (const { issuer, proposal: reference } of votes) {
    const voter = issuer as Voter;
    if (!voterKnown(voter, state, members)) unknownVoters.push(voter);
    const proposal = state.proposal(proposalKey(reference!));
    if (proposal === undefined) {
      unknownProposals.push(reference!);
      continue;
    }
    if (!mayVote(voter.role, proposal.action)) unauthorized.push({ proposal: reference!, voter });
    if (proposal.until < rules.epoch) expired.push({ proposal: reference!, voter });
  }
  if (unknownVoters.length > 0) return errors.unknownVoters(unknownVoters);
  if (unknownProposals.length > 0) return errors.unknownGovernanceProposals(unknownProposals);
  if (unauthorized.length > 0) return errors.unauthorizedVotes(unauthorized);
  if (expired.length > 0) return errors.votingOnExpiredActions(expired);
  for (const { issuer, proposal: reference, vote } of votes) {
    const voter = issuer as Voter;
    const key = proposalKey(reference!);
    const proposal = state.proposal(key)!;
    changes.proposals.set(key, {
      ...proposal,
      votes: new Map(proposal.votes).set(voterKey(voter), { issuer: voter, vote }),
    });
    if (voter.role === 'delegateRepresentative') {
      const credential = { from: voter.from, credential: voter.id };
      changes.dreps.set(credentialKey(credential), {
        ...state.drep(credential)!,
        expiry: rules.epoch + rules.drepActivity,
      });
    }
  }
  return undefined;
}

function voterKnown(voter: Voter, state: GovernanceView, members: CommitteeMember[]): boolean {
  switch (voter.role) {
    case 'stakePoolOperator':
      return state.poolRegistered(voter.id);
    case 'delegateRepresentative':
      return state.drep({ from: voter.from, credential: voter.id }) !== undefined;
    default:
      return members.some(
        ({ delegate }) =>
          delegate.status === 'authorized' && delegate.id === voter.id && delegate.from === voter.from,
      );
  }
}

/** `base` after `changes` (what the next transaction of a block or the mempool sees). */
export function governanceWithChanges(
  base: GovernanceView,
  changes: GovernanceChanges,
): Omit<GovernanceView, 'poolRegistered'> {
  return {
    drep: (drep) => {
      const change = changes.dreps.get(credentialKey(drep));
      if (change === undefined) return base.drep(drep);
      return change === false ? undefined : change;
    },
    proposal: (key) => changes.proposals.get(key) ?? base.proposal(key),
    committeeMembers: () =>
      base.committeeMembers().map((member) => changes.committee.get(memberKey(member)) ?? member),
    governance: () => base.governance(),
  };
}
