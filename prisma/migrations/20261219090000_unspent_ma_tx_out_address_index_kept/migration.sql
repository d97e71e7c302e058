-- The holders' order (asset_holder.first_tx_id) is refreshed every batch by probing an address's live outputs of an
-- asset, so a catch-up that defers address_utxo no longer drops this index; a deferral under way dropped it.
CREATE INDEX IF NOT EXISTS "unspent_ma_tx_out_address_id_asset_id_tx_out_id_idx"
  ON "unspent_ma_tx_out"("address_id", "asset_id", "tx_out_id");
