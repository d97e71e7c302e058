/// <reference types="jest" />
/**
 * Evidence from Ogmios' own v6.14 NextBlockResponse vectors. They are random
 * (QuickCheck) ledger values, so only the parts that carry their own CBOR can
 * be cross-checked: script hashes against script bytes, and metadata labels
 * whose `cbor` Ogmios printed because no JSON form exists.
 */
import type { Block, Metadata, Script } from '@cardano-ogmios/schema';
import { encode } from 'cbor-x';
import { readdirSync } from 'node:fs';
import { auxiliaryData } from './metadata.js';
import { plutusScript, type PlutusVersion } from './script.js';
import { fixturePath, readFixture } from './test-support/fixtures.js';

const blocks: Block[] = readdirSync(fixturePath('ogmios/NextBlockResponse'))
  .map((file) => JSON.parse(readFixture(`ogmios/NextBlockResponse/${file}`).toString('utf8')).result)
  .filter((result) => result.direction === 'forward')
  .map((result) => result.block);
const transactions = blocks.flatMap((block) => ('transactions' in block ? (block.transactions ?? []) : []));
const fromHex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));

describe('Ogmios 6.14 vectors', () => {
  const scripts = transactions.flatMap((tx) => Object.entries(tx.scripts ?? {})) as [string, Script][];
  const plutus = scripts.filter(([, script]) => script.language !== 'native');

  it('script hashes are blake2b-224 of language tag ‖ the `cbor` bytes', () => {
    expect(plutus.length).toBeGreaterThan(10);
    for (const [hash, script] of plutus) {
      const version = Number(script.language.slice(-1)) as PlutusVersion;
      expect(plutusScript(version, fromHex(script.cbor!)).hash).toBe(hash);
    }
  });

  const labels = transactions.flatMap((tx) =>
    Object.entries((tx.metadata as Metadata | undefined)?.labels ?? {}),
  );
  const cborOnly = labels.filter(([, label]) => label.json === undefined);

  it('labels Ogmios printed as cbor only have no JSON form here either, and re-encode identically', () => {
    expect(cborOnly.length).toBeGreaterThan(20);
    for (const [label, { cbor }] of cborOnly) {
      const metadata = new Uint8Array([0xa1, ...encode(Number(label)), ...fromHex(cbor!)]);
      expect(auxiliaryData(metadata).labels[label]).toEqual({ cbor });
    }
  });
});
