/**
 * Governance: Conway proposals/votes, and the pre-Conway protocol-parameter
 * update field (body key 6), which Ogmios v6 also reports as `proposals`
 * (one per genesis delegate, `hardForkInitiation` split off when the update
 * carries a protocol version) plus one genesis-delegate `yes` vote each.
 */
import type { GovernanceProposal, GovernanceVote } from '@cardano-ogmios/schema';
import { encodePoolId, encodeRewardAccount } from './address.js';
import { type Cbor, bytes, hex, items, map, ratio, toNumber } from './codec.js';
import { anchor, credential } from './credential.js';
import { coin } from './value.js';

type Json = Record<string, unknown>;

/** CDDL `proposal_procedure = [deposit, reward_account, gov_action, anchor]`. */
export function proposalProcedure(raw: Cbor): GovernanceProposal {
  const [deposit, returnAccount, action, metadata] = raw as Cbor[];
  return {
    deposit: coin(deposit),
    returnAccount: encodeRewardAccount(bytes(returnAccount)),
    metadata: anchor(metadata),
    action: governanceAction(action as Cbor[]),
  } as unknown as GovernanceProposal;
}

function ancestor(raw: Cbor): Json {
  if (raw === null) return {};
  const [id, index] = raw as [Cbor, Cbor];
  return { ancestor: { transaction: { id: hex(bytes(id)) }, index: toNumber(index) } };
}

function guardrails(raw: Cbor): { hash: string } | null {
  return raw === null || raw === undefined ? null : { hash: hex(bytes(raw)) };
}

function governanceAction([type, a, b, c, d]: Cbor[]): Json {
  switch (type) {
    case 0:
      return {
        type: 'protocolParametersUpdate',
        ...ancestor(a),
        parameters: parameters(b),
        guardrails: guardrails(c),
      };
    case 1:
      return { type: 'hardForkInitiation', ...ancestor(a), version: protocolVersion(b) };
    case 2: {
      const withdrawals: Json = {};
      for (const [account, amount] of map(a)) withdrawals[encodeRewardAccount(bytes(account))] = coin(amount);
      return { type: 'treasuryWithdrawals', withdrawals, guardrails: guardrails(b) };
    }
    case 3:
      return { type: 'noConfidence', ...ancestor(a) };
    case 4:
      return {
        type: 'constitutionalCommittee',
        ...ancestor(a),
        members: {
          added: sortedEntries(c, credentialOrder).map(([member, epoch]) => ({
            ...credential(member),
            mandate: { epoch: toNumber(epoch) },
          })),
          removed: items(b).sort(byKey(credentialOrder)).map(credential),
        },
        quorum: ratio(d),
      };
    case 5: {
      const [metadata, script] = b as [Cbor, Cbor];
      return {
        type: 'constitution',
        ...ancestor(a),
        metadata: anchor(metadata),
        guardrails: guardrails(script),
      };
    }
    case 6:
      return { type: 'information' };
    default:
      throw new Error(`unknown governance action ${String(type)}`);
  }
}

/*
 * Ogmios walks ledger Maps/Sets, i.e. in key order. Derived Haskell `Ord`s: a Credential is
 * `ScriptHashObj | KeyHashObj` (scripts first); a Voter is committee < DRep < stake pool.
 */
const credentialOrder = (raw: Cbor) => {
  const [kind, hash] = raw as [number, Cbor];
  return `${1 - kind}${hex(bytes(hash))}`;
};
// CDDL voter kinds: 0/1 committee key/script, 2/3 DRep key/script, 4 pool.
const voterOrder = (raw: Cbor) => {
  const [kind, hash] = raw as [number, Cbor];
  return `${kind < 4 ? kind ^ 1 : kind}${hex(bytes(hash))}`;
};
const proposalOrder = (raw: Cbor) => {
  const [id, index] = raw as [Cbor, Cbor];
  return `${hex(bytes(id))}${toNumber(index).toString(16).padStart(8, '0')}`;
};

function byKey(order: (raw: Cbor) => string) {
  return (a: Cbor, b: Cbor) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0);
}

function sortedEntries(raw: Cbor, order: (key: Cbor) => string): [Cbor, Cbor][] {
  const compare = byKey(order);
  return [...map(raw)].sort(([a], [b]) => compare(a, b));
}

const VOTER_ROLES = [
  'constitutionalCommittee',
  'constitutionalCommittee',
  'delegateRepresentative',
  'delegateRepresentative',
];
const VOTES = ['no', 'yes', 'abstain'] as const;

/** CDDL `voting_procedures = {voter => {gov_action_id => [vote, anchor/null]}}`, flattened. */
export function votingProcedures(raw: Cbor): GovernanceVote[] {
  const votes: GovernanceVote[] = [];
  for (const [voter, ballots] of sortedEntries(raw, voterOrder)) {
    const [kind, hash] = voter as [number, Cbor];
    const issuer =
      kind === 4
        ? { role: 'stakePoolOperator', id: encodePoolId(bytes(hash)) }
        : { role: VOTER_ROLES[kind], ...credential([kind % 2, hash]) };
    for (const [proposal, ballot] of sortedEntries(ballots, proposalOrder)) {
      const [vote, metadata] = ballot as [number, Cbor];
      const [id, index] = proposal as [Cbor, Cbor];
      votes.push({
        issuer,
        vote: VOTES[vote],
        proposal: { transaction: { id: hex(bytes(id)) }, index: toNumber(index) },
        ...(metadata === null ? {} : { metadata: anchor(metadata) }),
      } as GovernanceVote);
    }
  }
  return votes;
}

