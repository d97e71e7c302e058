import { Controller, Get, Param } from '@nestjs/common';
import type { UtilsAddressesXpub } from '@frostline/model';
import { servedAt } from '../common/route-paths.js';
import { XpubService } from './xpub.service.js';

@Controller(servedAt('utils/addresses/xpub'))
export class XpubController {
  constructor(private readonly xpub: XpubService) {}

  @Get(':xpub/:role/:index')
  derive(
    @Param('xpub') xpub: string,
    @Param('role') role: string,
    @Param('index') index: string,
  ): UtilsAddressesXpub {
    return this.xpub.derive({ xpub, role, index });
  }
}
