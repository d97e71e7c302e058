import {
  decodedOutput,
  decodedTransaction,
  emptyBatch,
  emptyLookups,
  hash28,
  hash32,
  txInBlock,
} from '../test-support/decoded.js';
import { projectScriptsAndDatums } from './scripts.js';

describe('projectScriptsAndDatums', () => {
  const script = {
    hash: hash28(0x5c),
    language: 'plutus:v2' as const,
    bytes: '4e4d01000033222220051200120011',
  };

  it('stores a reference script and a datum once, with the first transaction that showed them', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      outputs: [
        decodedOutput({ referenceScript: script }),
        decodedOutput({ index: 1, referenceScript: script }),
      ],
      datums: [{ hash: hash32(0xd1), bytes: 'd87980' }],
    });
    projectScriptsAndDatums(state, txInBlock(tx, undefined, { txId: 3n }));
    projectScriptsAndDatums(state, txInBlock(tx, undefined, { txId: 4n }));
    expect(state.rows.scripts).toEqual([{ id: 1n, txId: 3n, ...script }]);
    expect(state.rows.datums).toEqual([{ id: 1n, txId: 3n, hash: hash32(0xd1), bytes: 'd87980' }]);
  });

  it('stores witness scripts after the reference scripts, once per hash', () => {
    const state = emptyBatch();
    const native = { hash: hash28(0x6c), language: 'native' as const, bytes: `8200581c${hash28(0x01)}` };
    const tx = decodedTransaction({
      outputs: [decodedOutput({ referenceScript: script })],
      scripts: [native, script],
    });
    projectScriptsAndDatums(state, txInBlock(tx, undefined, { txId: 3n }));
    projectScriptsAndDatums(
      state,
      txInBlock(decodedTransaction({ scripts: [native] }), undefined, { txId: 4n }),
    );
    expect(state.rows.scripts).toEqual([
      { id: 1n, txId: 3n, ...script },
      { id: 2n, txId: 3n, ...native },
    ]);
  });

  it('skips what was stored before the batch', () => {
    const state = emptyBatch(
      emptyLookups({ knownScripts: new Set([script.hash]), knownDatums: new Set([hash32(0xd1)]) }),
    );
    const tx = decodedTransaction({
      outputs: [decodedOutput({ referenceScript: script })],
      datums: [{ hash: hash32(0xd1), bytes: 'd87980' }],
    });
    projectScriptsAndDatums(state, txInBlock(tx));
    expect(state.rows.scripts).toEqual([]);
    expect(state.rows.datums).toEqual([]);
  });
});