/** Pre-Conway `update = [{genesis_hash => protocol_param_update}, epoch]`. */
export function protocolUpdate(raw: Cbor): { proposals: GovernanceProposal[]; votes: GovernanceVote[] } {
  const [updates] = raw as [Cbor, Cbor];
  // The ledger keeps the proposals in a Map keyed by genesis key hash, i.e. sorted.
  const entries = [...map(updates)]
    .map(([key, update]) => [hex(bytes(key)), map(update)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const proposals: GovernanceProposal[] = [];
  const votes: GovernanceVote[] = [];
  for (const [key, update] of entries) {
    votes.push({ issuer: { role: 'genesisDelegate', id: key }, vote: 'yes' } as GovernanceVote);
    const version = update.get(14);
    const others = new Map([...update].filter(([field]) => field !== 14));
    if (version !== undefined) {
      proposals.push({
        action: { type: 'hardForkInitiation', version: protocolVersion(version) },
      } as GovernanceProposal);
    }
    if (version === undefined || others.size > 0) {
      proposals.push({
        action: { type: 'protocolParametersUpdate', parameters: parameters(others), guardrails: null },
      } as GovernanceProposal);
    }
  }
  return { proposals, votes };
}

function protocolVersion(raw: Cbor): { major: number; minor: number } {
  const [major, minor] = raw as [Cbor, Cbor];
  return { major: toNumber(major), minor: toNumber(minor) };
}

const bytesOf = (value: Cbor) => ({ bytes: toNumber(value) });
const executionUnits = (value: Cbor) => {
  const [memory, cpu] = value as [Cbor, Cbor];
  return { memory: toNumber(memory), cpu: toNumber(cpu) };
};
const COST_MODEL_LANGUAGES = ['plutus:v1', 'plutus:v2', 'plutus:v3'];

/** `protocol_param_update` field number → Ogmios name and encoder (Shelley … Conway CDDL). */
const PARAMETERS: Record<number, [string, (value: Cbor) => unknown]> = {
  0: ['minFeeCoefficient', toNumber],
  1: ['minFeeConstant', coin],
  2: ['maxBlockBodySize', bytesOf],
  3: ['maxTransactionSize', bytesOf],
  4: ['maxBlockHeaderSize', bytesOf],
  5: ['stakeCredentialDeposit', coin],
  6: ['stakePoolDeposit', coin],
  7: ['stakePoolRetirementEpochBound', toNumber],
  8: ['desiredNumberOfStakePools', toNumber],
  9: ['stakePoolPledgeInfluence', ratio],
  10: ['monetaryExpansion', ratio],
  11: ['treasuryExpansion', ratio],
  12: ['federatedBlockProductionRatio', ratio],
  13: [
    'extraEntropy',
    (value) => ((value as Cbor[])[0] === 0 ? 'neutral' : hex(bytes((value as Cbor[])[1]))),
  ],
  14: ['version', protocolVersion],
  15: ['minUtxoDepositConstant', coin],
  16: ['minStakePoolCost', coin],
  17: ['minUtxoDepositCoefficient', toNumber],
  18: [
    'plutusCostModels',
    (value) =>
      Object.fromEntries(
        [...map(value)].map(([language, model]) => [
          COST_MODEL_LANGUAGES[toNumber(language)],
          items(model).map(toNumber),
        ]),
      ),
  ],
  19: [
    'scriptExecutionPrices',
    (value) => {
      const [memory, cpu] = value as [Cbor, Cbor];
      return { memory: ratio(memory), cpu: ratio(cpu) };
    },
  ],
  20: ['maxExecutionUnitsPerTransaction', executionUnits],
  21: ['maxExecutionUnitsPerBlock', executionUnits],
  22: ['maxValueSize', bytesOf],
  23: ['collateralPercentage', toNumber],
  24: ['maxCollateralInputs', toNumber],
  25: [
    'stakePoolVotingThresholds',
    (value) => {
      const [noConfidence, committee, committeeNoConfidence, hardFork, security] = (value as Cbor[]).map(
        ratio,
      );
      return {
        noConfidence,
        constitutionalCommittee: { default: committee, stateOfNoConfidence: committeeNoConfidence },
        hardForkInitiation: hardFork,
        protocolParametersUpdate: { security },
      };
    },
  ],
  26: [
    'delegateRepresentativeVotingThresholds',
    (value) => {
      const [
        noConfidence,
        committee,
        committeeNoConfidence,
        constitution,
        hardFork,
        network,
        economic,
        technical,
        governance,
        treasury,
      ] = (value as Cbor[]).map(ratio);
      return {
        noConfidence,
        constitutionalCommittee: { default: committee, stateOfNoConfidence: committeeNoConfidence },
        constitution,
        hardForkInitiation: hardFork,
        protocolParametersUpdate: { network, economic, technical, governance },
        treasuryWithdrawals: treasury,
      };
    },
  ],
  27: ['constitutionalCommitteeMinSize', toNumber],
  28: ['constitutionalCommitteeMaxTermLength', toNumber],
  29: ['governanceActionLifetime', toNumber],
  30: ['governanceActionDeposit', coin],
  31: ['delegateRepresentativeDeposit', coin],
  32: ['delegateRepresentativeMaxIdleTime', toNumber],
  33: [
    'minFeeReferenceScripts',
    // The ledger has only the per-byte base; Ogmios adds the fixed tiering constants.
    (value) => {
      const [n, d] = ratio(value).split('/').map(Number);
      return { range: 25600, base: n! / d!, multiplier: 1.2 };
    },
  ],
};

function parameters(raw: Cbor): Json {
  const result: Json = {};
  for (const [field, value] of map(raw)) {
    const entry = PARAMETERS[toNumber(field)];
    if (entry === undefined) throw new Error(`unknown protocol parameter ${String(field)}`);
    result[entry[0]] = entry[1](value);
  }
  return result;
}
