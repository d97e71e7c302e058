import { BlockfrostError } from '../errors.js';
import { bytesToHex, hexToBytes } from '../hex.js';
import { submittedTransaction } from './submitted-transaction.js';

// Empty body, empty witness set, valid, no metadata: the smallest well-formed transaction
// (docs/contract.md#what-client-libraries-send).
const MINIMAL = '84a3008001800200a0f5f6';
const message = (body: Uint8Array) => {
  try {
    submittedTransaction(body);
    return 'accepted';
  } catch (error) {
    if (!(error instanceof BlockfrostError) || error.status !== 400) throw error;
    return error.message;
  }
};

describe('submittedTransaction', () => {
  it('takes raw CBOR as it is', () => {
    expect(bytesToHex(submittedTransaction(hexToBytes(MINIMAL)))).toBe(MINIMAL);
  });

  it('takes the hex text of the CBOR, in either case, as some clients send it', () => {
    const text = (hex: string) => new TextEncoder().encode(hex);
    expect(bytesToHex(submittedTransaction(text(MINIMAL)))).toBe(MINIMAL);
    expect(bytesToHex(submittedTransaction(text(MINIMAL.toUpperCase() + '\n')))).toBe(MINIMAL);
  });

  it('takes a Shelley-to-Mary transaction of three items', () => {
    expect(message(hexToBytes('83a3008001800200a0f6'))).toBe('accepted');
  });

  it.each([
    ['an empty body', '', 'The request body is empty: send the transaction CBOR.'],
    ['truncated CBOR', '84a30080', 'The request body is not CBOR: send the transaction CBOR.'],
    // The minimal example found in the wild: [body, 0, {}, true] followed by a stray f6.
    [
      'a stray item after the transaction',
      '84a300800180020000a0f5f6',
      'The request body is CBOR but not a transaction: [body, witnesses, …].',
    ],
    ['a CBOR integer', '1864', 'The request body is CBOR but not a transaction: [body, witnesses, …].'],
    [
      'an array whose body is not a map',
      '8401a0f5f6',
      'The request body is CBOR but not a transaction: [body, witnesses, …].',
    ],
  ])('rejects %s with a 400', (_name, hex, expected) => {
    expect(message(hexToBytes(hex))).toBe(expected);
  });

  it('rejects odd-length or non-hex text as what it is: not CBOR', () => {
    expect(message(new TextEncoder().encode('hello'))).not.toBe('accepted');
  });
});
