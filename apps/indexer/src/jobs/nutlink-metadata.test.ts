import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DecodedBlock, DecodedTransaction } from '@frostline/model';
import { offChainJobHarness, type OffChainJobHarness } from '../test-support/off-chain-job.js';
import { nutlinkRegistrationsIn, refreshNutlinkMetadata } from './nutlink-metadata.js';
import { QUEUES, type NutlinkMetadataJob } from './queues.js';
import { startNutlinkMetadataWorker } from './workers.js';

const STAKENUTS = JSON.stringify({
  ticker: 'NUTS',
  name: 'StakeNuts.com',
  homepage: 'https://stakenuts.com',
});
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// The oracles' metadata server is on loopback: the worker runs with OFF_CHAIN_FETCH_ALLOW_PRIVATE.
let job: OffChainJobHarness<NutlinkMetadataJob>;
beforeAll(async () => {
  job = await offChainJobHarness(
    QUEUES.nutlinkMetadata,
    (queues) => queues.nutlinkMetadata,
    (context) => startNutlinkMetadataWorker(true, context),
  );
});
afterAll(() => job.close());

const run = (queued: NutlinkMetadataJob) => job.run(queued);

const cached = () =>
  job.prisma.nutlinkMetadata.findMany({
    select: { url: true, hash: true, metadata: true, hashMatches: true, error: true },
    orderBy: [{ url: 'asc' }],
  });

let nextId = 1;
/** A block and transaction whose label-1967 JSON registers `address` (one output to it). */
async function register(address: string, json: unknown): Promise<void> {
  const id = nextId++;
  await job.prisma.$executeRawUnsafe(
    `INSERT INTO block (id, hash, height, slot, is_ebb, epoch, epoch_slot, time, size, tx_count, slot_leader, era)
     VALUES ($1::int8, decode($2, 'hex'), $1::int4, $1::int8, false, 0, $1::int4, $1::int8, 3, 1, 'pool1test', 'conway')`,
    id,
    sha256(`block ${id}`),
  );
  await job.prisma.$executeRawUnsafe(
    `INSERT INTO tx (id, hash, block_id, block_index, valid, fee, out_sum, size, deposit, treasury_donation,
       redeemer_count, pool_retire_count)
     VALUES ($1::int8, decode($2, 'hex'), $1::int8, 0, true, 0, 0, 300, 0, 0, 0, 0)`,
    id,
    sha256(`tx ${id}`),
  );
  await job.prisma.$executeRawUnsafe(
    `INSERT INTO address (id, address, first_block_id) VALUES ($1, $2, $3) ON CONFLICT (address) DO NOTHING`,
    id,
    address,
    id,
  );
  await job.prisma.$executeRawUnsafe(
    `INSERT INTO nutlink_registration (id, tx_id, address_id)
     VALUES ($1, $1, (SELECT id FROM address WHERE address = $2))`,
    id,
    address,
  );
  await job.prisma.$executeRawUnsafe(
    `INSERT INTO tx_metadata (id, tx_id, label, json, bytes) VALUES ($1, $1, 1967, $2::jsonb, '\\xa0')`,
    id,
    JSON.stringify(json),
  );
}

