import {
  decodeStakeAddress,
  rewardAddressBech32ToHex,
  rewardAddressHexToBech32,
  stakeAddressFromCredential,
} from './stake-address.js';
import type { CredentialType } from './credential.js';
import { utilsCases } from './test-support/blockfrost-utils-fixtures.js';
import { readTestData } from './test-support/test-data.js';

interface StakeAddressVector {
  stake_address: string;
  network: string;
  header_hex: string;
  credential_type: CredentialType;
  credential_hash: string;
  raw_hex_input?: string;
}

const vectors = readTestData<{ stake_addresses: StakeAddressVector[] }>(
  'stake_addresses.json',
).stake_addresses;

describe('stake address vectors', () => {
  it.each(vectors.map((vector) => [vector.stake_address, vector] as const))('%s', (text, vector) => {
    const credential = { type: vector.credential_type, hash: vector.credential_hash };
    // Header low nibble is the network id: e1/f1 mainnet, e0/f0 testnets.
    const networkId = Number.parseInt(vector.header_hex, 16) & 0x0f;

    expect(decodeStakeAddress(text)).toEqual({ networkId, credential });
    expect(stakeAddressFromCredential(credential, networkId)).toBe(text);
    expect(rewardAddressBech32ToHex(text)).toBe(vector.header_hex + vector.credential_hash);
    if (vector.raw_hex_input) expect(rewardAddressHexToBech32(vector.raw_hex_input)).toBe(text);
  });

  it('rejects payment addresses and malformed hex', () => {
    const enterprise = 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8';
    expect(decodeStakeAddress(enterprise)).toBeNull();
    expect(rewardAddressBech32ToHex(enterprise)).toBeNull();
    expect(rewardAddressHexToBech32('619493315cd92eb5d8c4304e67b7e16ae36d61d34502694657811a2c8e')).toBeNull();
    expect(rewardAddressHexToBech32('e1337')).toBeNull();
  });
});

describe('blockfrost-utils convertStakeAddress fixtures', () => {
  it.each(utilsCases('convertStakeAddress'))('%s', (_, fixture) => {
    // blockfrost-utils takes the prefix from the configured network; we take it from the header,
    // which agrees for every fixture.
    expect(rewardAddressHexToBech32(fixture.input as string)).toBe(fixture.result);
  });
});
