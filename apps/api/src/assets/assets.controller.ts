import { Controller, Get, Param } from '@nestjs/common';
import type { Asset } from '@frostline/model';
import { servedAt } from '../common/route-paths.js';
import { AssetsService } from './assets.service.js';

@Controller(servedAt('assets'))
export class AssetsController {
  constructor(private readonly assets: AssetsService) {}

  @Get(':asset')
  byUnit(@Param('asset') asset: string): Promise<Asset> {
    return this.assets.byUnit(asset);
  }
}
