import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Publishing check: build, pack, install the tarball outside the workspace with plain npm, and
// import it from ESM scripts, as a consumer of the npm package would; the README's examples too.
const packageDir = new URL('..', import.meta.url).pathname;
const childEnv = { ...process.env, COREPACK_INTEGRITY_KEYS: '0' };

describe('published package', () => {
  let scratch: string;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'frostline-model-pack-'));
  });

  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('installs from its tarball and works from plain ESM', () => {
    const run = (command: string, args: string[], cwd: string) =>
      execFileSync(command, args, {
        cwd,
        env: childEnv,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });

    run('pnpm', ['run', 'build'], packageDir);
    run('pnpm', ['pack', '--pack-destination', scratch], packageDir);
    const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBeDefined();

    const consumer = join(scratch, 'consumer');
    mkdirSync(consumer);
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    // Lifecycle scripts are skipped: cbor-x's optional native accelerator is not needed.
    run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', join(scratch, tarball!)], consumer);
    writeFileSync(
      join(consumer, 'check.js'),
      [
        "import { assetFingerprint, decodeShelleyAddress } from '@frostline/model';",
        "const address = decodeShelleyAddress('addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8');",
        "const fingerprint = assetFingerprint('7eae28af2208be856f7a119668ae52a49b73725e326dc16579dcc373', '');",
        'console.log(JSON.stringify({ fingerprint, address }));',
      ].join('\n'),
    );

    expect(JSON.parse(run('node', ['check.js'], consumer))).toEqual({
      fingerprint: 'asset1rjklcrnsdzqp65wjgrg55sy9723kw09mlgvlc3',
      address: {
        type: 'enterprise',
        networkId: 1,
        payment: { type: 'key', hash: '9493315cd92eb5d8c4304e67b7e16ae36d61d34502694657811a2c8e' },
      },
    });

    const readme = readFileSync(join(consumer, 'node_modules/@frostline/model/README.md'), 'utf8');
    const examples = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(examples.length).toBeGreaterThan(0);
    examples.forEach((example, index) => {
      writeFileSync(join(consumer, `readme-${index}.js`), example);
      run('node', [`readme-${index}.js`], consumer);
    });
  }, 300_000);
});
