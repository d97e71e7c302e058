import { readFileSync } from 'node:fs';
import { convertBlock, readImmutableChunk, type EraName } from '@frostline/devnet/convert';
import type { OgmiosBlock } from '@frostline/model';

const DEVNET_TEST_DATA = new URL('../../../../packages/devnet/test-data/convert/blocks/', import.meta.url);

/** The 864 consecutive preprod Babbage blocks of ImmutableDB chunk 01285, as Ogmios v6 JSON. */
export function preprodChunkBlocks(): OgmiosBlock[] {
  const chunk = readFileSync(new URL('chunks/01285.chunk', DEVNET_TEST_DATA));
  return [...readImmutableChunk(chunk)].map((cbor) => convertBlock(cbor) as unknown as OgmiosBlock);
}

/**
 * Real mainnet blocks of every Shelley-and-later era, far apart (pallas and gOuroboros test data; see
 * packages/devnet/test-data/convert/SOURCES.md), in chain order: indexed alone they are a chain
 * started mid-way, whose pools' registrations are never seen.
 */
export function mainnetPraosBlocks(): OgmiosBlock[] {
  const files: [file: string, era?: EraName][] = [
    ['pallas_blocks/alonzo15.block'],
    ['pallas_blocks/alonzo10.block'],
    ['pallas_blocks/shelley1.block'],
    ['pallas_blocks/allegra1.block'],
    ['gouroboros_mainnet/allegra_block.hex', 'allegra'],
    ['pallas_blocks/alonzo13.block'],
    ['pallas_blocks/mary1.block'],
    ['pallas_blocks/alonzo9.block'],
    ['gouroboros_mainnet/alonzo_block.hex', 'alonzo'],
    ['pallas_blocks/u5c1.block'],
    ['gouroboros_mainnet/conway_block.hex', 'conway'],
  ];
  return files.map(([file, era]) => {
    const bytes = Buffer.from(readFileSync(new URL(file, DEVNET_TEST_DATA), 'utf8').trim(), 'hex');
    // gOuroboros files hold the bare block, pallas files the `[eraTag, block]` wrapping.
    return convertBlock(bytes, era ? { era } : undefined) as unknown as OgmiosBlock;
  });
}
