import { parseRatio, type Ratio } from './epoch-boundary.js';
import {
  ancestorValid,
  proposalKey,
  purposeOf,
  SECURITY_PARAMETERS,
  voterKey,
  type CommitteeMember,
  type DrepState,
  type GovernanceAction,
  type Purpose,
  type ProposalState,
} from './governance.js';

/**
 * Conway's ratification (the RATIFY rule of CIP-1694), as a pure function run at an epoch boundary on
 * the proposals and votes of that moment: each proposal, in priority order, is ratified when the
 * committee, the DReps and the stake pools each accept it by the thresholds of the protocol parameters
 * (those whose vote its action needs). What it ratifies is enacted at the next boundary; an enacted
 * action of a delaying kind (no confidence, committee, constitution, hard fork) stops ratification for
 * the rest of the run. Info actions are never ratified; a proposal past its `until` epoch expires.
 */

export interface RatificationInput {
  /** The epoch that starts at this boundary. */
  epoch: number;
  /** In submission order. */
  proposals: ProposalState[];
  /** Stake delegated to each DRep: credential key, 'abstain' or 'noConfidence'. */
  drepStake: ReadonlyMap<string, bigint>;
  /** The registered DReps by credential key. */
  dreps: ReadonlyMap<string, DrepState>;
  /** Stake delegated to each pool. */
  poolStake: ReadonlyMap<string, bigint>;
  /** A pool's vote when it casts none: its reward account's delegation to always-abstain or no-confidence. */
  poolDefaults: ReadonlyMap<string, 'abstain' | 'noConfidence'>;
  committee: CommitteeMember[];
  /** The committee's quorum; null in a state of no confidence. */
  quorum: string | null;
  treasury: bigint;
  lastEnacted: Partial<Record<Purpose, string>>;
  /** Ogmios `protocolParameters`: the thresholds and the committee's minimum size. */
  protocolParameters: Record<string, unknown>;
}

export interface Ratification {
  /** Proposal keys, in the order they are to be enacted. */
  ratified: string[];
  expired: string[];
}

/** The ledger's priorities: lower first; ties keep submission order. */
const PRIORITY: Record<string, number> = {
  noConfidence: 0,
  constitutionalCommittee: 1,
  constitution: 2,
  hardForkInitiation: 3,
  protocolParametersUpdate: 4,
  treasuryWithdrawals: 5,
  information: 6,
};

const DELAYING = new Set(['noConfidence', 'constitutionalCommittee', 'constitution', 'hardForkInitiation']);

export function ratify(input: RatificationInput): Ratification {
  const ordered = input.proposals
    .map((proposal, order) => ({ proposal, order }))
    .sort(
      (a, b) => PRIORITY[a.proposal.action.type]! - PRIORITY[b.proposal.action.type]! || a.order - b.order,
    )
    .map(({ proposal }) => proposal);
  const lastEnacted = { ...input.lastEnacted };
  const byKey = new Map(input.proposals.map((proposal) => [keyOf(proposal), proposal]));
  let treasury = input.treasury;
  let quorum = input.quorum;
  let delayed = false;
  const ratified: string[] = [];
  const expired: string[] = [];
  for (const proposal of ordered) {
    const key = keyOf(proposal);
    const { action } = proposal;
    const purpose = purposeOf(action.type);
    const withdrawn = withdrawalTotal(action);
    const accepted =
      !delayed &&
      action.type !== 'information' &&
      (purpose === undefined ||
        ancestorValid(action, purpose, lastEnacted, (ancestor) => byKey.get(ancestor))) &&
      withdrawn <= treasury &&
      committeeAccepts(proposal, { ...input, quorum }) &&
      drepsAccept(proposal, { ...input, quorum }) &&
      poolsAccept(proposal, { ...input, quorum });
    if (accepted) {
      ratified.push(key);
      treasury -= withdrawn;
      if (purpose !== undefined) lastEnacted[purpose] = key;
      if (action.type === 'noConfidence') quorum = null;
      if (action.type === 'constitutionalCommittee') quorum = action.quorum!;
      if (DELAYING.has(action.type)) delayed = true;
    } else if (proposal.until < input.epoch) expired.push(key);
  }
  return { ratified, expired };
}

const keyOf = ({ proposal }: ProposalState) => proposalKey(proposal);

