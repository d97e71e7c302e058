import { Decoder, Encoder } from 'cbor-x';
import type { Credential } from '../credential.js';
import { bytesToHex } from '../hex.js';
import { decodeAnchor, type Anchor } from './certificates.js';

/** A governance action's id: the proposing transaction and the proposal's position in it. */
export interface GovActionId {
  txHash: string;
  index: number;
}

/** Blockfrost's `governance_type`: db-sync's gov_action_proposal.type in snake case. */
export type GovActionType =
  | 'parameter_change'
  | 'hard_fork_initiation'
  | 'treasury_withdrawals'
  | 'no_confidence'
  | 'new_committee'
  | 'new_constitution'
  | 'info_action';

/** A governance action with the parts the endpoints read (CDDL `gov_action`). */
export interface GovAction {
  type: GovActionType;
  /** the previous action of the same purpose this one builds on; null where it names none or has no purpose */
  previous: GovActionId | null;
  /** the proposed protocol parameter update (CDDL `protocol_param_update`) re-encoded as CBOR, for parameter changes */
  parameterUpdate: string | null;
  /** raw reward accounts (header byte + credential) and amounts, in the ledger's map order, for withdrawals */
  withdrawals: { rewardAccount: string; amount: bigint }[];
  /** the guardrails script hash a parameter change or withdrawal names */
  policyHash: string | null;
  /** Blockfrost's governance_description (db-sync's JSON of the action); null where we cannot render it exactly */
  description: Record<string, unknown> | null;
}

/** A proposal procedure (CDDL `proposal_procedure`) at its position in the transaction. */
export interface ProposalProcedure {
  index: number;
  deposit: bigint;
  /** raw reward account: header byte + 28-byte credential */
  returnAccount: string;
  action: GovAction;
  anchor: Anchor;
}

/** db-sync's voter_role names, which Blockfrost lower-cases. */
export type VoterRole = 'constitutional_committee' | 'drep' | 'spo';

export type Vote = 'no' | 'yes' | 'abstain';

/** A voting procedure: one voter's vote on one action (CDDL `voting_procedures` flattened). */
export interface VotingProcedure {
  /** the vote's position among its voter's votes in the transaction, as db-sync's voting_procedure.index */
  index: number;
  voterRole: VoterRole;
  /** the committee hot credential, DRep credential, or pool key hash (a key credential) */
  voter: Credential;
  action: GovActionId;
  vote: Vote;
  anchor: Anchor | null;
}

const decoder = new Decoder({ mapsAsObjects: false, useRecords: false });
const encoder = new Encoder({ mapsAsObjects: false, useRecords: false });

// Transaction body keys (CDDL `? 19 : voting_procedures`, `? 20 : proposal_procedures`).
const VOTING_PROCEDURES_KEY = 19;
const PROPOSAL_PROCEDURES_KEY = 20;

const ACTION_TYPES: GovActionType[] = [
  'parameter_change',
  'hard_fork_initiation',
  'treasury_withdrawals',
  'no_confidence',
  'new_committee',
  'new_constitution',
  'info_action',
];

// CDDL voter: [0 / 1, committee hot key / script], [2 / 3, DRep key / script], [4, pool key hash].
const VOTER_ROLES: VoterRole[] = ['constitutional_committee', 'drep', 'spo'];
const VOTES: Vote[] = ['no', 'yes', 'abstain'];

function body(transactionCbor: Uint8Array): Map<number, unknown> {
  const transaction = decoder.decode(transactionCbor) as unknown[];
  return transaction[0] as Map<number, unknown>;
}

const hex = (raw: unknown) => bytesToHex(raw as Uint8Array);

/** A proposal's anchor, which the CDDL requires. */
const anchor = (raw: unknown): Anchor => decodeAnchor(raw)!;

function govActionId(raw: unknown): GovActionId {
  const [txHash, index] = raw as [Uint8Array, number];
  return { txHash: bytesToHex(txHash), index: Number(index) };
}

const optionalActionId = (raw: unknown) => (raw == null ? null : govActionId(raw));

/** The proposal procedures of a transaction's CBOR, in their order (a Conway body's key 20). */
export function decodeProposalProcedures(transactionCbor: Uint8Array): ProposalProcedure[] {
  const procedures = body(transactionCbor).get(PROPOSAL_PROCEDURES_KEY);
  if (procedures === undefined) return [];
  // nonempty_oset: possibly wrapped in tag 258, which cbor-x decodes to a Set.
  return [...(procedures as Iterable<unknown[]>)].map(
    ([deposit, returnAccount, action, anchorRaw], index) => ({
      index,
      deposit: BigInt(deposit as number | bigint),
      returnAccount: hex(returnAccount),
      action: govAction(action as unknown[]),
      anchor: anchor(anchorRaw),
    }),
  );
}

