import { createRequire } from 'node:module';
import { Controller, Get } from '@nestjs/common';
import type { RootBanner } from '@frostline/model';
import { servedAt } from '../common/route-paths.js';

// apps/api/package.json, both from src/root and from dist/root.
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/** Blockfrost's banner: the documentation's address, as Blockfrost gives it, and the server's version. */
@Controller(servedAt(''))
export class RootController {
  @Get()
  root(): RootBanner {
    return { url: 'https://blockfrost.io/', version };
  }
}
