-- GET /addresses/{address}/utxos, deep pages: the existence probe and the ids of every unspent output of
-- the address (or payment credential), ascending, as one bytea of 8-byte big-endian ids (int8send), with the
-- newest block of this statement's snapshot. The API keeps the list while that block stays the newest and
-- takes any page from it without skipping index entries (apps/api/src/addresses/utxo-id-lists.ts).
-- Given the tip of a kept list that is still in the chain and at most 100 blocks behind, it returns instead
-- only what the blocks after it changed: the ids of the selection's outputs they created that are unspent
-- (`created`) and of those they spent (`spent`), so a list is carried forward at each block by a few index
-- probes instead of read again whole (a busy address's whole list is a long read for PostgreSQL).
--   $1 text   exact address string, or null when selecting by payment credential
--   $2 bytea  28-byte payment credential (addr_vkh/script input), or null
--   $since      text the tip (block hash, hex) of the list this one follows, or null
--   $whole_list bool read the whole list when the changes cannot be given; false leaves `ids` null (the
--               API then only asks whether the changes leave a cached page as it was)
-- The selection is the page query's (addresses_address_utxos.sql), whole.
-- Indexes: address_address_key, block_hash_key, unspent_tx_out_address_id_tx_out_id_idx / unspent_tx_out_payment_cred_tx_out_id_idx
-- (index-only); for the changes tx_block_id_idx, tx_out_tx_id_index_key, unspent_tx_out_pkey, tx_out_spend_tx_id_idx, tx_out_pkey.
WITH probe AS (
  SELECT
    {{include address_selection_probe}},
    {{include address_utxo_list_probe}}
),
{{include address_utxo_list_state}},
ids AS (
{{include address_utxo_selection}}
),
{{include address_utxo_later_changes}},
-- An output created and spent after the list's tip is among the spent ones, which the list does not hold.
created AS (
  SELECT c.id
  FROM later_created c
  WHERE {{include address_utxo_selected}}
),
{{include address_utxo_later_spent}}
SELECT
  s.address_seen,
  {{include address_utxo_list_columns}}
FROM state s
