import { readFileSync } from 'node:fs';
import { API_NODE_FLAGS } from './node-flags.js';

describe('the API Node flags', () => {
  it("are the ones the package's start script passes", () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start.split(' ')).toEqual(['node', ...API_NODE_FLAGS, 'dist/main.js']);
  });
});
