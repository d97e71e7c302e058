import { readFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { schemaErrors } from './openapi-schemas.js';
import { get, openTestDatabase, startApp, testConfig } from './test-app.js';

/** A file of apps/api/test-data, parsed. */
export const testData = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../test-data/${name}`, import.meta.url), 'utf8'));

/**
 * blockfrost-tests' error fixtures of each endpoint (its path, as the OpenAPI spec names it, to the name of its
 * fixture files without the network's prefix), answered as written, each body as the spec says: the 400s
 * (malformed parameters and pagination) of every network asked for and mainnet's 404s, by an app of that
 * network on an empty database (none of them depends on what the index holds).
 */
export function describeErrorFixtures(
  fixtureNames: Record<string, string>,
  networks = ['mainnet', 'preprod', 'preview'],
) {
  describe.each(networks)('blockfrost-tests %s error fixtures', (network) => {
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

    const entries = Object.entries(fixtureNames).flatMap(([endpoint, fixtureName]) =>
      fixtures(`${network}-${fixtureName}.json`)
        .filter(
          ({ response }) =>
            response.status_code === 400 || (network === 'mainnet' && response.status_code === 404),
        )
        .map((fixture) => [`${endpoint}: ${fixture.testName}`, endpoint, fixture] as const),
    );
    it.each(entries)('%s', async (_name, endpoint, fixture) => {
      for (const url of fixture.endpoints) {
        const response = await get(networkApp, `/${url}`);
        expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
        expect({ url, body: response.body }).toEqual({ url, body: fixture.response });
      }
    });
  });
}

/** A blockfrost-tests fixture entry as apps/api/test-data holds it. */
export interface Fixture {
  testName: string;
  endpoints: string[];
  response: any;
}

export function fixtures(name: string): Fixture[] {
  return testData(name) as Fixture[];
}
