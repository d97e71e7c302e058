import { setTimeout as sleep } from 'node:timers/promises';
import { createPrismaClient, pgPool } from './client.js';
import { createTestDatabase, type TestDatabase } from './testing.js';

/** pg-pool closes a connection idle this long unless told otherwise. */
const PG_DEFAULT_IDLE_TIMEOUT_MS = 10_000;

describe('createPrismaClient', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it(
    'keeps the connections a burst opened after they fall idle',
    async () => {
      const prisma = createPrismaClient(db.url, { maxConnections: 3 });
      try {
        const pool = pgPool(prisma);
        await Promise.all([1, 2, 3].map(() => pool.query('SELECT pg_sleep(0.05)')));
        expect(pool.totalCount).toBe(3);
        await sleep(PG_DEFAULT_IDLE_TIMEOUT_MS + 1_000);
        expect(pool.totalCount).toBe(3);
        expect(pool.idleCount).toBe(3);
      } finally {
        await prisma.$disconnect();
      }
    },
    PG_DEFAULT_IDLE_TIMEOUT_MS + 10_000,
  );

  it('runs a transaction that waited longer for a connection than Prisma waits by default', async () => {
    const prisma = createPrismaClient(db.url, { maxConnections: 1 });
    try {
      // The only connection is busy for longer than Prisma's default wait (2 s) and its default run (5 s).
      const busy = pgPool(prisma).query('SELECT pg_sleep(6)');
      await sleep(100);
      const [count] = await prisma.$transaction([prisma.eraSummary.count(), prisma.eraSummary.deleteMany()]);
      await busy;
      expect(count).toBe(0);
    } finally {
      await prisma.$disconnect();
    }
  });
});
