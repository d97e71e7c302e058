import { Inject, Injectable } from '@nestjs/common';
import {
  governanceProposal,
  governanceProposalMetadata,
  governanceProposalParameters,
  governanceProposals,
  governanceProposalVotes,
  governanceProposalWithdrawals,
  type PrismaClient,
  type ProposalKey,
} from '@frostline/db';
import {
  BlockfrostError,
  decodeProposalProcedures,
  drepIdFromCredential,
  govActionId,
  parameterChangeJson,
  parseGovActionIdParam,
  poolIdFromHash,
  proposalOutcome,
  typedIntegerPathParams,
  type GovActionType,
  type Proposal,
  type ProposalMetadataV2,
  type ProposalParameters,
  type ProposalVotes,
  type Proposals,
  type ProposalWithdrawals,
} from '@frostline/model';
import { parsePage, type Page, type PaginationQuery } from '../common/pagination.js';
import { READ_DB } from '../common/tokens.js';
import { anchorDocument } from '../governance/governance.mapper.js';

/** A proposal as a path names it: `{tx_hash}/{cert_index}`, or one CIP-129 `{gov_action_id}`. */
export type ProposalParam = { txHash: string; certIndex: string } | { govActionId: string };

/**
 * The id a path names, read as Blockfrost reads each form: a `{cert_index}` must be an integer (Ajv's 400), a
 * `{gov_action_id}` a well-formed CIP-129 id (RYO's 400); a `{tx_hash}` is not checked, and one that is not a
 * stored hash's lower-case hex names no proposal.
 */
function proposalKey(param: ProposalParam): ProposalKey | null {
  if ('govActionId' in param) return parseGovActionIdParam(param.govActionId);
  const { cert_index } = typedIntegerPathParams({ cert_index: param.certIndex });
  return /^[0-9a-f]{64}$/.test(param.txHash) ? { txHash: param.txHash, index: cert_index } : null;
}

/**
 * The key and the page of a list path, their 400s in Blockfrost's order: Ajv checks the path's `{cert_index}`
 * before the query, RYO's handler the `{gov_action_id}` after it.
 */
function keyAndPage(param: ProposalParam, query: PaginationQuery): { key: ProposalKey | null; page: Page } {
  if ('govActionId' in param) {
    const page = parsePage(query);
    return { key: proposalKey(param), page };
  }
  const key = proposalKey(param);
  return { key, page: parsePage(query) };
}

@Injectable()
export class ProposalsService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  async list(query: PaginationQuery): Promise<Proposals> {
    const rows = await governanceProposals(this.db, parsePage(query));
    return rows.map((row) => ({
      id: govActionId(row.tx_hash, row.cert_index),
      tx_hash: row.tx_hash,
      cert_index: row.cert_index,
      governance_type: row.governance_type as GovActionType,
    }));
  }

  /** The proposal, its outcome where what is stored makes it certain (docs/semantics.md#governance-proposals). */
  async proposal(param: ProposalParam): Promise<Proposal> {
    const key = proposalKey(param);
    const row = key && (await governanceProposal(this.db, key));
    if (!row) throw new BlockfrostError(404);
    const type = row.governance_type as GovActionType;
    const action = row.tx_cbor && decodeProposalProcedures(row.tx_cbor)[row.cert_index]?.action;
    return {
      id: govActionId(row.tx_hash, row.cert_index),
      tx_hash: row.tx_hash,
      cert_index: row.cert_index,
      governance_type: type,
      governance_description: action?.description ?? null,
      deposit: row.deposit,
      return_address: row.return_address,
      ...proposalOutcome({
        type,
        expiration: row.expiration,
        removedAt: row.removed_at,
        namedAfterRemoval: row.named_after_removal,
        siblingOutlived: row.sibling_outlived,
      }),
      // Unknown only where neither a snapshot nor the proposal epoch's parameters were stored.
      expiration: row.expiration as number,
    };
  }

  /** A parameter change's proposed parameters, every other one null; 404 for an unknown proposal or another action. */
  async parameters(param: ProposalParam): Promise<ProposalParameters> {
    const key = proposalKey(param);
    const row = key && (await governanceProposalParameters(this.db, key));
    if (!row) throw new BlockfrostError(404);
    return {
      id: govActionId(row.tx_hash, row.cert_index),
      tx_hash: row.tx_hash,
      cert_index: row.cert_index,
      parameters: parameterChangeJson(row.param_update) as ProposalParameters['parameters'],
    };
  }

  /**
   * The proposal's anchor and its CIP-108 document. As RYO: by `{tx_hash}/{cert_index}` only once a document whose
   * hash is the anchor's is stored (404 before); by `{gov_action_id}` whenever the proposal is known, the document's
   * fields null (with the failed fetch's `error`) until then.
   */
  async metadata(param: ProposalParam): Promise<ProposalMetadataV2> {
    const key = proposalKey(param);
    const row = key && (await governanceProposalMetadata(this.db, key));
    if (!row || (row.bytes === null && !('govActionId' in param))) throw new BlockfrostError(404);
    return {
      id: govActionId(row.tx_hash, row.cert_index),
      tx_hash: row.tx_hash,
      cert_index: row.cert_index,
      ...anchorDocument(row),
    };
  }

  /** RYO answers an unknown proposal's withdrawals, as its votes, with an empty list. */
  async withdrawals(param: ProposalParam, query: PaginationQuery): Promise<ProposalWithdrawals> {
    const { key, page } = keyAndPage(param, query);
    return key ? governanceProposalWithdrawals(this.db, key, page) : [];
  }

  async votes(param: ProposalParam, query: PaginationQuery): Promise<ProposalVotes> {
    const { key, page } = keyAndPage(param, query);
    const rows = key ? await governanceProposalVotes(this.db, key, page) : [];
    return rows.map((row) => ({
      tx_hash: row.tx_hash,
      cert_index: row.cert_index,
      voter_role: row.voter_role,
      voter: voterId(row.voter_role, row.voter_hash, row.voter_has_script),
      vote: row.vote as ProposalVotes[number]['vote'],
      counted: row.counted,
    }));
  }
}

/** RYO's `voter`: a DRep's CIP-129 id, a pool's bech32 id, a committee member's hot credential hash in hex. */
function voterId(
  role: 'constitutional_committee' | 'drep' | 'spo',
  hash: string,
  hasScript: boolean,
): string {
  if (role === 'drep') return drepIdFromCredential({ type: hasScript ? 'script' : 'key', hash });
  if (role === 'spo') return poolIdFromHash(hash);
  return hash;
}
