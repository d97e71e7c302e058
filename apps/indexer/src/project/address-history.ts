import type { BatchState, TxInBlock } from './batch-state.js';

interface Touch {
  stakeAddressId: bigint | null;
  txOutId: bigint;
}

/**
 * The transaction's place in the history of addresses (address_tx) and assets (asset_tx), as RYO derives
 * it from db-sync: an address is touched by the outputs the transaction creates at it and by the outputs of
 * it the transaction spends (for a phase-2-invalid transaction, its collateral return and collaterals); an
 * asset by the outputs that hold it. Each address keeps the lowest of those outputs and that output's
 * account. A spent output the index never saw (a mid-chain start) touches nothing: its address is unknown.
 * Runs after projectOutputs, whose outputs and asset ids it reads.
 */
export function projectAddressHistory(state: BatchState, { blockId, tx, txId }: TxInBlock): void {
  const touched = new Map<bigint, Touch>();
  const touch = (addressId: bigint, stakeAddressId: bigint | null, txOutId: bigint) => {
    const earlier = touched.get(addressId);
    if (earlier === undefined || txOutId < earlier.txOutId)
      touched.set(addressId, { stakeAddressId, txOutId });
  };
  for (const ref of tx.spends) {
    const spent = state.batchOutputs.get(ref) ?? state.storedOutputs.get(ref);
    if (spent) touch(spent.addressId, spent.stakeAddressId, spent.id);
  }
  const assets = new Set<bigint>();
  for (const output of tx.outputs) {
    const created = state.batchOutputs.get({ txHash: tx.hash, index: output.index })!;
    touch(created.addressId, created.stakeAddressId, created.id);
    for (const asset of output.assets) assets.add(state.assetId(asset.policy, asset.name, blockId));
  }
  for (const [addressId, { stakeAddressId, txOutId }] of touched)
    state.rows.addressTxs.push({
      addressId,
      txId,
      stakeAddressId,
      txOutId,
      position: 0,
      accountPosition: null,
    });
  for (const assetId of assets) state.rows.assetTxs.push({ assetId, txId, position: 0 });
}
