/**
 * cardano-node ImmutableDB chunk files: blocks stored back to back, each as
 * the hard-fork-wrapped `[eraTag, block]` CBOR. The secondary index holds one
 * 56-byte big-endian entry per block: blockOffset u64, headerOffset u16,
 * headerSize u16, checksum u32, headerHash (32 bytes), blockOrEBB u64.
 */
import { skipItem } from './cbor.js';

const SECONDARY_ENTRY_SIZE = 56;

export function* readImmutableChunk(chunk: Uint8Array, secondary?: Uint8Array): Iterable<Uint8Array> {
  const offsets: number[] = [];
  if (secondary === undefined) {
    for (let at = 0; at < chunk.length; at = skipItem(chunk, at)) offsets.push(at);
  } else {
    const view = new DataView(secondary.buffer, secondary.byteOffset, secondary.byteLength);
    for (let at = 0; at + SECONDARY_ENTRY_SIZE <= secondary.length; at += SECONDARY_ENTRY_SIZE) {
      offsets.push(Number(view.getBigUint64(at)));
    }
  }
  for (let i = 0; i < offsets.length; i++) yield chunk.subarray(offsets[i], offsets[i + 1] ?? chunk.length);
}