export function withdrawalTotal(action: GovernanceAction): bigint {
  if (action.type !== 'treasuryWithdrawals') return 0n;
  return Object.values(action.withdrawals ?? {}).reduce((sum, { ada }) => sum + BigInt(ada.lovelace), 0n);
}

/** yes / total ≥ threshold (a zero total is a ratio of zero, as in the ledger). */
function meets([yes, total]: [bigint, bigint], [numerator, denominator]: Ratio): boolean {
  if (total === 0n) return numerator === 0n;
  return yes * denominator >= numerator * total;
}

/**
 * The committee accepts when the active members with a hot key (term not over, not resigned) voting
 * yes make the quorum of those voting yes or no (not voting counts as no). Actions on the committee
 * itself and no-confidence motions need no committee vote; a state of no confidence, or fewer active
 * members than the minimum size, accepts nothing else.
 */
function committeeAccepts(proposal: ProposalState, input: RatificationInput): boolean {
  const { type } = proposal.action;
  if (type === 'noConfidence' || type === 'constitutionalCommittee') return true;
  if (input.quorum === null) return false;
  const active = input.committee.filter(
    (member) => member.mandate >= input.epoch && member.delegate.status === 'authorized',
  );
  const minimum = Number(input.protocolParameters.constitutionalCommitteeMinSize ?? 0);
  if (active.length < minimum) return false;
  let yes = 0n;
  let total = 0n;
  for (const { delegate } of active) {
    if (delegate.status !== 'authorized') continue;
    const vote = proposal.votes.get(voterKey({ role: 'constitutionalCommittee', ...delegate }))?.vote;
    if (vote === 'abstain') continue;
    total += 1n;
    if (vote === 'yes') yes += 1n;
  }
  return meets([yes, total], parseRatio(input.quorum));
}

interface Thresholds {
  noConfidence: string;
  constitutionalCommittee: { default: string; stateOfNoConfidence: string };
  hardForkInitiation: string;
}

interface DrepThresholds extends Thresholds {
  constitution: string;
  protocolParametersUpdate: Record<'network' | 'economic' | 'technical' | 'governance', string>;
  treasuryWithdrawals: string;
}

interface PoolThresholds extends Thresholds {
  protocolParametersUpdate: { security: string };
}

/** The parameter groups a DRep vote on a parameter change is measured against (the highest applies). */
const PARAMETER_GROUPS: Record<keyof DrepThresholds['protocolParametersUpdate'], string[]> = {
  network: [
    'maxBlockBodySize',
    'maxTransactionSize',
    'maxBlockHeaderSize',
    'maxValueSize',
    'maxExecutionUnitsPerTransaction',
    'maxExecutionUnitsPerBlock',
    'maxCollateralInputs',
  ],
  economic: [
    'minFeeCoefficient',
    'minFeeConstant',
    'stakeCredentialDeposit',
    'stakePoolDeposit',
    'monetaryExpansion',
    'treasuryExpansion',
    'minStakePoolCost',
    'minUtxoDepositCoefficient',
    'scriptExecutionPrices',
    'minFeeReferenceScripts',
  ],
  technical: [
    'stakePoolPledgeInfluence',
    'stakePoolRetirementEpochBound',
    'desiredNumberOfStakePools',
    'plutusCostModels',
    'collateralPercentage',
  ],
  governance: [
    'stakePoolVotingThresholds',
    'delegateRepresentativeVotingThresholds',
    'constitutionalCommitteeMinSize',
    'constitutionalCommitteeMaxTermLength',
    'governanceActionLifetime',
    'governanceActionDeposit',
    'delegateRepresentativeDeposit',
    'delegateRepresentativeMaxIdleTime',
  ],
};

/** The highest of `ratios`, or undefined when there are none. */
function highest(ratios: string[]): Ratio | undefined {
  return ratios
    .map(parseRatio)
    .reduce<Ratio | undefined>(
      (best, ratio) => (best === undefined || ratio[0] * best[1] > best[0] * ratio[1] ? ratio : best),
      undefined,
    );
}

/** The thresholds DReps and pools both have, for the actions both vote on. */
function commonThreshold(
  type: 'noConfidence' | 'constitutionalCommittee' | 'hardForkInitiation',
  thresholds: Thresholds,
  quorum: string | null,
): Ratio {
  if (type === 'constitutionalCommittee')
    return parseRatio(
      thresholds.constitutionalCommittee[quorum === null ? 'stateOfNoConfidence' : 'default'],
    );
  return parseRatio(thresholds[type]);
}

