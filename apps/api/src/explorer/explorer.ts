import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { Controller, Get, Inject } from '@nestjs/common';
import { BlockfrostError } from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ApiConfig } from '../config.js';
import { Public } from '../common/public.decorator.js';
import { API_CONFIG } from '../common/tokens.js';

/** Where the explorer is served: `/` is Blockfrost's banner. */
export const EXPLORER_PREFIX = '/explorer/';

/** The workspace's build of apps/explorer, beside this app (from src/ and from dist/ alike). */
const WORKSPACE_EXPLORER_DIR = fileURLToPath(new URL('../../../explorer/dist/', import.meta.url));

/**
 * Serves the explorer's static files at /explorer/ when they are built. They need no token: the page
 * itself sends the project token the user gives it to the Blockfrost paths it reads.
 */
export async function serveExplorer(app: NestFastifyApplication, config: ApiConfig): Promise<void> {
  const root = path.resolve(config.explorerDir ?? WORKSPACE_EXPLORER_DIR);
  if (!existsSync(path.join(root, 'index.html'))) return;
  // One route per built file (wildcard false): the router's ignoreTrailingSlash then serves index.html
  // at /explorer as at /explorer/, which a wildcard route cannot.
  await app.register(fastifyStatic, { root, prefix: EXPLORER_PREFIX, wildcard: false, decorateReply: false });
}

interface DemoWallet {
  name: string;
  mnemonicAddress: string;
  signingKeyAddress: string;
}

/**
 * `npm start`'s demo wallets for the explorer's home page: names and addresses only, never their keys.
 * 404 (Blockfrost's body) where there are none: on a real network.
 */
@Public()
@Controller('explorer')
export class ExplorerController {
  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  @Get('demo-wallets.json')
  demoWallets(): { name: string; addresses: string[] }[] {
    const file = this.config.demoWalletsFile;
    if (!file || !existsSync(file)) throw new BlockfrostError(404);
    const wallets = JSON.parse(readFileSync(file, 'utf8')) as DemoWallet[];
    return wallets.map((wallet) => ({
      name: wallet.name,
      addresses: [wallet.mnemonicAddress, wallet.signingKeyAddress],
    }));
  }
}
