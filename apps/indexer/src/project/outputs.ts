import type { BatchState, TxInBlock } from './batch-state.js';
import { pointerKey, resolvesPointers, stakeHashRaw } from './keys.js';
import type { TxOutRow } from './rows.js';

/**
 * Records what the transaction spends (`spends`): outputs of this batch are marked so that they never
 * enter the live-output tables, stored ones listed in `spentBefore` to leave them; both leave their
 * stake address's balance and the unspent supply. An input whose output the index never saw (the
 * index started mid-way) is kept by its output reference (tx_input), as it is still one of the
 * transaction's inputs. Returns the lovelace spent, or null when an input is unknown and the sum
 * cannot be known.
 */
export function projectSpends(state: BatchState, { tx, txId }: TxInBlock): bigint | null {
  let spentValue: bigint | null = 0n;
  for (const ref of tx.spends) {
    const inBatch = state.batchOutputs.get(ref);
    if (inBatch) {
      inBatch.spentInBatch = true;
      state.rows.spends.push({ txOutId: inBatch.id, txId });
      state.addBalanceDelta(inBatch.stakeAddressId, -inBatch.value);
      state.addSupplyDelta(-inBatch.value, inBatch.lockedByScript);
      if (spentValue !== null) spentValue += inBatch.value;
      continue;
    }
    const stored = state.storedOutputs.get(ref);
    if (stored) {
      state.rows.spends.push({ txOutId: stored.id, txId });
      state.rows.spentBefore.push(stored.id);
      state.addBalanceDelta(stored.stakeAddressId, -stored.value);
      state.addSupplyDelta(-stored.value, stored.lockedByScript);
      if (spentValue !== null) spentValue += stored.value;
    } else {
      state.addTxInput(txId, 'spend', ref);
      spentValue = null;
    }
  }
  return spentValue;
}

/**
 * The transaction's outputs (tx_out), their tokens (ma_tx_out) and what they add to stake
 * balances and the unspent supply; a pointer address is linked to the registration it points to where the era resolves
 * pointers. Returns the lovelace of the outputs.
 */
export function projectOutputs(state: BatchState, { block, blockId, tx, txId }: TxInBlock): bigint {
  let outSum = 0n;
  for (const output of tx.outputs) {
    let stakeAddressId: bigint | null = null;
    if (output.stake?.kind === 'credential') {
      stakeAddressId = state.stakeAddressId(
        stakeHashRaw(output.stake.credential, output.stake.networkId),
        blockId,
      );
    } else if (output.stake?.kind === 'pointer' && resolvesPointers(block.era)) {
      stakeAddressId = state.pointers.get(pointerKey(output.stake.pointer)) ?? null;
    }
    const row: TxOutRow = {
      id: state.ids.take('tx_out'),
      txId,
      index: output.index,
      addressId: state.addressId(output, blockId),
      paymentCred: output.paymentCredential?.hash ?? null,
      stakeAddressId,
      value: output.lovelace,
      hasAssets: output.assets.length > 0,
      dataHash: output.dataHash,
      inlineDatum: output.inlineDatum,
      referenceScriptHash: output.referenceScript?.hash ?? null,
      spentInBatch: false,
      lockedByScript: output.paymentCredential?.type === 'script',
    };
    state.rows.txOuts.push(row);
    state.batchOutputs.set({ txHash: tx.hash, index: output.index }, row);
    state.addBalanceDelta(stakeAddressId, output.lovelace);
    state.addSupplyDelta(output.lovelace, row.lockedByScript);
    outSum += output.lovelace;
    for (const asset of output.assets) {
      state.rows.maTxOuts.push({
        txOutId: row.id,
        assetId: state.assetId(asset.policy, asset.name, blockId),
        quantity: asset.quantity,
      });
    }
  }
  return outSum;
}
