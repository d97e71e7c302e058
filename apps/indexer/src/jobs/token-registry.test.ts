import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrismaClient, type PrismaClient } from '@frostline/db';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import {
  RegistryUnavailableError,
  fetchTokenMetadata,
  queryTokenMetadata,
  saveTokenMetadata,
  tokenMetadataFromEntry,
} from './token-registry.js';

// Real CIP-26 mapping files (cardano-foundation/cardano-token-registry; see test-data/token-registry/SOURCES.md).
const DATA = new URL('../../test-data/token-registry/', import.meta.url);
const mappings = new Map(
  readdirSync(new URL('mappings/', DATA)).map((file) => [
    file.replace(/\.json$/, ''),
    readFileSync(new URL(`mappings/${file}`, DATA), 'utf8'),
  ]),
);
const history = (name: string) => readFileSync(new URL(`history/${name}`, DATA), 'utf8');

type Flavour = 'haskell' | 'cardano-foundation';

/** A registry server like the two real ones: IOG's answers 404 for an unknown subject, the CF's 204. */
class Registry {
  files = new Map(mappings);
  flavour: Flavour = 'haskell';
  failWith: number | null = null;
  requests = 0;
  private server!: Server;
  url!: URL;

  async start() {
    this.server = createServer((request, response) => {
      this.requests++;
      if (this.failWith)
        return response.writeHead(this.failWith).end('Exception occurred while handling request');
      if (request.method === 'GET' && request.url?.startsWith('/metadata/')) {
        const subject = decodeURIComponent(request.url.slice('/metadata/'.length));
        const file = this.files.get(subject);
        if (file)
          return response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(file);
        if (this.flavour === 'haskell')
          return response.writeHead(404).end(`Requested subject '${subject}' not found`);
        return response.writeHead(204).end();
      }
      if (request.method === 'POST' && request.url === '/metadata/query') {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          const subjects: string[] = JSON.parse(body).subjects;
          const found = subjects.filter((s) => this.files.has(s)).map((s) => JSON.parse(this.files.get(s)!));
          if (found.length === 0 && this.flavour === 'cardano-foundation')
            return response.writeHead(204).end();
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ subjects: found }));
        });
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = new URL(`http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`);
  }

  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

const NUTCOIN = '00000002df633853f6a47465c9496721d2d5b1291b8398016c0e87ae6e7574636f696e';
const HOSKY = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59';
const ONE = '0a0a43129b17470da7b60dcbbeb5a7c2007fe58bd64440dbbe5f7731756e697665727365';
const USDM = 'c48cbb3d5e57ed56e276bc45f99ab39abe94e6cd7ac39fb402da47ad0014df105553444d';
const LIQWID_DELETED = '36088d63cf12e1e23d163c8be5c7fcfa2871623dc650c915e89c6f03';
const MATRIX_UPPERCASE = '0b9bedfbfb62b21a2a41f581c2811ee74ee062ce32b0eca43964cf796D6174726978';