/** The DRep threshold of an action; undefined: DReps cannot ratify it (info actions). */
function drepThreshold(action: GovernanceAction, input: RatificationInput): Ratio | undefined {
  const thresholds = input.protocolParameters.delegateRepresentativeVotingThresholds as DrepThresholds;
  switch (action.type) {
    case 'noConfidence':
    case 'constitutionalCommittee':
    case 'hardForkInitiation':
      return commonThreshold(action.type, thresholds, input.quorum);
    case 'constitution':
      return parseRatio(thresholds.constitution);
    case 'protocolParametersUpdate': {
      const changed = Object.keys(action.parameters ?? {});
      const groups = Object.entries(PARAMETER_GROUPS)
        .filter(([, names]) => names.some((name) => changed.includes(name)))
        .map(([group]) => thresholds.protocolParametersUpdate[group as keyof typeof PARAMETER_GROUPS]);
      return highest(groups) ?? [0n, 1n];
    }
    case 'treasuryWithdrawals':
      return parseRatio(thresholds.treasuryWithdrawals);
    default:
      return undefined;
  }
}

/**
 * The DReps accept when the stake of those voting yes (with always-no-confidence's on a no-confidence
 * motion) makes the threshold of the active stake: DReps whose mandate has ended, abstentions and
 * always-abstain are left out; DReps not voting, and always-no-confidence otherwise, count as no.
 */
function drepsAccept(proposal: ProposalState, input: RatificationInput): boolean {
  const threshold = drepThreshold(proposal.action, input);
  if (threshold === undefined) return false;
  const noConfidence = proposal.action.type === 'noConfidence';
  let yes = 0n;
  let total = 0n;
  for (const [key, stake] of input.drepStake) {
    if (key === 'abstain') continue;
    if (key === 'noConfidence') {
      total += stake;
      if (noConfidence) yes += stake;
      continue;
    }
    const drep = input.dreps.get(key);
    if (drep === undefined || drep.expiry < input.epoch) continue;
    const vote = proposal.votes.get(
      voterKey({ role: 'delegateRepresentative', id: drep.id, from: drep.from }),
    )?.vote;
    if (vote === 'abstain') continue;
    total += stake;
    if (vote === 'yes') yes += stake;
  }
  return meets([yes, total], threshold);
}

/** The stake-pool threshold of an action; null: pools do not vote on it; undefined: never ratified. */
function poolThreshold(action: GovernanceAction, input: RatificationInput): Ratio | null | undefined {
  const thresholds = input.protocolParameters.stakePoolVotingThresholds as PoolThresholds;
  switch (action.type) {
    case 'noConfidence':
    case 'constitutionalCommittee':
    case 'hardForkInitiation':
      return commonThreshold(action.type, thresholds, input.quorum);
    case 'protocolParametersUpdate':
      return Object.keys(action.parameters ?? {}).some((name) => SECURITY_PARAMETERS.has(name))
        ? parseRatio(thresholds.protocolParametersUpdate.security)
        : null;
    case 'information':
      return undefined;
    default:
      return null;
  }
}

/**
 * The pools accept when the stake of those voting yes makes the threshold of the stake not abstaining.
 * A pool not voting counts as its reward account's DRep delegation says (always-abstain: abstains;
 * always-no-confidence: yes on a no-confidence motion, no otherwise), else as no; on a hard fork, as no.
 */
function poolsAccept(proposal: ProposalState, input: RatificationInput): boolean {
  const threshold = poolThreshold(proposal.action, input);
  if (threshold === null) return true;
  if (threshold === undefined) return false;
  const { type } = proposal.action;
  let yes = 0n;
  let total = 0n;
  for (const [id, stake] of input.poolStake) {
    const cast = proposal.votes.get(voterKey({ role: 'stakePoolOperator', id }))?.vote;
    const fallback = type === 'hardForkInitiation' ? undefined : input.poolDefaults.get(id);
    const vote =
      cast ??
      (fallback === 'abstain'
        ? 'abstain'
        : fallback === 'noConfidence' && type === 'noConfidence'
          ? 'yes'
          : 'no');
    if (vote === 'abstain') continue;
    total += stake;
    if (vote === 'yes') yes += stake;
  }
  return meets([yes, total], threshold);
}
