import type { BatchState, TxInBlock } from './batch-state.js';

/** Mints and burns (asset_mint) and the transaction's metadata (tx_metadata), which asset metadata is read from. */
export function projectAssets(state: BatchState, { blockId, tx, txId }: TxInBlock): void {
  for (const mint of tx.mints) {
    state.rows.assetMints.push({
      id: state.ids.take('asset_mint'),
      assetId: state.assetId(mint.policy, mint.name, blockId),
      txId,
      quantity: mint.quantity,
    });
  }
  for (const metadatum of tx.metadata) {
    state.rows.metadata.push({
      id: state.ids.take('tx_metadata'),
      txId,
      label: metadatum.label,
      json: metadatum.json === null ? null : JSON.stringify(metadatum.json),
      bytes: metadatumMapCbor(metadatum.label, metadatum.cbor),
    });
  }
}

/** db-sync keeps the CBOR of the single-key map {label: value}; the value's CBOR is spliced in as is. */
export function metadatumMapCbor(label: string, valueCbor: string): string {
  return `a1${cborUnsigned(BigInt(label))}${valueCbor}`;
}

// Hand-written because the value bytes must be kept verbatim, which an encoder would not do.
function cborUnsigned(n: bigint): string {
  if (n < 24n) return n.toString(16).padStart(2, '0');
  if (n < 0x100n) return `18${n.toString(16).padStart(2, '0')}`;
  if (n < 0x10000n) return `19${n.toString(16).padStart(4, '0')}`;
  if (n < 0x100000000n) return `1a${n.toString(16).padStart(8, '0')}`;
  return `1b${n.toString(16).padStart(16, '0')}`;
}
