import { readFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { schemaErrors } from './openapi-schemas.js';
import { get, openTestDatabase, startApp, testConfig } from './test-app.js';

/** A file of apps/api/test-data, parsed. */
export const testData = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../test-data/${name}`, import.meta.url), 'utf8'));

/** blockfrost-tests' 400 fixtures of every network (and mainnet's 404s) for `endpoint`, answered as written. */
export function describeErrorFixtures(
  endpoint: string,
  fixtureName: string,
  networks = ['mainnet', 'preprod', 'preview'],
) {
  describe.each(networks)('blockfrost-tests %s error fixtures', (network) => {
    const fixtures = (
      testData(`${network}-${fixtureName}.json`) as {
        testName: string;
        endpoints: string[];
        response: { status_code: number };
      }[]
    ).filter(
      (fixture) =>
        fixture.response.status_code === 400 ||
        (network === 'mainnet' && fixture.response.status_code === 404),
    );
    let networkApp: NestFastifyApplication;
    let closeDb: () => Promise<void>;
    beforeAll(async () => {
      const db = await openTestDatabase();
      closeDb = db.close;
      networkApp = await startApp(testConfig(db.database, { NETWORK: network }));
    });
    afterAll(async () => {
      await networkApp.close();
      await closeDb();
    });

    it.each(fixtures.map((fixture) => [fixture.testName, fixture] as const))('%s', async (_name, fixture) => {
      for (const url of fixture.endpoints) {
        const response = await get(networkApp, `/${url}`);
        expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
        expect(response.body).toEqual(fixture.response);
      }
    });
  });
}

/** A blockfrost-tests fixture entry as apps/api/test-data holds it. */
export interface Fixture {
  endpoints: string[];
  response: any;
}

export function fixtures(name: string): Fixture[] {
  return testData(name) as Fixture[];
}

/**
 * A test per entry of these fixture files that expects a 400: every endpoint of it answers the fixture's
 * body. Those entries do not depend on the chain the index holds (malformed parameters, pagination).
 */
export function itAnswersTheirBadRequests(app: () => NestFastifyApplication, names: string[]): void {
  const entries = names.flatMap((name) => fixtures(name).filter((f) => f.response.status_code === 400));
  it.each(entries.map((f) => [f.endpoints[0]!, f] as const))(
    'answers %s with blockfrost-tests’ 400',
    async (_, fixture) => {
      for (const url of fixture.endpoints) {
        const response = await get(app(), `/${url}`);
        expect({ url, body: response.body }).toEqual({ url, body: fixture.response });
      }
    },
  );
}
