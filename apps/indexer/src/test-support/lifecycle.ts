/// <reference types="jest" />
import { createPrismaClient, type PrismaClient } from '@frostline/db';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { startDevnet, type Devnet } from '@frostline/devnet';
import { generate, type GeneratedChain } from './generated.js';

/**
 * A fresh migrated database with a Prisma client on it, made before the enclosing block's tests (before each test
 * with `each`) and dropped after them. Tests read its fields once the hook has run.
 */
export function prismaDatabase(around: 'all' | 'each' = 'all'): { db: TestDatabase; prisma: PrismaClient } {
  const database = {} as { db: TestDatabase; prisma: PrismaClient };
  const [before, after] = around === 'all' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    database.db = await createTestDatabase();
    database.prisma = createPrismaClient(database.db.url);
  });
  after(async () => {
    await database.prisma?.$disconnect();
    await database.db?.drop();
  });
  return database;
}

/**
 * The devnet serving a small generated chain with stake delegations and reward accounts, started before the
 * enclosing block's tests and closed after them.
 */
export function generatedDevnet(): { chain: GeneratedChain; devnet: Devnet } {
  const net = {} as { chain: GeneratedChain; devnet: Devnet };
  beforeAll(async () => {
    net.chain = await generate({ seed: 2, blocks: 150, txPerBlock: 4 });
    net.devnet = await startDevnet({ chain: { file: net.chain.file }, network: 'custom', port: 0 });
  }, 120_000);
  afterAll(() => net.devnet?.close());
  return net;
}
