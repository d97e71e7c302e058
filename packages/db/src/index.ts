export {
  createPrismaClient,
  pgPool,
  Prisma,
  TRANSACTION_LIMITS,
  type PrismaClient,
  type DbOptions,
} from './client.js';
export { applyMigrations, readMigrations, MIGRATIONS_DIR, type Migration } from './migrate.js';
export * from './queries/index.js';
