import 'dotenv/config';
import { defineConfig } from 'prisma/config';

// Prisma 7 loads no .env by itself, and `env()` would throw when DATABASE_URL is unset
// (docs/toolchain.md#prisma-7):
// generate needs no database, so a placeholder URL is enough.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://invalid@localhost:1/invalid' },
});
