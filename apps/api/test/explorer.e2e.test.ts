import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { openTestDatabase, startApp, testConfig } from './support/test-app.js';

// The explorer's files and `npm start`'s demo wallets, as the API serves them beside Blockfrost's paths.

const WALLET = {
  name: 'demo-1',
  mnemonic: 'secret words',
  mnemonicAddress: 'addr_test1qbase',
  signingKey: 'ed25519_sk1secret',
  signingKeyAddress: 'addr_test1venterprise',
};

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let dir: string;
const apps: NestFastifyApplication[] = [];

async function app(env: Record<string, string>) {
  const started = await startApp(testConfig(db.database, env));
  apps.push(started);
  return started;
}

beforeAll(async () => {
  db = await openTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'frostline-explorer-'));
  mkdirSync(path.join(dir, 'site/assets'), { recursive: true });
  writeFileSync(path.join(dir, 'site/index.html'), '<!doctype html><title>explorer</title>');
  writeFileSync(path.join(dir, 'site/assets/app.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'demo-wallets.json'), JSON.stringify([WALLET]));
});

afterAll(async () => {
  await Promise.all(apps.map((started) => started.close()));
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('/explorer/', () => {
  it('serves the built files without a token, index.html at /explorer/ and /explorer', async () => {
    const api = await app({ EXPLORER_DIR: path.join(dir, 'site') });
    for (const url of ['/explorer/', '/explorer']) {
      const response = await api.inject({ method: 'GET', url });
      expect([url, response.statusCode, response.headers['content-type']]).toEqual([
        url,
        200,
        'text/html; charset=utf-8',
      ]);
      expect(response.body).toContain('<title>explorer</title>');
    }
    expect((await api.inject({ method: 'GET', url: '/explorer/assets/app.js' })).body).toBe(
      'console.log(1);',
    );
  });

  it('gives the demo wallets’ names and addresses, never their keys or mnemonics', async () => {
    const api = await app({ DEMO_WALLETS_FILE: path.join(dir, 'demo-wallets.json') });
    const response = await api.inject({ method: 'GET', url: '/explorer/demo-wallets.json' });
    expect([response.statusCode, response.json()]).toEqual([
      200,
      [{ name: 'demo-1', addresses: ['addr_test1qbase', 'addr_test1venterprise'] }],
    ]);
    expect(response.body).not.toContain('secret');
  });

  it('answers 404 in Blockfrost’s body where there are no demo wallets (a real network)', async () => {
    const api = await app({});
    const response = await api.inject({ method: 'GET', url: '/explorer/demo-wallets.json' });
    expect([response.statusCode, response.json()]).toEqual([
      404,
      { error: 'Not Found', message: 'The requested component has not been found.', status_code: 404 },
    ]);
  });
});
