/// <reference types="jest" />
import { convertBlock, type EraName, readImmutableChunk } from './index.js';
import { readdirSync } from 'node:fs';
import { fixturePath, manifest, readFixture, readHexFixture } from './test-support/fixtures.js';
import { schemaErrors } from './test-support/schema.js';

// The schema's patches: docs/ogmios.md#the-json-schema-and-its-patches.
describe('Ogmios JSON schema (cardano.json#/definitions/Block, patched)', () => {
  it.each(manifest.blocks.map((block) => [block.file, block] as const))('%s validates', (_file, expected) => {
    const era = expected.era.startsWith('byron') ? 'byron' : (expected.era as EraName);
    expect(schemaErrors(convertBlock(readHexFixture(`blocks/${expected.file}`), { era }))).toBeUndefined();
  });

  it('validates all 864 chunk blocks', () => {
    const chunk = new Uint8Array(readFixture('blocks/chunks/01285.chunk'));
    const failures = [...readImmutableChunk(chunk)]
      .map((bytes) => schemaErrors(convertBlock(bytes)))
      .filter(Boolean);
    expect(failures).toEqual([]);
  });
});

describe('schema harness', () => {
  it('rejects an invalid block', () => {
    const { id: _id, ...withoutId } = convertBlock(readHexFixture('blocks/pallas_blocks/conway1.block'));
    expect(schemaErrors(withoutId)).toBeDefined();
  });

  it('accepts the real Ogmios NextBlockResponse vectors', () => {
    const failures = readdirSync(fixturePath('ogmios/NextBlockResponse'))
      .map((file) => JSON.parse(readFixture(`ogmios/NextBlockResponse/${file}`).toString('utf8')).result)
      .filter((result) => result.direction === 'forward')
      .map((result) => schemaErrors(result.block))
      .filter(Boolean);
    expect(failures).toEqual([]);
  });
});
