import { committeeCredentialId } from './committee-id.js';

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
