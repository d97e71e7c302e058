/** Test fixtures copied into test-data/convert (see SOURCES.md there). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../test-data/convert/', import.meta.url));

export function fixturePath(path: string): string {
  return ROOT + path;
}

export function readFixture(path: string): Buffer {
  return readFileSync(ROOT + path);
}

/** `.block`, `.tx` and `.hex` files hold hex text. */
export function readHexFixture(path: string): Uint8Array {
  return new Uint8Array(Buffer.from(readFixture(path).toString('utf8').trim(), 'hex'));
}

export interface ManifestBlock {
  file: string;
  era_tag: number;
  era: string;
  derived: {
    block_hash: string;
    block_number?: number;
    slot?: number;
    prev_hash?: string;
    tx_count?: number;
    tx_hashes?: string[];
    block_body_size?: number;
    size_bytes_without_era_wrapper?: number;
  };
}

export interface Manifest {
  blocks: ManifestBlock[];
  txs: { file: string; era_hint_from_filename: string; derived: { tx_hash: string } }[];
  chunks: {
    block_count: number;
    blocks: {
      offset: number;
      length: number;
      block_hash: string;
      block_number: number;
      slot: number;
      tx_count: number;
    }[];
  }[];
}

export const manifest = JSON.parse(readFixture('blocks/manifest.json').toString('utf8')) as Manifest;
