import { blake2b256, bytesToHex } from '@frostline/model';
import { offChainJobHarness, type OffChainJobHarness } from '../test-support/off-chain-job.js';
import { QUEUES, type PoolMetadataJob } from './queues.js';
import { startPoolMetadataWorker } from './workers.js';

const BEST = JSON.stringify({
  name: 'Best pool',
  description: 'A pool',
  ticker: 'BEST',
  homepage: 'https://best.example',
});
const blake = (text: string) => bytesToHex(blake2b256(Buffer.from(text)));

// The pools' metadata server is on loopback: the worker runs with OFF_CHAIN_FETCH_ALLOW_PRIVATE.
let job: OffChainJobHarness<PoolMetadataJob>;
beforeAll(async () => {
  job = await offChainJobHarness(
    QUEUES.poolMetadata,
    (queues) => queues.poolMetadata,
    (context) => startPoolMetadataWorker(true, context),
  );
});
afterAll(() => job.close());

const run = (url: string, hash: string) => job.run({ kind: 'registration', url, hash });

const stored = async (url: string, hash: string) =>
  job.prisma.poolMetadata.findUnique({
    where: { url_hash: { url, hash } },
    select: { metadata: true, errorCode: true, error: true },
  });

describe('the pool metadata job (BullMQ on Redis, PostgreSQL)', () => {
  it('stores the JSON object at a registration URL whose blake2b-256 is the registered hash', async () => {
    job.files.set('/best.json', { status: 200, body: BEST });
    const url = `${job.base}/best.json`;
    await run(url, blake(BEST));
    expect(await stored(url, blake(BEST))).toEqual({
      metadata: JSON.parse(BEST),
      errorCode: null,
      error: null,
    });
  });

  it('stores no object when the hash does not match, and keeps the object fetched before on a failure', async () => {
    const url = `${job.base}/best.json`;
    await run(url, 'ab'.repeat(32));
    expect(await stored(url, 'ab'.repeat(32))).toEqual({
      metadata: null,
      errorCode: 'HASH_MISMATCH',
      error: `the file's blake2b-256 is ${blake(BEST)}, not ${'ab'.repeat(32)}`,
    });
    job.files.set('/best.json', { status: 500, body: 'down' });
    await run(url, blake(BEST));
    expect(await stored(url, blake(BEST))).toMatchObject({
      metadata: JSON.parse(BEST),
      errorCode: 'HTTP_RESPONSE_ERROR',
    });
  });

  it('records files over 512 bytes, files that are no JSON object and unreachable servers', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(600) });
    job.files.set('/big.json', { status: 200, body: big });
    job.files.set('/list.json', { status: 200, body: '[1]' });
    await run(`${job.base}/big.json`, blake(big));
    await run(`${job.base}/list.json`, blake('[1]'));
    await run('http://127.0.0.1:1/none.json', blake(BEST));
    expect((await stored(`${job.base}/big.json`, blake(big)))?.errorCode).toBe('SIZE_EXCEEDED');
    expect((await stored(`${job.base}/list.json`, blake('[1]')))?.errorCode).toBe('DECODE_ERROR');
    expect((await stored('http://127.0.0.1:1/none.json', blake(BEST)))?.errorCode).toBe('CONNECTION_ERROR');
  });
});
