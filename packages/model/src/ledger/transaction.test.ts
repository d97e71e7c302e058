import { decodeShelleyAddress } from '../address.js';
import { scriptHash, type ScriptLanguage } from '../metadata/hashes.js';
import { decodeOutput } from './transaction.js';

const BASE_ADDRESS =
  'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs68faae';

describe('decodeOutput', () => {
  it('decodes an address seen before once: its outputs share the credentials', () => {
    const first = decodeOutput({ address: BASE_ADDRESS, value: { ada: { lovelace: 1 } } }, 0);
    const second = decodeOutput({ address: BASE_ADDRESS, value: { ada: { lovelace: 2 } } }, 1);
    const address = decodeShelleyAddress(BASE_ADDRESS);
    if (address?.type !== 'base') throw new Error('a base address');
    expect(first.paymentCredential).toEqual(address.payment);
    expect(first.stake).toEqual({ kind: 'credential', networkId: 0, credential: address.stake });
    expect(second.paymentCredential).toBe(first.paymentCredential);
    expect(second.stake).toBe(first.stake);
    expect([first.lovelace, second.lovelace]).toEqual([1n, 2n]);
  });
});

describe('decodeOutput reference scripts', () => {
  it('hashes the same bytes again under each language, its tag being part of the hash', () => {
    const script = '8200581c' + '11'.repeat(28);
    const decode = (language: ScriptLanguage) =>
      decodeOutput(
        { address: BASE_ADDRESS, value: { ada: { lovelace: 1 } }, script: { language, cbor: script } },
        0,
      ).referenceScript?.hash;
    expect(decode('native')).toBe(scriptHash('native', script));
    expect(decode('plutus:v1')).toBe(scriptHash('plutus:v1', script));
    expect(decode('native')).toBe(scriptHash('native', script));
    expect(decode('native')).not.toBe(decode('plutus:v1'));
  });
});
