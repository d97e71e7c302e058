import {
  decodedBlock,
  decodedOutput,
  decodedTransaction,
  emptyBatch,
  emptyLookups,
  hash28,
  hash32,
  txInBlock,
} from '../test-support/decoded.js';
import type { StoredOutput } from './keys.js';
import { OutputMap } from './output-map.js';
import { projectOutputs, projectSpends } from './outputs.js';

const stakeCredential = { type: 'key' as const, hash: hash28(0x51) };
const withStake = { kind: 'credential' as const, networkId: 0, credential: stakeCredential };

describe('projectOutputs', () => {
  it('writes one tx_out per output, one address row per new address, and returns the lovelace', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      outputs: [
        decodedOutput({ index: 0, address: 'addr_a', lovelace: 2n }),
        decodedOutput({ index: 1, address: 'addr_b', lovelace: 3n }),
        decodedOutput({ index: 2, address: 'addr_a', lovelace: 5n }),
      ],
    });
    expect(projectOutputs(state, txInBlock(tx, undefined, { txId: 9n, blockId: 4n }))).toBe(10n);
    expect(state.rows.txOuts.map((o) => [o.id, o.txId, o.index, o.addressId, o.value])).toEqual([
      [1n, 9n, 0, 1n, 2n],
      [2n, 9n, 1, 2n, 3n],
      [3n, 9n, 2, 1n, 5n],
    ]);
    expect(state.rows.addresses.map((a) => [a.address, a.firstBlockId])).toEqual([
      ['addr_a', 4n],
      ['addr_b', 4n],
    ]);
  });

  it('reuses the ids of addresses and assets stored before the batch', () => {
    const state = emptyBatch(
      emptyLookups({ addressIds: new Map([['addr_a', 70n]]), assetIds: new Map([[hash28(1) + 'aa', 80n]]) }),
    );
    const tx = decodedTransaction({
      outputs: [
        decodedOutput({ address: 'addr_a', assets: [{ policy: hash28(1), name: 'aa', quantity: 4n }] }),
      ],
    });
    projectOutputs(state, txInBlock(tx));
    expect(state.rows.txOuts[0]!.addressId).toBe(70n);
    expect(state.rows.maTxOuts).toEqual([{ txOutId: 1n, assetId: 80n, quantity: 4n }]);
    expect(state.rows.addresses).toEqual([]);
    expect(state.rows.assets).toEqual([]);
  });

  it('adds tokens as ma_tx_out with a new asset row and CIP-14 fingerprint', () => {
    const state = emptyBatch();
    const policy = '7eae28af2208be856f7a119668ae52a49b73725e326dc16579dcc373';
    const tx = decodedTransaction({
      outputs: [decodedOutput({ assets: [{ policy, name: '', quantity: 1n }] })],
    });
    projectOutputs(state, txInBlock(tx));
    expect(state.rows.txOuts[0]!.hasAssets).toBe(true);
    // CIP-14's first test vector.
    expect(state.rows.assets[0]!.fingerprint).toBe('asset1rjklcrnsdzqp65wjgrg55sy9723kw09mlgvlc3');
  });

  it('credits the stake address of an output with a stake credential', () => {
    const state = emptyBatch();
    projectOutputs(
      state,
      txInBlock(decodedTransaction({ outputs: [decodedOutput({ stake: withStake, lovelace: 7n })] })),
    );
    expect(state.rows.stakeAddresses.map((s) => s.hashRaw)).toEqual(['e0' + hash28(0x51)]);
    expect(state.rows.txOuts[0]!.stakeAddressId).toBe(1n);
    expect(state.rows.stakeBalanceDeltas).toEqual(new Map([[1n, 7n]]));
  });

  it('resolves pointer addresses before Conway only', () => {
    const pointer = { slot: 5n, txIndex: 0n, certIndex: 1n };
    const output = decodedOutput({ stake: { kind: 'pointer', pointer } });
    const tx = decodedTransaction({ outputs: [output] });
    const lookups = () => emptyLookups({ pointers: new Map([['5.0.1', 42n]]) });
    const babbage = emptyBatch(lookups());
    projectOutputs(babbage, txInBlock(tx, decodedBlock({ era: 'babbage' })));
    expect(babbage.rows.txOuts[0]!.stakeAddressId).toBe(42n);
    const conway = emptyBatch(lookups());
    projectOutputs(conway, txInBlock(tx, decodedBlock({ era: 'conway' })));
    expect(conway.rows.txOuts[0]!.stakeAddressId).toBeNull();
  });
});

describe('the unspent supply', () => {
  it('counts every output, and outputs paid to a script credential as locked', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      outputs: [
        decodedOutput({ index: 0, lovelace: 5n, paymentCredential: { type: 'key', hash: 'aa'.repeat(28) } }),
        decodedOutput({
          index: 1,
          lovelace: 7n,
          paymentCredential: { type: 'script', hash: 'bb'.repeat(28) },
        }),
        decodedOutput({ index: 2, lovelace: 11n, paymentCredential: null }),
      ],
    });
    projectOutputs(state, txInBlock(tx));
    expect(state.rows.txOuts.map((o) => o.lockedByScript)).toEqual([false, true, false]);
    expect(state.rows.supplyDelta).toEqual({ lovelace: 23n, locked: 7n });
  });
});

describe('projectSpends', () => {
  it('records every spend, marks outputs of the batch spent and lists stored ones in spentBefore', () => {
    const stored = new OutputMap<StoredOutput>();
    stored.set(
      { txHash: hash32(2), index: 0 },
      {
        id: 50n,
        addressId: 3n,
        value: 4n,
        stakeAddressId: 8n,
        lockedByScript: true,
        paymentScriptHash: 'ab'.repeat(28),
      },
    );
    const state = emptyBatch(emptyLookups({ outputs: stored }));
    const first = decodedTransaction({
      hash: hash32(1),
      outputs: [decodedOutput({ stake: withStake, lovelace: 6n })],
    });
    projectOutputs(state, txInBlock(first, undefined, { txId: 1n }));
    const second = decodedTransaction({
      hash: hash32(3),
      spends: [
        { txHash: hash32(1), index: 0 },
        { txHash: hash32(2), index: 0 },
      ],
    });
    expect(projectSpends(state, txInBlock(second, undefined, { txId: 2n }))).toBe(10n);
    expect(state.rows.txOuts[0]!.spentInBatch).toBe(true);
    expect(state.rows.spends).toEqual([
      { txOutId: state.rows.txOuts[0]!.id, txId: 2n },
      { txOutId: 50n, txId: 2n },
    ]);
    expect(state.rows.spentBefore).toEqual([50n]);
    expect(state.rows.stakeBalanceDeltas).toEqual(
      new Map([
        [1n, 0n],
        [8n, -4n],
      ]),
    );
    // Created and spent in the batch: no change; the stored output at a script leaves both sums.
    expect(state.rows.supplyDelta).toEqual({ lovelace: -4n, locked: -4n });
  });

  it('keeps an input whose output is unknown (an index started mid-way) by reference, and returns null', () => {
    const tx = decodedTransaction({ spends: [{ txHash: hash32(9), index: 3 }] });
    const state = emptyBatch();
    expect(projectSpends(state, txInBlock(tx, undefined, { txId: 4n }))).toBeNull();
    expect(state.rows.spends).toEqual([]);
    expect(state.rows.spentBefore).toEqual([]);
    expect(state.rows.txInputs).toEqual([
      { id: 1n, txId: 4n, kind: 'spend', outTxHash: hash32(9), outIndex: 3 },
    ]);
  });
});
