import { decodeBech32 } from './bech32.js';
import { bytesToHex } from './hex.js';
import { readTestData } from './test-support/test-data.js';
import { vrfKeyToBech32 } from './vrf-key.js';

describe('block_vrf', () => {
  // Blockfrost example (mainnet block 5058628); the raw key is what Ogmios reports as vrfVerificationKey.
  const blockVrf = 'vrf_vk17hff333krucx82wjdhnwnfvusg8p4zn22lwmf2pmd2e5mghu52hqvpf8qj';

  it('encodes the 32-byte key as the 65-character vrf_vk1 string', () => {
    const key = bytesToHex(decodeBech32(blockVrf)!.bytes);
    expect(key).toHaveLength(64);
    expect(vrfKeyToBech32(key)).toBe(blockVrf);
    expect(blockVrf).toHaveLength(65);
  });

  it('matches the genesis delegate VRF keys shape', () => {
    const { genDelegs } = readTestData<{ genDelegs: Record<string, { vrf: string }> }>(
      'mainnet-shelley-genesis.json',
    );
    for (const { vrf } of Object.values(genDelegs)) expect(vrfKeyToBech32(vrf)).toHaveLength(65);
  });
});
