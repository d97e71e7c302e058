/// <reference types="jest" />
import { convertBlock, type EraName, readImmutableChunk } from './index.js';
import { manifest, readFixture, readHexFixture } from './test-support/fixtures.js';

describe('convertBlock', () => {
  it.each(manifest.blocks.map((block) => [block.file, block] as const))(
    '%s matches the manifest',
    (_file, expected) => {
      // gouroboros files hold the bare block, pallas files the `[eraTag, block]` wrapping.
      const era = expected.era.startsWith('byron') ? 'byron' : (expected.era as EraName);
      const block = convertBlock(readHexFixture(`blocks/${expected.file}`), { era });
      const derived = expected.derived;
      expect(block.id).toBe(derived.block_hash);
      expect(block.era).toBe(expected.era.startsWith('byron') ? 'byron' : expected.era);
      expect(block.height).toBe(derived.block_number);
      if (block.type === 'ebb') {
        expect(expected.era_tag).toBe(0);
        return;
      }
      expect(block.slot).toBe(derived.slot);
      const transactions = block.transactions ?? [];
      expect(transactions).toHaveLength(derived.tx_count ?? 0);
      if (derived.tx_hashes !== undefined) expect(transactions.map((tx) => tx.id)).toEqual(derived.tx_hashes);
      if (block.type === 'praos') {
        expect(block.size.bytes).toBe(derived.block_body_size);
        expect(block.ancestor).toBe(derived.prev_hash ?? 'genesis');
      }
    },
  );

  it('accepts an unwrapped block with opts.era', () => {
    const wrapped = readHexFixture('blocks/pallas_blocks/conway1.block');
    const inner = wrapped.subarray(2); // `82 07` = [7, …]
    expect(convertBlock(inner, { era: 'conway' })).toEqual(convertBlock(wrapped));
  });
});

describe('readImmutableChunk', () => {
  const chunk = new Uint8Array(readFixture('blocks/chunks/01285.chunk'));
  const secondary = new Uint8Array(readFixture('blocks/chunks/01285.secondary'));
  const expected = manifest.chunks[0]!.blocks;

  it('splits with and without the secondary index identically', () => {
    const sequential = [...readImmutableChunk(chunk)];
    const indexed = [...readImmutableChunk(chunk, secondary)];
    expect(sequential).toHaveLength(864);
    expect(indexed.map((b) => b.length)).toEqual(sequential.map((b) => b.length));
    expect(indexed.map((b) => b.length)).toEqual(expected.map((b) => b.length));
  });

  it('converts all 864 blocks with manifest ids, heights, slots and tx counts', () => {
    const blocks = [...readImmutableChunk(chunk, secondary)].map((bytes) => convertBlock(bytes));
    expect(
      blocks.map((b) => [
        b.id,
        b.height,
        'slot' in b ? b.slot : null,
        'transactions' in b ? (b.transactions?.length ?? 0) : 0,
      ]),
    ).toEqual(expected.map((b) => [b.block_hash, b.block_number, b.slot, b.tx_count]));
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.ancestor).toBe(blocks[i - 1]!.id);
  });
});
