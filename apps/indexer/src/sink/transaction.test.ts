import { createPrismaClient, type PrismaClient } from '@frostline/db';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { inTransaction, TransactionTimeoutError } from './transaction.js';

describe('inTransaction', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  const statusRows = async () =>
    Number((await prisma.$queryRawUnsafe<{ n: bigint }[]>('SELECT count(*) AS n FROM indexer_status'))[0]!.n);
  const insertStatus = `INSERT INTO indexer_status (id, network, updated_at) VALUES (1, 'test', now())`;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrismaClient(db.url, { maxConnections: 1 });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });
  afterEach(() => prisma.$executeRawUnsafe('DELETE FROM indexer_status'));

  it('commits what the work did and answers its result', async () => {
    expect(await inTransaction(prisma, async (client) => (await client.query(insertStatus)).rowCount)).toBe(
      1,
    );
    expect(await statusRows()).toBe(1);
  });

  it('rolls back when the work fails, and the connection serves the next transaction', async () => {
    const failing = inTransaction(prisma, async (client) => {
      await client.query(insertStatus);
      throw new Error('the work failed');
    });
    await expect(failing).rejects.toThrow('the work failed');
    expect(await statusRows()).toBe(0);
    expect(await inTransaction(prisma, async (client) => (await client.query('SELECT 1')).rowCount)).toBe(1);
  });

  it('rolls back a transaction that runs past its time limit', async () => {
    const long = inTransaction(
      prisma,
      async (client) => {
        await client.query(insertStatus);
        await client.query('SELECT pg_sleep(5)');
      },
      { timeoutMs: 200 },
    );
    await expect(long).rejects.toBeInstanceOf(TransactionTimeoutError);
    expect(await statusRows()).toBe(0);
  });

  it('gives up waiting for a connection after its wait limit, and the connection comes back to the pool', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = inTransaction(prisma, () => held);
    await expect(inTransaction(prisma, async () => 'ran', { maxWaitMs: 100 })).rejects.toBeInstanceOf(
      TransactionTimeoutError,
    );
    release();
    await holding;
    expect(await inTransaction(prisma, async () => 'ran')).toBe('ran');
  });
});
