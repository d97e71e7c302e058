import type { PrismaClient } from '../client.js';
import type { DRepAnchorRow } from './governance.js';
import { hexBytes, queryRows, readSqlFile, sqlByDirection, type PageParams } from './sql-file.js';

const LIST = sqlByDirection(readSqlFile('governance_proposals'));
const PROPOSAL = readSqlFile('governance_proposals_proposal');
const WITHDRAWALS = sqlByDirection(readSqlFile('governance_proposals_proposal_withdrawals'));
const VOTES = sqlByDirection(readSqlFile('governance_proposals_proposal_votes'));
const PARAMETERS = readSqlFile('governance_proposals_proposal_parameters');
const METADATA = readSqlFile('governance_proposals_proposal_metadata');
const VOTER_VOTES = sqlByDirection(readSqlFile('governance_voter_votes'));
const COMMITTEE_VOTES = sqlByDirection(readSqlFile('governance_committee_votes'));
const MEMBER_VOTES = sqlByDirection(readSqlFile('governance_committee_cc_id_votes'));

/** A governance action by its id: the proposing transaction's hash (hex) and the proposal's index in it. */
export interface ProposalKey {
  txHash: string;
  index: number;
}

export interface ProposalListRow {
  tx_hash: string;
  cert_index: number;
  governance_type: string;
}

export interface ProposalRow extends ProposalListRow {
  deposit: string;
  return_address: string;
  /** the epoch at whose start the ledger no longer held it, when two snapshots tell it */
  removed_at: number | null;
  expiration: number | null;
  named_after_removal: boolean;
  sibling_outlived: boolean;
  /** the proposing transaction, whose CBOR holds the action (null when stored without it) */
  tx_cbor: Buffer | null;
}

export interface ProposalWithdrawalRow {
  stake_address: string;
  amount: string;
}

export interface ProposalVoteRow {
  tx_hash: string;
  cert_index: number;
  voter_role: 'constitutional_committee' | 'drep' | 'spo';
  voter_hash: string;
  voter_has_script: boolean;
  vote: string;
  counted: boolean;
}

// Indexes are int4: an index beyond it names no proposal, and must not reach PostgreSQL as an int4 parameter.
const MAX_INDEX = 2_147_483_647;
const storable = ({ index }: ProposalKey) => index >= 0 && index <= MAX_INDEX;

/** Every proposal in chain order. */
export function governanceProposals(
  db: PrismaClient,
  { limit, offset, order }: PageParams,
): Promise<ProposalListRow[]> {
  return queryRows<ProposalListRow>(db, LIST[order], [limit, offset]);
}

/** The proposal with what tells its outcome, or null when unknown. */
export async function governanceProposal(db: PrismaClient, key: ProposalKey): Promise<ProposalRow | null> {
  if (!storable(key)) return null;
  const [row] = await queryRows<ProposalRow>(db, PROPOSAL, [hexBytes(key.txHash), key.index]);
  return row ?? null;
}

/** A parameter change's proposed update (CBOR), or null when the proposal is unknown or another action. */
export async function governanceProposalParameters(
  db: PrismaClient,
  key: ProposalKey,
): Promise<{ tx_hash: string; cert_index: number; param_update: Buffer } | null> {
  if (!storable(key)) return null;
  const [row] = await queryRows<{ tx_hash: string; cert_index: number; param_update: Buffer }>(
    db,
    PARAMETERS,
    [hexBytes(key.txHash), key.index],
  );
  return row ?? null;
}

/** A proposal's anchor with the document the indexer fetched for it (null columns until one was). */
export interface ProposalMetadataRow extends DRepAnchorRow {
  tx_hash: string;
  cert_index: number;
  anchor_url: string;
  anchor_hash: string;
}

/** The proposal's anchor and its document, or null when the proposal is unknown. */
export async function governanceProposalMetadata(
  db: PrismaClient,
  key: ProposalKey,
): Promise<ProposalMetadataRow | null> {
  if (!storable(key)) return null;
  const [row] = await queryRows<ProposalMetadataRow>(db, METADATA, [hexBytes(key.txHash), key.index]);
  return row ?? null;
}

/** What a treasury withdrawals action pays, a page in the ledger's order (none for another action). */
export function governanceProposalWithdrawals(
  db: PrismaClient,
  key: ProposalKey,
  { limit, offset, order }: PageParams,
): Promise<ProposalWithdrawalRow[]> {
  if (!storable(key)) return Promise.resolve([]);
  return queryRows<ProposalWithdrawalRow>(db, WITHDRAWALS[order], [
    hexBytes(key.txHash),
    key.index,
    limit,
    offset,
  ]);
}

/** The votes on the action, a page in chain order. */
export function governanceProposalVotes(
  db: PrismaClient,
  key: ProposalKey,
  { limit, offset, order }: PageParams,
): Promise<ProposalVoteRow[]> {
  if (!storable(key)) return Promise.resolve([]);
  return queryRows<ProposalVoteRow>(db, VOTES[order], [hexBytes(key.txHash), key.index, limit, offset]);
}

export interface VoterVoteRow {
  tx_hash: string;
  cert_index: number;
  proposal_tx_hash: string;
  proposal_cert_index: number;
  vote: 'yes' | 'no' | 'abstain';
}

/** A DRep's (by credential) or a pool's (by hash, a key credential) votes, a page in chain order. */
export function governanceVoterVotes(
  db: PrismaClient,
  voter: { role: 'drep' | 'spo'; hash: string; hasScript: boolean },
  { limit, offset, order }: PageParams,
): Promise<VoterVoteRow[]> {
  return queryRows<VoterVoteRow>(db, VOTER_VOTES[order], [
    voter.role,
    hexBytes(voter.hash),
    voter.hasScript,
    limit,
    offset,
  ]);
}

export interface CommitteeVoteRow {
  tx_hash: string;
  voter_hash: string;
  voter_has_script: boolean;
  proposal_tx_hash: string;
  proposal_index: number;
  governance_type: string;
  vote: 'yes' | 'no' | 'abstain';
  metadata_url: string | null;
  metadata_hash: string | null;
  block_height: number;
  block_time: number;
}

/** Every constitutional committee vote on a known proposal, a page in chain order. */
export function governanceCommitteeVotes(
  db: PrismaClient,
  { limit, offset, order }: PageParams,
): Promise<CommitteeVoteRow[]> {
  return queryRows<CommitteeVoteRow>(db, COMMITTEE_VOTES[order], [limit, offset]);
}

/** A committee member's votes, by its hot credential or by every hot key its cold credential authorised. */
export function governanceCommitteeMemberVotes(
  db: PrismaClient,
  member: { role: 'hot' | 'cold'; hash: string; hasScript: boolean },
  { limit, offset, order }: PageParams,
): Promise<CommitteeVoteRow[]> {
  return queryRows<CommitteeVoteRow>(db, MEMBER_VOTES[order], [
    member.role,
    hexBytes(member.hash),
    member.hasScript,
    limit,
    offset,
  ]);
}
