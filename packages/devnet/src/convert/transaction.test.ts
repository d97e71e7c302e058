/// <reference types="jest" />
import { convertTransaction, type EraName } from './index.js';
import { manifest, readHexFixture } from './test-support/fixtures.js';

const ERAS = new Set(['shelley', 'allegra', 'mary', 'alonzo', 'babbage', 'conway']);
const txFixtures = manifest.txs.filter((tx) => tx.era_hint_from_filename !== 'byron');

describe('convertTransaction (Shelley … Conway)', () => {
  it.each(txFixtures.map((tx) => [tx.file, tx] as const))('%s converts with the manifest id', (_file, tx) => {
    const hint = tx.era_hint_from_filename;
    const era = (ERAS.has(hint) ? hint : 'babbage') as EraName;
    const bytes = readHexFixture(`blocks/${tx.file}`);
    const json = convertTransaction(bytes, era);
    expect(json.id).toBe(tx.derived.tx_hash);
    expect(json.cbor).toBe(Buffer.from(bytes).toString('hex'));
    expect(json.spends).toBe('inputs');
    expect(json.fee?.ada.lovelace).toEqual(expect.any(BigInt));
  });

  it('collapses duplicate inputs like the ledger Set does', () => {
    const json = convertTransaction(readHexFixture('blocks/pallas_txs/duplicateinput.tx'), 'babbage');
    const keys = json.inputs.map((input) => `${input.transaction.id}#${input.index}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(keys);
  });
});
