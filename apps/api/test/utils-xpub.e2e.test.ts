import { readFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { schemaErrors } from './support/openapi-schemas.js';
import { get, openTestDatabase, startApp, testConfig } from './support/test-app.js';

const ENDPOINT = '/utils/addresses/xpub/{xpub}/{role}/{index}';
const readJson = <T>(file: string) =>
  JSON.parse(readFileSync(new URL(`../test-data/${file}`, import.meta.url), 'utf8')) as T;

// RYO's unit cases (network, endpoint, exact body) and blockfrost-tests' mainnet answers (SOURCES.md).
const ryoCases = readJson<{ cases: { name: string; endpoint: string; network: string; response: object }[] }>(
  'ryo-utils.fixtures.json',
).cases;
const e2eCases = readJson<{ testName: string; endpoints: string[]; response: object }[]>(
  'mainnet-utils-addresses-xpub.json',
).map((fixture) => ({
  name: fixture.testName,
  endpoint: `/${fixture.endpoints[0]}`,
  network: 'mainnet',
  response: fixture.response,
}));
const XPUB = (ryoCases[0]!.response as { xpub: string }).xpub;

let db: Awaited<ReturnType<typeof openTestDatabase>>;
const apps = new Map<string, NestFastifyApplication>();

beforeAll(async () => {
  db = await openTestDatabase();
  for (const network of ['mainnet', 'preview'])
    apps.set(network, await startApp(testConfig(db.database, { NETWORK: network })));
});

afterAll(async () => {
  await Promise.all([...apps.values()].map((app) => app.close()));
  await db?.close();
});

describe(`GET ${ENDPOINT}`, () => {
  it.each([...ryoCases, ...e2eCases].map((fixture) => [fixture.name, fixture] as const))(
    '%s',
    async (_, fixture) => {
      const { status, body } = await get(apps.get(fixture.network)!, `/api/v0${fixture.endpoint}`);
      expect(body).toEqual(fixture.response);
      expect(schemaErrors(ENDPOINT, status, body)).toEqual([]);
    },
  );

  it.each([
    ['a role that is no integer', `${XPUB}/one/0`, 'params/role must be integer'],
    ['an index that is no integer, before a bad xpub', 'stonks/0/1.5', 'params/index must be integer'],
    [
      'upper-case hex of the wrong length',
      `${XPUB.toUpperCase()}00/0/0`,
      'Invalid or malformed xpub format. Has to be hex of length 128.',
    ],
    ['a negative role', `${XPUB}/-1/0`, 'Missing, out of range or malformed role.'],
    // RYO passes 2^31 on to a public derivation that cannot be hardened (a 500); here it is out of range.
    ['the first hardened index', `${XPUB}/0/2147483648`, 'Missing, out of range or malformed index.'],
  ])('answers %s with Blockfrost’s 400', async (_, path, message) => {
    const { status, body } = await get(apps.get('mainnet')!, `/api/v0/utils/addresses/xpub/${path}`);
    expect([status, body]).toEqual([400, { error: 'Bad Request', message, status_code: 400 }]);
  });

  it('derives the staking role’s keys as reward addresses, at the root path too', async () => {
    const { status, body } = await get(apps.get('preview')!, `/utils/addresses/xpub/${XPUB}/2/0`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      xpub: XPUB,
      role: 2,
      index: 0,
      address: expect.stringMatching(/^stake_test1/),
    });
  });
});
