import { schemaErrors } from '../convert/test-support/schema.js';
import { generate, isBlock } from './test-support/chain.js';

describe('generated blocks', () => {
  // The schema's patches: docs/ogmios.md#the-json-schema-and-its-patches.
  it("validate against Ogmios' cardano.json Block schema (patched)", async () => {
    const { lines } = await generate({ blocks: 120 });
    const failures = lines
      .filter(isBlock)
      .map((block) => schemaErrors(block))
      .filter(Boolean);
    expect(failures).toEqual([]);
  });
});
