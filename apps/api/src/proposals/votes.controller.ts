import { Controller, Get, Param, Query } from '@nestjs/common';
import type { CommitteeVotes, DRepVotes, PoolVotes } from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { VotesService } from './votes.service.js';

/** Votes by voter: a DRep's, a pool's, the constitutional committee's. */
@Controller(servedAt(''))
export class VotesController {
  constructor(private readonly votes: VotesService) {}

  @Get('governance/dreps/:drep_id/votes')
  drep(@Param('drep_id') drepId: string, @Query() query: PaginationQuery): Promise<DRepVotes> {
    return this.votes.drep(drepId, query);
  }

  @Get('governance/committee/votes')
  committee(@Query() query: PaginationQuery): Promise<CommitteeVotes> {
    return this.votes.committee(query);
  }

  @Get('governance/committee/:cc_id/votes')
  committeeMember(@Param('cc_id') ccId: string, @Query() query: PaginationQuery): Promise<CommitteeVotes> {
    return this.votes.committeeMember(ccId, query);
  }

  @Get('pools/:pool_id/votes')
  pool(@Param('pool_id') poolId: string, @Query() query: PaginationQuery): Promise<PoolVotes> {
    return this.votes.pool(poolId, query);
  }
}
