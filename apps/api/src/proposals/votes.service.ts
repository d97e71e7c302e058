import { Inject, Injectable } from '@nestjs/common';
import {
  governanceCommitteeMemberVotes,
  governanceCommitteeVotes,
  governanceVoterVotes,
  type CommitteeVoteRow,
  type PrismaClient,
} from '@frostline/db';
import {
  encodeBech32,
  govActionId,
  hexToBytes,
  type CommitteeVotes,
  type DRepVotes,
  type GovActionType,
  type PoolVotes,
  parseCommitteeIdParam,
  parseDRepIdParam,
} from '@frostline/model';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { READ_DB } from '../common/tokens.js';
import { knownPool } from '../pools/pools.service.js';

// The lists validate their query string before the path, as Blockfrost's Fastify schema check runs before RYO's
// handler does.

@Injectable()
export class VotesService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  /** A DRep's votes; none for the predefined DReps, or a DRep that never voted. */
  async drep(drepParam: string, query: PaginationQuery): Promise<DRepVotes> {
    const page = parsePage(query);
    const drep = parseDRepIdParam(drepParam);
    if (drep.type !== 'registered') return [];
    const { hash, type } = drep.credential;
    const rows = await governanceVoterVotes(
      this.db,
      { role: 'drep', hash, hasScript: type === 'script' },
      page,
    );
    return rows.map((row) => ({
      tx_hash: row.tx_hash,
      cert_index: row.cert_index,
      proposal_id: govActionId(row.proposal_tx_hash, row.proposal_cert_index),
      proposal_tx_hash: row.proposal_tx_hash,
      proposal_cert_index: row.proposal_cert_index,
      vote: row.vote,
    }));
  }

  /** A pool's votes: 400 for a malformed pool id, 404 for a pool the index does not know. */
  async pool(poolParam: string, query: PaginationQuery): Promise<PoolVotes> {
    const page = parsePage(query);
    const pool = await knownPool(this.db, poolParam);
    const rows = await governanceVoterVotes(
      this.db,
      { role: 'spo', hash: pool.hash, hasScript: false },
      page,
    );
    return rows.map(({ tx_hash, cert_index, vote }) => ({ tx_hash, cert_index, vote }));
  }

  async committee(query: PaginationQuery): Promise<CommitteeVotes> {
    const rows = await governanceCommitteeVotes(this.db, parsePage(query));
    return rows.map(toCommitteeVote);
  }

  /** A member's votes by its `cc_hot1…` id, or by its `cc_cold1…` id through every hot key it authorised. */
  async committeeMember(ccId: string, query: PaginationQuery): Promise<CommitteeVotes> {
    const page = parsePage(query);
    const { role, credential } = parseCommitteeIdParam(ccId);
    const member = { role, hash: credential.hash, hasScript: credential.type === 'script' };
    const rows = await governanceCommitteeMemberVotes(this.db, member, page);
    return rows.map(toCommitteeVote);
  }
}

function toCommitteeVote(row: CommitteeVoteRow): CommitteeVotes[number] {
  return {
    tx_hash: row.tx_hash,
    voter_hot_id: committeeHotId(row.voter_hash, row.voter_has_script),
    proposal_id: govActionId(row.proposal_tx_hash, row.proposal_index),
    proposal_tx_hash: row.proposal_tx_hash,
    proposal_index: row.proposal_index,
    governance_type: row.governance_type as GovActionType,
    vote: row.vote,
    metadata_url: row.metadata_url,
    metadata_hash: row.metadata_hash,
    block_height: row.block_height,
    block_time: row.block_time,
  };
}

// CIP-129 header of a hot credential: upper nibble 0x0, lower nibble 0x2 (key hash) or 0x3 (script hash).
function committeeHotId(hash: string, hasScript: boolean): string {
  return encodeBech32('cc_hot', Uint8Array.of(hasScript ? 0x03 : 0x02, ...hexToBytes(hash)));
}
