import { decodedOutput, decodedTransaction, emptyBatch, txInBlock } from '../test-support/decoded.js';
import { projectNutlink } from './nutlink.js';

describe('projectNutlink', () => {
  it('registers the outputs of a label-1967 transaction as oracle addresses', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      outputs: [decodedOutput({ address: 'addr_oracle' })],
      metadata: [{ label: '1967', json: { metadata: 'https://oracle', hash: 'ab' }, cbor: 'a0' }],
    });
    projectNutlink(state, txInBlock(tx));
    expect(state.rows.nutlinkRegistrations).toEqual([
      { id: 1n, txId: 1n, addressId: 1n, paymentCred: state.rows.addresses[0]!.paymentCred },
    ]);
  });

  it('writes one ticker row per output and per key of a label-1968 map', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      outputs: [
        decodedOutput({ address: 'addr_oracle' }),
        decodedOutput({ index: 1, address: 'addr_oracle' }),
      ],
      metadata: [{ label: '1968', json: { ADAUSD: [], ADABTC: [] }, cbor: 'a0' }],
    });
    projectNutlink(state, txInBlock(tx));
    expect(state.rows.nutlinkTickers.map((t) => [t.addressId, t.ticker])).toEqual([
      [1n, 'ADAUSD'],
      [1n, 'ADABTC'],
      [1n, 'ADAUSD'],
      [1n, 'ADABTC'],
    ]);
  });

  it('ignores a label-1968 value that is not a map, and other labels', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      outputs: [decodedOutput()],
      metadata: [
        { label: '1968', json: [1, 2], cbor: '820102' },
        { label: '674', json: { msg: ['hi'] }, cbor: 'a0' },
      ],
    });
    projectNutlink(state, txInBlock(tx));
    expect(state.rows.nutlinkTickers).toEqual([]);
    expect(state.rows.nutlinkRegistrations).toEqual([]);
  });
});
