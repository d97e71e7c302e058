import { Controller, Get } from '@nestjs/common';
import type { Genesis } from '@frostline/model';
import { servedAt } from '../common/route-paths.js';
import { GenesisService } from './genesis.service.js';

@Controller(servedAt('genesis'))
export class GenesisController {
  constructor(private readonly genesis: GenesisService) {}

  @Get()
  get(): Promise<Genesis> {
    return this.genesis.get();
  }
}
