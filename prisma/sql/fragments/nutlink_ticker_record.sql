-- A ticker record's columns (RYO: the transaction, its block height and index, and the ticker's value in the
-- transaction's label-1968 JSON) for each `page` row (p: its nutlink_ticker row's id, tx_id and ticker).
-- The columns are null when the page is empty. Indexes: tx_pkey, block_pkey, tx_metadata_tx_id_label_idx.
  encode(tx.hash, 'hex') AS tx_hash,
  b.height AS block_height,
  tx.block_index AS tx_index,
  (SELECT m.json -> p.ticker FROM tx_metadata m WHERE m.tx_id = p.tx_id AND m.label = 1968) AS payload
