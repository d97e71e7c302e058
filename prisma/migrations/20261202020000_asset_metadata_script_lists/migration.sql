-- GET /assets/{asset}/utxos: the live outputs holding one asset are one index range in chain order, however
-- many addresses hold it.
CREATE INDEX "unspent_ma_tx_out_asset_id_tx_out_id_idx" ON "unspent_ma_tx_out"("asset_id", "tx_out_id");

-- GET /metadata/txs/labels[/{label}[/cbor]]: a label's transactions are one index range in chain order, and
-- the count per label an index-only scan.
CREATE INDEX "tx_metadata_cbor_label_tx_id_idx" ON "tx_metadata_cbor"("label", "tx_id");

-- GET /scripts/{script_hash}/utxos: the outputs carrying a reference script, by script; few outputs carry one,
-- so the index holds only those.
CREATE INDEX "tx_out_reference_script_hash_id_idx" ON "tx_out"("reference_script_hash", "id")
    WHERE "reference_script_hash" IS NOT NULL;
