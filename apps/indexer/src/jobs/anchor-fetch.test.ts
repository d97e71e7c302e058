import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { blake2b256, bytesToHex } from '@frostline/model';
import {
  ANCHOR_LIMITS,
  fetchAnchor,
  pendingGovernanceAnchors,
  refreshGovernanceAnchor,
} from './anchor-fetch.js';
import { prismaDatabase } from '../test-support/lifecycle.js';

// A CIP-119 document server on loopback: the fetches run with allowPrivate, except the one that proves the refusal.
const DOCUMENT = Buffer.from(
  JSON.stringify({ '@context': {}, hashAlgorithm: 'blake2b-256', body: { givenName: 'A' } }),
);
const hashOf = (bytes: Buffer) => bytesToHex(blake2b256(bytes));
const files = new Map<string, { status: number; body: Buffer }>([
  ['/drep.jsonld', { status: 200, body: DOCUMENT }],
  ['/list.json', { status: 200, body: Buffer.from('[1]') }],
  ['/text', { status: 200, body: Buffer.from('<html></html>') }],
  ['/huge', { status: 200, body: Buffer.alloc(ANCHOR_LIMITS.maxBytes + 1, 0x20) }],
]);
let server: Server;
let base: string;
const allowed = { allowPrivate: true };

beforeAll(async () => {
  server = createServer((request, response) => {
    const file = files.get(request.url ?? '') ?? { status: 404, body: Buffer.from('not found') };
    response.writeHead(file.status).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('fetchAnchor', () => {
  it('answers the bytes and JSON of a document whose blake2b-256 is the anchor hash', async () => {
    expect(await fetchAnchor(`${base}/drep.jsonld`, hashOf(DOCUMENT).toUpperCase(), allowed)).toEqual({
      bytes: DOCUMENT,
      json: JSON.parse(DOCUMENT.toString()),
    });
  });

  it.each([
    ['another hash', '/drep.jsonld', 'ab'.repeat(32), 'HASH_MISMATCH'],
    ['not JSON', '/text', hashOf(files.get('/text')!.body), 'DECODE_ERROR'],
    ['JSON that is not an object', '/list.json', hashOf(files.get('/list.json')!.body), 'DECODE_ERROR'],
    ['a 404', '/missing', 'ab'.repeat(32), 'HTTP_RESPONSE_ERROR'],
    ['more bytes than the limit', '/huge', 'ab'.repeat(32), 'SIZE_EXCEEDED'],
  ])('answers Blockfrost’s error code for %s', async (_case, path, hash, code) => {
    expect(await fetchAnchor(`${base}${path}`, hash, allowed)).toEqual({
      error: { code, message: expect.any(String) },
    });
  });

  it('refuses a loopback destination unless allowed, and a URL it cannot fetch', async () => {
    const refused = await fetchAnchor(`${base}/drep.jsonld`, hashOf(DOCUMENT), { allowPrivate: false });
    expect(refused).toEqual({ error: { code: 'CONNECTION_ERROR', message: expect.any(String) } });
    expect(await fetchAnchor('ipfs://bafy', hashOf(DOCUMENT), allowed)).toMatchObject({
      error: { code: 'CONNECTION_ERROR' },
    });
  });
});

describe('refreshGovernanceAnchor and pendingGovernanceAnchors', () => {
  const database = prismaDatabase();

  it('stores the document, keeps it through a later failure, and leaves only anchors without one pending', async () => {
    const good = { url: `${base}/drep.jsonld`, hash: hashOf(DOCUMENT) };
    const bad = { url: `${base}/missing`, hash: 'cd'.repeat(32) };
    for (const [id, anchor] of [good, bad].entries()) {
      await database.prisma.$executeRawUnsafe(
        `INSERT INTO drep_registration (id, tx_id, cert_index, drep_kind, drep_hash, deposit, anchor_url, anchor_hash)
         VALUES ($1::int8, 1, $1::int4, 'key', decode(repeat('aa', 28), 'hex'), 1, $2, decode($3, 'hex'))`,
        id + 1,
        anchor.url,
        anchor.hash,
      );
    }
    // A proposal's anchor joins them; one a DRep certificate also names is fetched once.
    const proposal = { url: `${base}/proposal.jsonld`, hash: 'ef'.repeat(32) };
    for (const [index, anchor] of [proposal, bad].entries()) {
      await database.prisma.$executeRawUnsafe(
        `INSERT INTO gov_action_proposal (id, tx_id, index, deposit, return_address_id, type, anchor_url, anchor_hash)
         VALUES ($1::int8, 1, $1::int4, 1, 1, 'info_action', $2, decode($3, 'hex'))`,
        index,
        anchor.url,
        anchor.hash,
      );
    }
    expect(await pendingGovernanceAnchors(database.prisma, 10)).toEqual([good, bad, proposal]);
    expect(await pendingGovernanceAnchors(database.prisma, 2)).toEqual([good, bad]);
    await refreshGovernanceAnchor(database.prisma, good, allowed);
    await refreshGovernanceAnchor(database.prisma, bad, allowed);
    expect(await pendingGovernanceAnchors(database.prisma, 10)).toEqual([bad, proposal]);

    files.set('/drep.jsonld', { status: 500, body: Buffer.from('down') });
    await refreshGovernanceAnchor(database.prisma, good, allowed);
    const rows = await database.prisma.governanceAnchor.findMany({ orderBy: { url: 'asc' } });
    expect(
      rows.map((row) => [row.url, row.bytes && Buffer.from(row.bytes).equals(DOCUMENT), row.errorCode]),
    ).toEqual([
      [good.url, true, 'HTTP_RESPONSE_ERROR'],
      [bad.url, null, 'HTTP_RESPONSE_ERROR'],
    ]);
  });
});