describe('token registry', () => {
  const registry = new Registry();
  let db: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    await registry.start();
    db = await createTestDatabase();
    prisma = createPrismaClient(db.url);
  });
  afterAll(async () => {
    await registry.stop();
    await prisma.$disconnect();
    await db.drop();
  });
  beforeEach(() => {
    registry.files = new Map(mappings);
    registry.flavour = 'haskell';
    registry.failWith = null;
  });

  it('maps entries as Blockfrost does: values as they are, missing optional fields null, 0 decimals kept', async () => {
    expect(await fetchTokenMetadata(registry.url, NUTCOIN)).toEqual({
      name: 'nutcoin',
      description: 'The legendary Nutcoin, the first native asset minted on Cardano.',
      ticker: 'NUT',
      url: 'https://fivebinaries.com/nutcoin',
      logo: expect.stringMatching(/^iVBORw0KGgo/),
      decimals: null,
    });
    expect((await fetchTokenMetadata(registry.url, HOSKY))?.decimals).toBe(0);
  });

  it('reads every real mapping file and stores it byte for byte', async () => {
    for (const [subject, file] of mappings) {
      const entry = JSON.parse(file);
      const metadata = await fetchTokenMetadata(registry.url, subject);
      expect(metadata).toEqual(tokenMetadataFromEntry(entry));
      expect(metadata?.name).toBe(entry.name.value);
      expect(metadata?.description).toBe(entry.description.value);
      await saveTokenMetadata(prisma, subject, metadata);
      const stored = await prisma.tokenMetadata.findUniqueOrThrow({ where: { subject } });
      expect({ ...stored, updatedAt: undefined, subject: undefined }).toEqual({
        ...metadata,
        updatedAt: undefined,
        subject: undefined,
      });
    }
  });

  it.each<Flavour>(['haskell', 'cardano-foundation'])(
    'treats an unknown subject as no metadata (%s server)',
    async (flavour) => {
      registry.flavour = flavour;
      expect(await fetchTokenMetadata(registry.url, LIQWID_DELETED)).toBeNull();
      // Lookups are exact: the lower-case form of an upper-case registry subject is unknown.
      expect(await fetchTokenMetadata(registry.url, MATRIX_UPPERCASE.toLowerCase())).toBeNull();
      expect(await fetchTokenMetadata(registry.url, MATRIX_UPPERCASE)).not.toBeNull();
    },
  );

  it('reports server errors and unreachable registries as retryable, never as "no metadata"', async () => {
    registry.failWith = 500;
    await expect(fetchTokenMetadata(registry.url, NUTCOIN)).rejects.toThrow(RegistryUnavailableError);
    await expect(fetchTokenMetadata(new URL('http://127.0.0.1:9/'), NUTCOIN)).rejects.toThrow(
      RegistryUnavailableError,
    );
    await expect(queryTokenMetadata(registry.url, [NUTCOIN])).rejects.toThrow(RegistryUnavailableError);
  });

  it('refreshes changed entries and clears deleted ones', async () => {
    registry.files.set(ONE, history(`${ONE}@4791e7ba91d0.json`));
    registry.files.set(USDM, history(`${USDM}@2a371910a3ca.json`));
    registry.files.set(LIQWID_DELETED, history(`${LIQWID_DELETED}@d9fd2512e549.json`));
    const subjects = [ONE, USDM, LIQWID_DELETED, NUTCOIN];
    const save = async () => {
      const found = await queryTokenMetadata(registry.url, subjects);
      for (const subject of subjects) await saveTokenMetadata(prisma, subject, found.get(subject) ?? null);
    };
    await save();
    expect((await prisma.tokenMetadata.findUniqueOrThrow({ where: { subject: ONE } })).name).toBe('Universe');
    expect((await prisma.tokenMetadata.findUniqueOrThrow({ where: { subject: USDM } })).url).toBe(
      'https://mehen.io',
    );
    expect(await prisma.tokenMetadata.findUnique({ where: { subject: LIQWID_DELETED } })).not.toBeNull();

    registry.files = new Map(mappings);
    registry.flavour = 'cardano-foundation';
    await save();
    const one = await prisma.tokenMetadata.findUniqueOrThrow({ where: { subject: ONE } });
    expect([one.name, one.ticker, one.decimals]).toEqual(['ONE', 'ONE', 18]);
    expect((await prisma.tokenMetadata.findUniqueOrThrow({ where: { subject: USDM } })).url).toBe(
      'https://moneta.global/',
    );
    expect(await prisma.tokenMetadata.findUnique({ where: { subject: LIQWID_DELETED } })).toBeNull();
    expect((await prisma.tokenMetadata.findUniqueOrThrow({ where: { subject: NUTCOIN } })).name).toBe(
      'nutcoin',
    );
  });

  it('a batch of only unknown subjects finds nothing on both servers', async () => {
    for (const flavour of ['haskell', 'cardano-foundation'] as const) {
      registry.flavour = flavour;
      expect((await queryTokenMetadata(registry.url, [LIQWID_DELETED])).size).toBe(0);
    }
  });
});
