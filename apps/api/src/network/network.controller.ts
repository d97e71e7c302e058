import { Controller, Get } from '@nestjs/common';
import type { NetworkEra, NetworkSupplyAndStake } from '@frostline/model';
import { servedAt } from '../common/route-paths.js';
import { NetworkService } from './network.service.js';

@Controller(servedAt('network'))
export class NetworkController {
  constructor(private readonly network: NetworkService) {}

  @Get()
  supplyAndStake(): Promise<NetworkSupplyAndStake> {
    return this.network.supplyAndStake();
  }

  @Get('eras')
  eras(): Promise<NetworkEra[]> {
    return this.network.eras();
  }
}
