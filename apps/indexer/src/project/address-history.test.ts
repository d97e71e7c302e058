import {
  decodedOutput,
  decodedTransaction,
  emptyLookups,
  hash28,
  hash32,
  txInBlock,
} from '../test-support/decoded.js';
import { projectAddressHistory } from './address-history.js';
import { BatchState } from './batch-state.js';
import { IdAllocator } from './ids.js';
import type { StoredOutput } from './keys.js';
import { OutputMap } from './output-map.js';
import { projectOutputs, projectSpends } from './outputs.js';

describe('projectAddressHistory', () => {
  it('lists each address a transaction touched once, by its lowest output, and each asset of its outputs once', () => {
    const stored = new OutputMap<StoredOutput>();
    stored.set(
      { txHash: hash32(2), index: 0 },
      {
        id: 50n,
        addressId: 70n,
        value: 4n,
        stakeAddressId: 8n,
        lockedByScript: false,
        paymentScriptHash: null,
      },
    );
    stored.set(
      { txHash: hash32(2), index: 1 },
      {
        id: 40n,
        addressId: 70n,
        value: 4n,
        stakeAddressId: 8n,
        lockedByScript: false,
        paymentScriptHash: null,
      },
    );
    // Outputs stored before the batch have lower ids than the batch's, as in chain order.
    const lookups = emptyLookups({ outputs: stored, addressIds: new Map([['addr_a', 70n]]) });
    const state = new BatchState(0, new IdAllocator(new Map([['tx_out', 100n]])), lookups);
    const token = { policy: hash28(1), name: 'aa', quantity: 2n };
    const tx = decodedTransaction({
      hash: hash32(3),
      spends: [
        { txHash: hash32(2), index: 0 },
        { txHash: hash32(2), index: 1 },
        // never seen by the index (a mid-chain start): no address to list
        { txHash: hash32(9), index: 0 },
      ],
      outputs: [
        decodedOutput({ index: 0, address: 'addr_b', assets: [token] }),
        decodedOutput({ index: 1, address: 'addr_a', assets: [token] }),
        decodedOutput({ index: 2, address: 'addr_b' }),
      ],
    });
    const at = txInBlock(tx, undefined, { txId: 5n });
    projectSpends(state, at);
    projectOutputs(state, at);
    projectAddressHistory(state, at);
    const addressB = state.rows.txOuts[0]!.addressId;
    expect(state.rows.addressTxs).toEqual([
      { addressId: 70n, txId: 5n, stakeAddressId: 8n, txOutId: 40n, position: 0, accountPosition: null },
      {
        addressId: addressB,
        txId: 5n,
        stakeAddressId: null,
        txOutId: state.rows.txOuts[0]!.id,
        position: 0,
        accountPosition: null,
      },
    ]);
    expect(state.rows.assetTxs).toEqual([
      { assetId: state.rows.maTxOuts[0]!.assetId, txId: 5n, position: 0 },
    ]);
  });
});
