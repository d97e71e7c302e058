import { readFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { get } from './test-app.js';

/** A blockfrost-tests fixture entry as apps/api/test-data holds it. */
export interface Fixture {
  endpoints: string[];
  response: any;
}

export function fixtures(name: string): Fixture[] {
  return JSON.parse(readFileSync(new URL(`../../test-data/${name}`, import.meta.url), 'utf8')) as Fixture[];
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