function govAction(raw: unknown[]): GovAction {
  const tag = Number(raw[0]);
  const action: GovAction = {
    type: ACTION_TYPES[tag]!,
    previous: null,
    parameterUpdate: null,
    withdrawals: [],
    policyHash: null,
    description: null,
  };
  switch (tag) {
    case 0:
      action.previous = optionalActionId(raw[1]);
      action.parameterUpdate = bytesToHex(encoder.encode(raw[2]));
      action.policyHash = raw[3] == null ? null : hex(raw[3]);
      break;
    case 2:
      action.withdrawals = [...(raw[1] as Map<Uint8Array, number | bigint>)].map(([account, amount]) => ({
        rewardAccount: bytesToHex(account),
        amount: BigInt(amount),
      }));
      action.policyHash = raw[2] == null ? null : hex(raw[2]);
      break;
    case 1:
    case 3:
    case 4:
    case 5:
      action.previous = optionalActionId(raw[1]);
      break;
  }
  action.description = describe(tag, raw, action);
  return action;
}

const previousJson = (previous: GovActionId | null) =>
  previous && { txId: previous.txHash, govActionIx: previous.index };

/**
 * db-sync's `gov_action_proposal.description`: the ledger's JSON of the action, `{tag, contents}`. Rendered for
 * the actions whose JSON Blockfrost's own answers show; parameter changes (the ledger's names of every
 * parameter and their number forms), committee updates and constitutions without a guardrails script are null.
 */
function describe(tag: number, raw: unknown[], action: GovAction): Record<string, unknown> | null {
  const previous = previousJson(action.previous);
  switch (tag) {
    case 1: {
      const [major, minor] = raw[2] as [number, number];
      return {
        tag: 'HardForkInitiation',
        contents: [previous, { major: Number(major), minor: Number(minor) }],
      };
    }
    case 2:
      return {
        tag: 'TreasuryWithdrawals',
        contents: [
          action.withdrawals.map(({ rewardAccount, amount }) => [
            rewardAccountJson(rewardAccount),
            Number(amount),
          ]),
          action.policyHash,
        ],
      };
    case 3:
      return { tag: 'NoConfidence', contents: previous };
    case 5: {
      const [anchorRaw, script] = raw[2] as [unknown, Uint8Array | null];
      if (script == null) return null;
      const { url, hash } = anchor(anchorRaw);
      return {
        tag: 'NewConstitution',
        contents: [previous, { anchor: { url, dataHash: hash }, script: hex(script) }],
      };
    }
    case 6:
      return { tag: 'InfoAction' };
    default:
      return null;
  }
}

// A reward account's header: bit 4 set for a script credential, the low nibble the network (1 = mainnet).
function rewardAccountJson(rewardAccount: string): Record<string, unknown> {
  const header = parseInt(rewardAccount.slice(0, 2), 16);
  const hash = rewardAccount.slice(2);
  return {
    network: (header & 0x0f) === 1 ? 'Mainnet' : 'Testnet',
    credential: header & 0x10 ? { scriptHash: hash } : { keyHash: hash },
  };
}

/**
 * The voting procedures of a transaction's CBOR, as db-sync stores them: voters in the ledger's order
 * (committee, DRep, pool; script credentials before key ones; then hash), each voter's votes in the order of
 * the actions' ids (transaction id, then index), numbered from 0 per voter.
 */
export function decodeVotingProcedures(transactionCbor: Uint8Array): VotingProcedure[] {
  const procedures = body(transactionCbor).get(VOTING_PROCEDURES_KEY) as
    Map<unknown[], Map<unknown[], unknown[]>> | undefined;
  if (procedures === undefined) return [];
  const voters = [...procedures].map(([voterRaw, votes]) => {
    const tag = Number(voterRaw[0]);
    const voter: Credential = { type: tag % 2 === 1 && tag < 4 ? 'script' : 'key', hash: hex(voterRaw[1]) };
    return { role: VOTER_ROLES[Math.floor(tag / 2)]!, voter, votes };
  });
  voters.sort(
    (a, b) =>
      VOTER_ROLES.indexOf(a.role) - VOTER_ROLES.indexOf(b.role) ||
      Number(a.voter.type === 'key') - Number(b.voter.type === 'key') ||
      compare(a.voter.hash, b.voter.hash),
  );
  return voters.flatMap(({ role, voter, votes }) =>
    [...votes]
      .map(([actionRaw, procedure]) => ({ action: govActionId(actionRaw), procedure }))
      .sort((a, b) => compare(a.action.txHash, b.action.txHash) || a.action.index - b.action.index)
      .map(({ action, procedure }, index) => ({
        index,
        voterRole: role,
        voter,
        action,
        vote: VOTES[Number(procedure[0])]!,
        anchor: decodeAnchor(procedure[1]),
      })),
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
