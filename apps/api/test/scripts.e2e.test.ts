import { readFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { datumHash, scriptHash, type ScriptDataJson, type ScriptLanguage } from '@frostline/model';
import { schemaErrors } from './support/openapi-schemas.js';
import { ChainSeed } from './support/seed.js';
import { get, openTestDatabase, startApp, testConfig } from './support/test-app.js';

interface Fixture {
  testName: string;
  endpoints: string[];
  response: Record<string, unknown>;
}
type Network = Record<string, Fixture[]>;

// blockfrost-tests' answers of mainnet, preprod and preview for the script and datum endpoints (SOURCES.md).
const fixtures = JSON.parse(
  readFileSync(new URL('../test-data/blockfrost_scripts_fixtures.json', import.meta.url), 'utf8'),
) as {
  mainnet: Network;
  preprod: Network;
  preview: Network;
  ryo_unit_404: { endpoint: string; response: object }[];
};
const networks = [fixtures.mainnet, fixtures.preprod, fixtures.preview];
const entries = (file: string) => networks.flatMap((network) => network[file] ?? []);
const hashOf = (fixture: Fixture) => {
  const [, first, second] = fixture.endpoints[0]!.split('/');
  return first === 'datum' ? second! : first!;
};

// Plutus scripts whose bytes the fixtures give (`/cbor`): the language is the tag that hashes to the script hash.
const plutusScripts = entries('hash-cbor').map((fixture) => {
  const hash = hashOf(fixture);
  const bytes = fixture.response.cbor as string;
  const language = (['plutus:v1', 'plutus:v2', 'plutus:v3'] as const).find(
    (l) => scriptHash(l, bytes) === hash,
  )!;
  return { hash, language: language as ScriptLanguage, bytes };
});
// A native script from its JSON (`/json`): the CBOR of `[0, keyHash]`, checked against the hash.
const nativeScripts = entries('hash-json').map((fixture) => {
  const bytes = `8200581c${(fixture.response.json as { keyHash: string }).keyHash}`;
  return { hash: hashOf(fixture), language: 'native' as ScriptLanguage, bytes };
});
const scripts = [...plutusScripts, ...nativeScripts];

/** CBOR of Plutus data from its JSON, encoded as the chain's datums are (CSL: indefinite non-empty lists). */
function plutusDataCbor(json: ScriptDataJson): string {
  const head = (major: number, n: number) =>
    n < 24
      ? (major * 32 + n).toString(16).padStart(2, '0')
      : [1, 2, 4, 8]
          .map((size, i) => [size, 24 + i] as const)
          .filter(([size]) => n < 2 ** (8 * size))
          .map(
            ([size, info]) => (major * 32 + info).toString(16) + n.toString(16).padStart(2 * size, '0'),
          )[0]!;
  const list = (items: ScriptDataJson[]) =>
    items.length === 0 ? '80' : `9f${items.map(plutusDataCbor).join('')}ff`;
  if ('int' in json) return json.int >= 0 ? head(0, json.int) : head(1, -1 - json.int);
  if ('bytes' in json) return head(2, json.bytes.length / 2) + json.bytes;
  if ('list' in json) return list(json.list);
  if ('map' in json)
    return (
      head(5, json.map.length) + json.map.map(({ k, v }) => plutusDataCbor(k) + plutusDataCbor(v)).join('')
    );
  return head(6, 121 + json.constructor) + list(json.fields);
}

const datums = [
  ...entries('datum-hash-cbor').map((fixture) => ({
    hash: hashOf(fixture),
    bytes: fixture.response.cbor as string,
  })),
  ...entries('datum-hash')
    .map((fixture) => ({
      hash: hashOf(fixture),
      bytes: plutusDataCbor(fixture.response.json_value as ScriptDataJson),
    }))
    // Only where the re-encoding is the chain's own (same hash): then json_value is rendered from the real bytes.
    .filter(({ hash, bytes }) => datumHash(bytes) === hash),
];
const seededScripts = new Set(scripts.map((s) => s.hash));
const seededDatums = new Set(datums.map((d) => d.hash));

let app: NestFastifyApplication;
let close: () => Promise<void>;

beforeAll(async () => {
  const db = await openTestDatabase();
  close = db.close;
  const seed = new ChainSeed(db.sql);
  await seed.block({
    hash: 'b1'.repeat(32),
    height: 1,
    slot: 10,
    epoch: 0,
    epochSlot: 10,
    time: 1_600_000_000,
  });
  const txId = await seed.tx('a1'.repeat(32));
  for (const script of scripts) await seed.script(txId, script);
  for (const datum of datums) await seed.datum(txId, datum);
  app = await startApp(testConfig(db.database));
});
afterAll(async () => {
  await app?.close();
  await close?.();
});

const ENDPOINTS: [RegExp, string][] = [
  [/^scripts\/datum\/[^/]+\/cbor$/, '/scripts/datum/{datum_hash}/cbor'],
  [/^scripts\/datum\/[^/]+$/, '/scripts/datum/{datum_hash}'],
  [/^scripts\/[^/]+\/cbor$/, '/scripts/{script_hash}/cbor'],
  [/^scripts\/[^/]+\/json$/, '/scripts/{script_hash}/json'],
  [/^scripts\/[^/]+$/, '/scripts/{script_hash}'],
];

/** GET, and check the body against @blockfrost/openapi's schema of the endpoint and status. */
async function request(path: string) {
  const response = await get(app, `/${path}`);
  const endpoint = ENDPOINTS.find(([pattern]) => pattern.test(path))![1];
  expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
  return response;
}

/** The fixtures of these files whose hash was seeded, as [request path, fixture]. */
function seededCases(files: string[], seeded: Set<string>) {
  return files
    .flatMap(entries)
    .filter((fixture) => seeded.has(hashOf(fixture)))
    .map((fixture) => [fixture.endpoints[0]!, fixture] as const);
}

async function answersAsBlockfrost(path: string, fixture: Fixture) {
  const response = await request(path);
  expect(response.status).toBe(200);
  expect(response.body).toEqual(fixture.response);
}

describe('GET /scripts/{script_hash}, /cbor and /json', () => {
  it('seeds every script whose bytes the fixtures give, with its own hash', () => {
    expect(plutusScripts.every((s) => s.language !== undefined)).toBe(true);
    expect(nativeScripts.every((s) => scriptHash('native', s.bytes) === s.hash)).toBe(true);
    expect(scripts.length).toBe(5);
  });

  it.each(seededCases(['hash', 'hash-cbor', 'hash-json'], seededScripts))(
    '%s answers as Blockfrost',
    answersAsBlockfrost,
  );

  it('gives a Plutus script json null and a native script cbor null', async () => {
    const [plutus, native] = [plutusScripts[0]!, nativeScripts[0]!];
    expect((await request(`scripts/${plutus.hash}/json`)).body).toEqual({ json: null });
    expect((await request(`scripts/${native.hash}/cbor`)).body).toEqual({ cbor: null });
    expect((await request(`scripts/${native.hash}`)).body).toEqual({
      script_hash: native.hash,
      type: 'timelock',
      serialised_size: null,
    });
  });

  it('answers the RYO fixture’s 404 for a malformed hash', async () => {
    const [{ endpoint, response }] = fixtures.ryo_unit_404 as [{ endpoint: string; response: object }];
    const answer = await request(endpoint.slice(1));
    expect([answer.status, answer.body]).toEqual([404, response]);
  });

  it.each(['json', 'cbor', ''])(
    'answers 404 for an unknown, upper-case or malformed hash (/%s)',
    async (suffix) => {
      const known = scripts[0]!.hash;
      for (const hash of ['ab'.repeat(28), known.toUpperCase(), known.slice(1), `${known}00`]) {
        const response = await request(`scripts/${hash}${suffix && `/${suffix}`}`);
        expect(response.status).toBe(404);
        expect(response.body.message).toBe('The requested component has not been found.');
      }
    },
  );
});

describe('GET /scripts/datum/{datum_hash} and /cbor', () => {
  it('seeds the fixtures’ datums, the re-encoded one included', () => {
    expect(datums.length).toBe(3);
  });

  it.each(seededCases(['datum-hash', 'datum-hash-cbor'], seededDatums))(
    '%s answers as Blockfrost',
    answersAsBlockfrost,
  );

  it('renders json_value from the stored CBOR of every datum', async () => {
    const response = await request(
      `scripts/datum/9a977f5c5e80185295efb7cecc28513979666242c9ddab7822ff379c7c74dbbb`,
    );
    expect(response.body).toEqual({ json_value: { list: [0, 0, 0, 0, 0].map((int) => ({ int })) } });
  });

  it.each(['', '/cbor'])('answers 404 for an unknown or malformed datum hash (%s)', async (suffix) => {
    for (const hash of ['cd'.repeat(32), datums[0]!.hash.toUpperCase(), 'cbor', 'stonks']) {
      const response = await request(`scripts/datum/${hash}${suffix}`);
      expect([response.status, response.body.error]).toEqual([404, 'Not Found']);
    }
  });
});
