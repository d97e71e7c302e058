import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

// Lint, format and type checks over the whole tree, run by `npm test` so that nothing lands that the
// editor of the next person to open the file would flag. Each tool runs as its own command line would.
const root = path.resolve(new URL('.', import.meta.url).pathname, '../..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

function run(command: string, args: string[], cwd = root) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

/** The folders of the tracked files with this name, the root and test data left out. */
function foldersWith(name: string): string[] {
  return execFileSync('git', ['ls-files', `*${name}`, name], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => path.basename(file) === name && !file.includes('test-data/'))
    .map((file) => path.dirname(file))
    .filter((folder) => folder !== '.');
}

/** One project per workspace package (its sources and tests) and the scripts' (JSDoc-typed JavaScript). */
const typeCheckedProjects = foldersWith('tsconfig.json');

const MINUTES = 60_000;

test(
  'eslint finds no error and no warning',
  () => {
    const { status, output } = run(bin('eslint'), ['--max-warnings=0', '.']);
    expect({ status, output }).toEqual({ status: 0, output: '' });
  },
  10 * MINUTES,
);

test(
  'prettier finds every file formatted',
  () => {
    const { status, output } = run(bin('prettier'), ['--check', '--log-level=warn', '.']);
    expect({ status, output }).toEqual({ status: 0, output: '' });
  },
  10 * MINUTES,
);

test('every workspace package and the scripts have a type-checked project', () => {
  expect(typeCheckedProjects).toEqual(expect.arrayContaining([...foldersWith('package.json'), 'scripts']));
});

test.each(typeCheckedProjects)(
  'tsc --noEmit finds no type error in %s',
  (project) => {
    const { status, output } = run(bin('tsc'), ['--noEmit', '-p', path.join(project, 'tsconfig.json')]);
    expect({ status, output }).toEqual({ status: 0, output: '' });
  },
  10 * MINUTES,
);
