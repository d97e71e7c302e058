import { Controller, Get, Param } from '@nestjs/common';
import type { EpochParameters } from '@frostline/model';
import { servedAt } from '../common/route-paths.js';
import { EpochsService } from './epochs.service.js';

@Controller(servedAt('epochs'))
export class EpochsController {
  constructor(private readonly epochs: EpochsService) {}

  @Get('latest/parameters')
  latestParameters(): Promise<EpochParameters> {
    return this.epochs.parameters('latest');
  }

  @Get(':number/parameters')
  parameters(@Param('number') number: string): Promise<EpochParameters> {
    return this.epochs.parameters(number);
  }
}