describe('the nut.link metadata job (BullMQ on Redis, PostgreSQL)', () => {
  it('stores the JSON object at a registration URL, and whether its SHA-256 is the registered hash', async () => {
    job.files.set('/stakenuts.json', { status: 200, body: STAKENUTS });
    const url = `${job.base}/stakenuts.json`;
    await run({ kind: 'registration', metadataUrl: url, metadataHash: sha256(STAKENUTS).toUpperCase() });
    await run({ kind: 'registration', metadataUrl: url, metadataHash: 'ab'.repeat(32) });
    expect(await cached()).toEqual([
      {
        url,
        hash: sha256(STAKENUTS).toUpperCase(),
        metadata: JSON.parse(STAKENUTS),
        hashMatches: true,
        error: null,
      },
      // Blockfrost shows the file whatever its hash: so do we, and the mismatch is recorded.
      { url, hash: 'ab'.repeat(32), metadata: JSON.parse(STAKENUTS), hashMatches: false, error: null },
    ]);
  });

  it('records a failed fetch without losing the object fetched before', async () => {
    const url = `${job.base}/stakenuts.json`;
    const hash = sha256(STAKENUTS).toUpperCase();
    job.files.set('/stakenuts.json', { status: 500, body: 'down' });
    await run({ kind: 'registration', metadataUrl: url, metadataHash: hash });
    const [row] = (await cached()).filter((r) => r.hash === hash);
    expect(row).toEqual({
      url,
      hash,
      metadata: JSON.parse(STAKENUTS),
      hashMatches: true,
      error: `${url} answered 500`,
    });
  });

  it('stores no object for an answer that is not a JSON object, nor for a refused destination', async () => {
    job.files.set('/list.json', { status: 200, body: '[1, 2]' });
    job.files.set('/text', { status: 200, body: 'hello' });
    await run({ kind: 'registration', metadataUrl: `${job.base}/list.json`, metadataHash: '' });
    await run({ kind: 'registration', metadataUrl: `${job.base}/text`, metadataHash: '' });
    // What the worker does without OFF_CHAIN_FETCH_ALLOW_PRIVATE:
    await refreshNutlinkMetadata(
      job.prisma,
      { metadataUrl: `${job.base}/private`, metadataHash: '' },
      { allowPrivate: false },
    );
    const rows = (await cached()).filter((r) => r.hash === '');
    expect(rows.map((r) => [r.url, r.metadata, r.hashMatches, r.error?.split(' (')[0]])).toEqual([
      [`${job.base}/list.json`, null, null, 'the answer is not a JSON object'],
      [`${job.base}/private`, null, null, '127.0.0.1 is not a public address'],
      [`${job.base}/text`, null, null, 'the answer is not JSON'],
    ]);
  });

  it("refreshes every oracle's latest registration and forgets the metadata of any other", async () => {
    await job.prisma.nutlinkMetadata.deleteMany();
    const oracle =
      'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3jcu5d8ps7zex2k2xt3uqxgjqnnj83ws8lhrn648jjxtwq2ytjqp';
    const other = 'addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz';
    job.files.set('/old.json', { status: 200, body: '{"name":"old"}' });
    job.files.set('/new.json', { status: 200, body: '{"name":"new"}' });
    await register(oracle, { metadata: `${job.base}/old.json`, hash: sha256('{"name":"old"}') });
    await run({
      kind: 'registration',
      metadataUrl: `${job.base}/old.json`,
      metadataHash: sha256('{"name":"old"}'),
    });
    await register(oracle, { metadata: `${job.base}/new.json`, hash: sha256('{"name":"new"}') });
    await register(other, { hash: 'no URL' });
    await run({ kind: 'refresh-all' });
    expect(await cached()).toEqual([
      {
        url: `${job.base}/new.json`,
        hash: sha256('{"name":"new"}'),
        metadata: { name: 'new' },
        hashMatches: true,
        error: null,
      },
    ]);
  });
});

describe('nutlinkRegistrationsIn', () => {
  it('finds each registration of the blocks once, as GET /nutlink/{address} shows its URL and hash', () => {
    const tx = (metadata: { label: string; json: unknown }[], outputs = 1) =>
      ({ metadata, outputs: Array.from({ length: outputs }, () => ({})) }) as unknown as DecodedTransaction;
    const registration = { label: '1967', json: { metadata: 'https://nut.link/metadata.json', hash: 'ab' } };
    const blocks = [
      { transactions: [tx([registration]), tx([{ label: '1968', json: { ADAUSD: [] } }])] },
      {
        transactions: [tx([registration]), tx([{ label: '1967', json: { hash: 5 } }]), tx([registration], 0)],
      },
    ] as unknown as DecodedBlock[];
    expect(nutlinkRegistrationsIn(blocks)).toEqual([
      { metadataUrl: 'https://nut.link/metadata.json', metadataHash: 'ab' },
      { metadataUrl: '', metadataHash: '5' },
    ]);
  });
});

describe('a refresh of every oracle when the indexer stops', () => {
  it('fetches no further URL once the worker closes, however many are left', async () => {
    // A metadata server that holds its answers until the worker is closing, counting what it was asked.
    const asked: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let firstAsked = () => {};
    const first = new Promise<void>((resolve) => (firstAsked = resolve));
    const server = createServer((request, response) => {
      asked.push(request.url!);
      firstAsked();
      void released.then(() => response.writeHead(200).end('{"name":"slow"}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await job.prisma.nutlinkMetadata.deleteMany();
      for (let i = 0; i < 20; i++)
        await register(`oracle address ${i}`, {
          metadata: `${base}/oracle-${i}.json`,
          hash: sha256('{"name":"slow"}'),
        });
      await job.queue({ kind: 'refresh-all' });
      await first;
      const stopped = job.stopWorker();
      release();
      await stopped;
      expect(asked).toHaveLength(1);
      expect(await job.prisma.nutlinkMetadata.count({ where: { url: { startsWith: base } } })).toBe(1);
    } finally {
      release();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
