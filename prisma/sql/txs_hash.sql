-- GET /txs/{hash}, as RYO's txs_hash.sql computes it from db-sync:
--   $1 bytea transaction hash
-- - output assets: one entry per (output, asset) in unit order, not summed (RYO's json_agg);
-- - utxo_count: what the transaction spends (tx_in: tx_out_spend, and tx_input's spends of outputs
--   the index never saw) plus its outputs;
-- - mir_cert_count: RYO counts the transaction once per pot it has MIRs from (0, 1 or 2);
-- - stake_cert_count: registrations and deregistrations (stake_registration holds both).
-- Integers that can outgrow int4 (time, slot) are float8, which JavaScript reads exactly below 2^53.
-- Indexes: tx_hash_key, block_pkey, tx_out_tx_id_index_key, tx_out_spend_tx_id_idx, tx_input_tx_id_idx and the
-- tx_id index of every certificate table.
SELECT
  encode(t.hash, 'hex') AS hash,
  encode(b.hash, 'hex') AS block,
  b.height AS block_height,
  b.time::float8 AS block_time,
  b.slot::float8 AS slot,
  t.block_index AS index,
  t.out_sum::text AS output_lovelace,
  (
    SELECT json_agg(json_build_object('unit', encode(s.policy || s.name, 'hex'), 'quantity', m.quantity::text)
                    ORDER BY s.policy, s.name, o.id)
    FROM tx_out o
    JOIN ma_tx_out m ON m.tx_out_id = o.id
    JOIN asset s ON s.id = m.asset_id
    WHERE o.tx_id = t.id
  ) AS output_assets,
  t.fee::text AS fees,
  t.deposit::text AS deposit,
  t.size,
  t.invalid_before::text AS invalid_before,
  t.invalid_hereafter::text AS invalid_hereafter,
  ((SELECT count(*) FROM tx_out_spend WHERE tx_id = t.id)
    + (SELECT count(*) FROM tx_input WHERE tx_id = t.id AND kind = 'spend')
    + (SELECT count(*) FROM tx_out WHERE tx_id = t.id))::int4 AS utxo_count,
  (SELECT count(*) FROM withdrawal WHERE tx_id = t.id)::int4 AS withdrawal_count,
  (SELECT count(DISTINCT pot) FROM mir WHERE tx_id = t.id)::int4 AS mir_cert_count,
  (SELECT count(*) FROM delegation WHERE tx_id = t.id)::int4 AS delegation_count,
  (SELECT count(*) FROM stake_registration WHERE tx_id = t.id)::int4 AS stake_cert_count,
  (SELECT count(*) FROM pool_registration WHERE tx_id = t.id)::int4 AS pool_update_count,
  t.pool_retire_count,
  (SELECT count(*) FROM asset_mint WHERE tx_id = t.id)::int4 AS asset_mint_or_burn_count,
  t.redeemer_count,
  t.valid AS valid_contract,
  t.treasury_donation::text AS treasury_donation
FROM tx t
JOIN block b ON b.id = t.block_id
WHERE t.hash = $1
