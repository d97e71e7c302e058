import { decodedTransaction, emptyBatch, hash28, txInBlock } from '../test-support/decoded.js';
import { metadatumMapCbor, projectAssets } from './assets.js';

describe('projectAssets', () => {
  it('writes a mint row per minted or burnt asset and an asset row the first time one is seen', () => {
    const state = emptyBatch();
    const policy = hash28(0x11);
    const tx = decodedTransaction({
      mints: [
        { policy, name: '01', quantity: 5n },
        { policy, name: '02', quantity: -1n },
      ],
    });
    projectAssets(state, txInBlock(tx, undefined, { txId: 4n }));
    projectAssets(state, txInBlock(tx, undefined, { txId: 5n }));
    expect(state.rows.assets.map((a) => a.name)).toEqual(['01', '02']);
    expect(state.rows.assetMints.map((m) => [m.assetId, m.txId, m.quantity])).toEqual([
      [1n, 4n, 5n],
      [2n, 4n, -1n],
      [1n, 5n, 5n],
      [2n, 5n, -1n],
    ]);
  });

  it('keeps each metadatum as JSON and as the CBOR map db-sync stores', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      metadata: [
        { label: '721', json: { a: 1 }, cbor: 'a1616101' },
        { label: '5', json: null, cbor: '00' },
      ],
    });
    projectAssets(state, txInBlock(tx));
    expect(state.rows.metadata).toEqual([
      { id: 1n, txId: 1n, label: '721', json: '{"a":1}', bytes: 'a11902d1a1616101' },
      { id: 2n, txId: 1n, label: '5', json: null, bytes: 'a10500' },
    ]);
  });
});

describe('metadatumMapCbor', () => {
  it('encodes the label as the smallest CBOR unsigned integer', () => {
    expect(metadatumMapCbor('23', '00')).toBe('a11700');
    expect(metadatumMapCbor('24', '00')).toBe('a1181800');
    expect(metadatumMapCbor('65536', '00')).toBe('a11a0001000000');
    expect(metadatumMapCbor('18446744073709551615', '00')).toBe('a11bffffffffffffffff00');
  });
});
