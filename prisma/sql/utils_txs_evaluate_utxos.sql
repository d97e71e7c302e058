-- POST /utils/txs/evaluate/utxos (local engine): the unspent outputs among the given references, as
-- Ogmios would see them in the ledger UTxO set. References that are unknown or already spent yield no
-- row (the caller reports them as unknown inputs unless the request supplies them).
--   $1 text[] transaction ids (hex), $2 int[] output indexes, pairwise
-- Indexes: tx_hash_key, tx_out_tx_id_index_key, unspent_tx_out_pkey, script_hash_key, ma_tx_out_pkey.
SELECT
  encode(t.hash, 'hex') AS tx_hash,
  o.index,
  a.address,
  o.value::text AS lovelace,
  (
    SELECT json_agg(json_build_object('policy', encode(s.policy, 'hex'), 'name', encode(s.name, 'hex'),
                                      'quantity', m.quantity::text))
    FROM ma_tx_out m JOIN asset s ON s.id = m.asset_id
    WHERE m.tx_out_id = o.id
  ) AS assets,
  encode(o.data_hash, 'hex') AS data_hash,
  encode(o.inline_datum, 'hex') AS inline_datum,
  sc.language AS script_language,
  encode(sc.bytes, 'hex') AS script_bytes
FROM unnest($1::text[], $2::int[]) AS r(tx_hash, index)
JOIN tx t ON t.hash = decode(r.tx_hash, 'hex')
JOIN tx_out o ON o.tx_id = t.id AND o.index = r.index
JOIN unspent_tx_out u ON u.tx_out_id = o.id
JOIN address a ON a.id = o.address_id
LEFT JOIN script sc ON sc.hash = o.reference_script_hash
