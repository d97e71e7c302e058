import path from 'node:path';
import { describeViolation, findViolations } from './check.js';

// A small tree laid out like the repository, with one file per kind of forbidden import next to
// allowed ones (see the comments in its files).
const fixtureRoot = path.resolve(new URL('.', import.meta.url).pathname, '../test-data/violations');

test('finds the cycle and each forbidden import of the fixture tree, and nothing else', async () => {
  const violations = await findViolations(fixtureRoot);
  expect(violations.map(describeViolation).sort()).toEqual([
    "apps-are-independent: apps/api/src/uses-indexer.ts → '@frostline/indexer'",
    "apps-are-independent: apps/indexer/src/uses-api.ts → '@frostline/api'",
    "model-imports-nothing-of-ours: packages/model/src/uses-db.ts → '@frostline/db'",
    "model-is-pure: packages/model/src/does-io.ts → '@nestjs/common'",
    "model-is-pure: packages/model/src/does-io.ts → '@prisma/client'",
    "model-is-pure: packages/model/src/does-io.ts → 'fs'",
    "model-is-pure: packages/model/src/does-io.ts → 'http'",
    "model-is-pure: packages/model/src/does-io.ts → 'ioredis'",
    "model-is-pure: packages/model/src/does-io.ts → 'net'",
    "model-is-pure: packages/model/src/does-io.ts → 'pg'",
    "model-is-pure: packages/model/src/does-io.ts → 'ws'",
    'no-cycle: packages/devnet/src/cycle-a.ts → packages/devnet/src/cycle-b.ts → packages/devnet/src/cycle-a.ts',
    "no-test-code-in-shipped-code: packages/devnet/src/uses-test-code.ts → './test-support/helper.js'",
    "no-test-code-in-shipped-code: packages/devnet/src/uses-test-code.ts → '@frostline/db/testing'",
    "no-test-code-in-shipped-code: packages/devnet/src/uses-test-code.ts → '@frostline/evaluator/testing/cases'",
    "packages-import-no-apps: packages/devnet/src/uses-indexer.test.ts → '@frostline/indexer/testing/chain'",
    "packages-import-no-apps: packages/devnet/src/uses-indexer.ts → '@frostline/indexer'",
  ]);
});
