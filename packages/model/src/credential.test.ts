import { paymentCredentialFromBech32, paymentCredentialToBech32, type CredentialType } from './credential.js';
import { byteaToHex, utilsCases } from './test-support/blockfrost-utils-fixtures.js';

const CREDENTIAL_TYPE_OF_PREFIX: Record<string, CredentialType> = {
  addr_vkh: 'key',
  addr_vk: 'key',
  script: 'script',
};

describe('blockfrost-utils payment credential fixtures', () => {
  it.each(utilsCases('paymentCredFromBech32Address'))('paymentCredFromBech32Address: %s', (_, fixture) => {
    const expected = fixture.result as { paymentCred: string; prefix: string } | null;
    expect(paymentCredentialFromBech32(fixture.input as string)).toEqual(
      expected && {
        type: CREDENTIAL_TYPE_OF_PREFIX[expected.prefix],
        hash: byteaToHex(expected.paymentCred),
      },
    );
  });

  it.each(utilsCases('paymentCredToBech32Address'))('paymentCredToBech32Address: %s', (_, fixture) => {
    const credential = { type: CREDENTIAL_TYPE_OF_PREFIX[fixture.prefix!], hash: fixture.input as string };
    expect(paymentCredentialToBech32(credential)).toBe(fixture.result);
  });
});
