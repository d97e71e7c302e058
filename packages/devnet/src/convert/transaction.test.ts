/// <reference types="jest" />
import { arraySpans } from './cbor.js';
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

  it('converts a Byron TxAux [tx, witnesses]', () => {
    const expected = manifest.txs.find((tx) => tx.era_hint_from_filename === 'byron')!;
    const json = convertTransaction(readHexFixture(`blocks/${expected.file}`), 'byron');
    expect(json.id).toBe(expected.derived.tx_hash);
    expect(json.fee).toBeUndefined();
    expect(json.outputs[0]!.address).toMatch(/^(Ae2|DdzFF)/);
  });

  it('reports a phase-2 failed transaction (is_valid = false) as spending collaterals', () => {
    const tx = readHexFixture('blocks/pallas_txs/alonzo1.tx');
    const [, , isValid] = arraySpans(tx, 0);
    const failed = tx.slice();
    failed[isValid![0]] = 0xf4;
    expect(convertTransaction(tx, 'alonzo').spends).toBe('inputs');
    expect(convertTransaction(failed, 'alonzo').spends).toBe('collaterals');
  });

  it('collapses duplicate inputs like the ledger Set does', () => {
    const json = convertTransaction(readHexFixture('blocks/pallas_txs/duplicateinput.tx'), 'babbage');
    const keys = json.inputs.map((input) => `${input.transaction.id}#${input.index}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(keys);
  });
});
