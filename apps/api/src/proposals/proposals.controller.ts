import { Controller, Get, Param, Query } from '@nestjs/common';
import type {
  Proposal,
  ProposalMetadata,
  ProposalMetadataV2,
  ProposalParameters,
  ProposalVotes,
  Proposals,
  ProposalWithdrawals,
} from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { ProposalsService } from './proposals.service.js';

/**
 * A two-segment path is `{tx_hash}/{cert_index}` unless its second segment is a sub-resource's name: then, as in
 * Blockfrost's router, it is `{gov_action_id}/…` (a static segment wins over a parameter).
 */
@Controller(servedAt('governance/proposals'))
export class ProposalsController {
  constructor(private readonly proposals: ProposalsService) {}

  @Get()
  list(@Query() query: PaginationQuery): Promise<Proposals> {
    return this.proposals.list(query);
  }

  @Get(':gov_action_id/parameters')
  parametersByGovActionId(@Param('gov_action_id') govActionId: string): Promise<ProposalParameters> {
    return this.proposals.parameters({ govActionId });
  }

  @Get(':gov_action_id/withdrawals')
  withdrawalsByGovActionId(
    @Param('gov_action_id') govActionId: string,
    @Query() query: PaginationQuery,
  ): Promise<ProposalWithdrawals> {
    return this.proposals.withdrawals({ govActionId }, query);
  }

  @Get(':gov_action_id/votes')
  votesByGovActionId(
    @Param('gov_action_id') govActionId: string,
    @Query() query: PaginationQuery,
  ): Promise<ProposalVotes> {
    return this.proposals.votes({ govActionId }, query);
  }

  @Get(':gov_action_id/metadata')
  metadataByGovActionId(@Param('gov_action_id') govActionId: string): Promise<ProposalMetadataV2> {
    return this.proposals.metadata({ govActionId });
  }

  @Get(':gov_action_id')
  byGovActionId(@Param('gov_action_id') govActionId: string): Promise<Proposal> {
    return this.proposals.proposal({ govActionId });
  }

  @Get(':tx_hash/:cert_index')
  byTxHash(@Param('tx_hash') txHash: string, @Param('cert_index') certIndex: string): Promise<Proposal> {
    return this.proposals.proposal({ txHash, certIndex });
  }

  @Get(':tx_hash/:cert_index/parameters')
  parameters(
    @Param('tx_hash') txHash: string,
    @Param('cert_index') certIndex: string,
  ): Promise<ProposalParameters> {
    return this.proposals.parameters({ txHash, certIndex });
  }

  @Get(':tx_hash/:cert_index/withdrawals')
  withdrawals(
    @Param('tx_hash') txHash: string,
    @Param('cert_index') certIndex: string,
    @Query() query: PaginationQuery,
  ): Promise<ProposalWithdrawals> {
    return this.proposals.withdrawals({ txHash, certIndex }, query);
  }

  @Get(':tx_hash/:cert_index/votes')
  votes(
    @Param('tx_hash') txHash: string,
    @Param('cert_index') certIndex: string,
    @Query() query: PaginationQuery,
  ): Promise<ProposalVotes> {
    return this.proposals.votes({ txHash, certIndex }, query);
  }

  @Get(':tx_hash/:cert_index/metadata')
  metadata(
    @Param('tx_hash') txHash: string,
    @Param('cert_index') certIndex: string,
  ): Promise<ProposalMetadata> {
    // Answered only once the document is stored, when its fields are set.
    return this.proposals.metadata({ txHash, certIndex }) as Promise<ProposalMetadata>;
  }
}
