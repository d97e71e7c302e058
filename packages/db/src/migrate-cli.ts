#!/usr/bin/env node
import { applyMigrations } from './migrate.js';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
try {
  const applied = await applyMigrations(url);
  console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
} catch (error) {
  console.error(`migration failed: ${(error as Error).message}`);
  process.exit(1);
}
