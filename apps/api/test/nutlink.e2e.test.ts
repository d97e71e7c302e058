import { readFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ChainSeed, paymentCredentialOf } from './support/seed.js';
import { getValid, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// The StakeNuts oracle's first four ADAUSD records on mainnet, from Blockfrost's own answers: the first two from
// blockfrost-backend-ryo's unit fixtures, the next two from hosted Blockfrost (blockfrost-tests). Seeded at
// their heights and block positions, the API must answer both fixtures verbatim.

const testData = (name: string) =>
  JSON.parse(readFileSync(new URL(`../test-data/${name}`, import.meta.url), 'utf8'));

interface TickerRecord {
  tx_hash: string;
  block_height: number;
  tx_index: number;
  payload: unknown;
}
const ryo = testData('ryo-nutlink.fixtures.json').cases as {
  name: string;
  endpoint: string;
  response: unknown;
}[];
const ryoCase = (name: string) => ryo.find((c) => c.name === name)!;
const hosted = testData('blockfrost_e2e_nutlink_fixtures.json').fixtures as {
  testName: string;
  endpoints: string[];
  response: unknown;
}[];
const hostedCase = (testName: string) => hosted.find((f) => f.testName === testName)!;

const FIRST_TWO = ryoCase('respond with success and data on /nutlink/:address/tickers/:ticker 1');
const NEXT_TWO = hostedCase('nutlink/:address/tickers/:ticker nut.link oracle address');
const EVERY_ORACLE = ryoCase('respond with success and data on /nutlink/tickers/:ticker');
const ORACLE_CASE = hostedCase('nutlink/:address nut.link oracle address');
const ORACLE = (ORACLE_CASE.response as { address: string }).address;
const RECORDS = [...(FIRST_TWO.response as TickerRecord[]), ...(NEXT_TWO.response as TickerRecord[])];

let app: NestFastifyApplication;
let close: () => Promise<void>;

beforeAll(async () => {
  const db = await openTestDatabase();
  const seed = new ChainSeed(db.sql);
  const credential = paymentCredentialOf(ORACLE);
  const { metadata_url, metadata_hash } = ORACLE_CASE.response as Record<string, string>;
  const block = (height: number) =>
    seed.block({
      hash: height.toString(16).padStart(64, '0'),
      height,
      slot: height * 4,
      epoch: 230,
      epochSlot: height - 4_900_000,
      time: 1_600_000_000 + height,
    });
  await block(4_925_000);
  const registration = await seed.tx('e0'.repeat(32));
  await seed.nutlinkRegistration(registration, ORACLE, credential);
  await seed.metadata(registration, 1967, { metadata: metadata_url, hash: metadata_hash }, 'a0');
  for (const [i, record] of RECORDS.entries()) {
    await block(record.block_height);
    for (let index = 0; index < record.tx_index; index++) await seed.tx(`${i}${index}`.padStart(64, 'f'));
    const post = await seed.tx(record.tx_hash);
    await seed.nutlinkTickers(post, ORACLE, credential, ['ADAUSD']);
    await seed.metadata(post, 1968, { ADAUSD: record.payload }, 'a0');
  }
  app = await startApp(testConfig(db.database));
  close = db.close;
});

afterAll(async () => {
  await app.close();
  await close();
});

describe("the StakeNuts oracle's records, as Blockfrost answers them", () => {
  it('GET /nutlink/{address}/tickers/{ticker}: page 1 as RYO, page 2 as hosted Blockfrost', async () => {
    const endpoint = '/nutlink/{address}/tickers/{ticker}';
    const first = await getValid(app, endpoint, `/nutlink/${ORACLE}/tickers/ADAUSD?count=2`);
    expect(first.body).toEqual(FIRST_TWO.response);
    for (const url of NEXT_TWO.endpoints) {
      const { body } = await getValid(app, endpoint, `/${url}`);
      expect({ url, body }).toEqual({ url, body: NEXT_TWO.response });
    }
  });

  it('GET /nutlink/tickers/{ticker}: the first page of two as RYO', async () => {
    const { body } = await getValid(app, '/nutlink/tickers/{ticker}', '/nutlink/tickers/ADAUSD?count=2');
    expect(body).toEqual(EVERY_ORACLE.response);
  });

  it('GET /nutlink/{address}: the registration as hosted Blockfrost, no metadata fetched', async () => {
    const { body } = await getValid(app, '/nutlink/{address}', `/${ORACLE_CASE.endpoints[0]}`);
    expect(body).toEqual(ORACLE_CASE.response);
  });
});
