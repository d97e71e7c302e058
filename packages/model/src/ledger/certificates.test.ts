import { Encoder } from 'cbor-x';
import { decodeCertificates } from './certificates.js';

// A body holding one pool retirement certificate [4, pool key hash, epoch], as the ledger's CDDL gives it.
const encoder = new Encoder({ mapsAsObjects: false, useRecords: false });
const transaction = (certificates: unknown[]) =>
  encoder.encode([new Map([[4, certificates]]), new Map(), true, null]) as Uint8Array;

describe('decodeCertificates', () => {
  it('decodes a pool retirement with its pool and retiring epoch', () => {
    const pool = Buffer.alloc(28, 0xab);
    expect(decodeCertificates(transaction([[4, pool, 236]]))).toEqual([
      { kind: 'poolRetirement', index: 0, poolHash: 'ab'.repeat(28), epoch: 236 },
    ]);
  });
});
