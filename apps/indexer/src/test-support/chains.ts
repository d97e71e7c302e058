import { readFileSync } from 'node:fs';
import { convertBlock, readImmutableChunk } from '@frostline/devnet/convert';
import type { OgmiosBlock } from '@frostline/model';

const DEVNET_TEST_DATA = new URL('../../../../packages/devnet/test-data/convert/blocks/', import.meta.url);

/** The 864 consecutive preprod Babbage blocks of ImmutableDB chunk 01285, as Ogmios v6 JSON. */
export function preprodChunkBlocks(): OgmiosBlock[] {
  const chunk = readFileSync(new URL('chunks/01285.chunk', DEVNET_TEST_DATA));
  return [...readImmutableChunk(chunk)].map((cbor) => convertBlock(cbor) as unknown as OgmiosBlock);
}
