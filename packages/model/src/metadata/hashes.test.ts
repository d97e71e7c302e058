import { datumHash, scriptHash, type ScriptLanguage } from './hashes.js';
import { readFixture } from './test-support/read-fixture.js';

const vectors = readFixture<{
  datums: { source: string; datum_hash: string; datum_cbor: string }[];
  scripts: { source: string; language: ScriptLanguage; script_hash: string; script_cbor: string }[];
}>('ogmios_hash_vectors.json');

describe('datumHash (Ogmios witness datums)', () => {
  test.each(vectors.datums.map((v) => [v.datum_hash, v]))('%s', (hash, v) => {
    expect(datumHash(v.datum_cbor)).toBe(hash);
  });
});

describe('scriptHash (Ogmios witness scripts)', () => {
  test.each(vectors.scripts.map((v) => [v.language, v.script_hash, v]))('%s %s', (_, hash, v) => {
    expect(scriptHash(v.language, v.script_cbor)).toBe(hash);
  });
});
