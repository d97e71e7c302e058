import { Controller, Get, Param, Query } from '@nestjs/common';
import type {
  Committee,
  DRepContent,
  DRepDelegator,
  DRepListItem,
  DRepMetadata,
  DRepUpdate,
} from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { GovernanceService, type DRepsQuery } from './governance.service.js';

@Controller(servedAt('governance'))
export class GovernanceController {
  constructor(private readonly governance: GovernanceService) {}

  @Get('dreps')
  dreps(@Query() query: DRepsQuery): Promise<DRepListItem[]> {
    return this.governance.dreps(query);
  }

  @Get('dreps/:drep_id')
  drep(@Param('drep_id') drepId: string): Promise<DRepContent> {
    return this.governance.drep(drepId);
  }

  @Get('dreps/:drep_id/delegators')
  delegators(@Param('drep_id') drepId: string, @Query() query: PaginationQuery): Promise<DRepDelegator[]> {
    return this.governance.delegators(drepId, query);
  }

  @Get('dreps/:drep_id/updates')
  updates(@Param('drep_id') drepId: string, @Query() query: PaginationQuery): Promise<DRepUpdate[]> {
    return this.governance.updates(drepId, query);
  }

  @Get('dreps/:drep_id/metadata')
  metadata(@Param('drep_id') drepId: string): Promise<DRepMetadata> {
    return this.governance.metadata(drepId);
  }

  @Get('committee')
  committee(): Promise<Committee> {
    return this.governance.committee();
  }
}
