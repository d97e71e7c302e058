import path from 'node:path';
import { describeViolation, findViolations } from './check.js';

const repositoryRoot = path.resolve(new URL('.', import.meta.url).pathname, '../..');

test('the repository follows the dependency rules (architecture/src/rules.ts)', async () => {
  const violations = await findViolations(repositoryRoot);
  expect(violations.map(describeViolation)).toEqual([]);
});
