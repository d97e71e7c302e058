import { blake2b224 } from './blake2b.js';
import { decodeBech32 } from './bech32.js';
import { bytesToHex, hexToBytes, isHex } from './hex.js';
import { utilsCases } from './test-support/blockfrost-utils-fixtures.js';
import { readTestData } from './test-support/test-data.js';

interface Cip19Inputs {
  inputs: {
    payment_vk: string;
    stake_vk: string;
    derived_payment_key_hash: string;
    derived_stake_key_hash: string;
  };
}

const { inputs } = readTestData<Cip19Inputs>('cip19_vectors.json');

describe('blake2b and hex helpers', () => {
  it('hashes the CIP-19 verification keys to their key hashes', () => {
    expect(bytesToHex(blake2b224(decodeBech32(inputs.payment_vk)!.bytes))).toBe(
      inputs.derived_payment_key_hash,
    );
    expect(bytesToHex(blake2b224(decodeBech32(inputs.stake_vk)!.bytes))).toBe(inputs.derived_stake_key_hash);
  });

  it('converts hex both ways and recognises hex', () => {
    expect(bytesToHex(hexToBytes('00ff10'))).toBe('00ff10');
    expect(isHex('DEADbeef')).toBe(true);
    expect(isHex('')).toBe(false);
    expect(isHex('deadbppf')).toBe(false);
  });
});

describe('blockfrost-utils validateHex fixtures', () => {
  it.each(utilsCases('validateHex'))('%s', (_, fixture) => {
    expect(isHex(fixture.input as string)).toBe(fixture.result);
  });
});
