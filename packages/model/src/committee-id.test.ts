import { encodeBech32 } from './bech32.js';
import { BlockfrostError } from './errors.js';
import { committeeCredentialId, parseCommitteeIdParam } from './committee-id.js';

// Committee credentials in Blockfrost's own answers (blockfrost-tests governance/committee fixtures).
describe('committeeCredentialId (CIP-129)', () => {
  it('encodes cold credentials with header 0x12 (key) and 0x13 (script)', () => {
    expect(
      committeeCredentialId('cold', {
        type: 'key',
        hash: '13493790d9b03483a1e1e684ea4faf1ee48a58f402574e7f2246f4d4',
      }),
    ).toBe('cc_cold1zgf5jdusmxcrfqapu8ngf6j04u0wfzjc7sp9wnnlyfr0f4q68as9w');
    expect(
      committeeCredentialId('cold', {
        type: 'script',
        hash: 'ff9babf23fef3f54ec29132c07a8e23807d7b395b143ecd8ff79f4c7',
      }),
    ).toBe('cc_cold1z0leh2lj8lhn748v9yfjcpaguguq04anjkc58mxclaulf3cmxjf0t');
  });

  it('encodes hot credentials with header 0x02 (key) and 0x03 (script)', () => {
    expect(
      committeeCredentialId('hot', {
        type: 'script',
        hash: '64bf0826f74edf688a28eabdfcbd191292ef41ca047afd6b807924b7',
      }),
    ).toBe('cc_hot1qdjt7zpx7a8d76y29r4tml9aryff9m6pegz84lttspujfdcrkr62j');
  });
});

describe('parseCommitteeIdParam', () => {
  const hash = '13493790d9b03483a1e1e684ea4faf1ee48a58f402574e7f2246f4d4';

  it('reads both roles and both credential types back from their CIP-129 ids', () => {
    for (const role of ['hot', 'cold'] as const)
      for (const type of ['key', 'script'] as const)
        expect(parseCommitteeIdParam(committeeCredentialId(role, { type, hash }))).toEqual({
          role,
          credential: { type, hash },
        });
  });

  it("answers Blockfrost's 400 for another prefix, a header of the other role or type, another length or hex", () => {
    const bytes = (header: number, length = 28) => Uint8Array.of(header, ...Buffer.alloc(length, 0x13));
    for (const id of [
      'cc_hot1xyz',
      encodeBech32('drep', bytes(0x22)),
      encodeBech32('cc_hot', bytes(0x12)),
      encodeBech32('cc_cold', bytes(0x02)),
      encodeBech32('cc_hot', bytes(0x04)),
      encodeBech32('cc_hot', bytes(0x02, 27)),
      encodeBech32('cc_hot', Buffer.alloc(28, 0x13)),
      hash,
      `02${hash}`,
    ]) {
      expect(() => parseCommitteeIdParam(id)).toThrow(BlockfrostError);
      expect(() => parseCommitteeIdParam(id)).toThrow('Invalid or malformed cc credential id.');
    }
  });
});
