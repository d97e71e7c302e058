import { schemaErrors } from '../convert/test-support/schema.js';
import { generate, isBlock } from './test-support/chain.js';

describe('generated blocks', () => {
  it("validate against Ogmios' cardano.json Block schema (patched per OGMIOS.md §8)", async () => {
    const { lines } = await generate({ blocks: 120 });
    const failures = lines
      .filter(isBlock)
      .map((block) => schemaErrors(block))
      .filter(Boolean);
    expect(failures).toEqual([]);
  });
});
