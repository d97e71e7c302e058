-- The pools a boundary's rewards can come from (apps/indexer/src/jobs/epoch-snapshots/rewards.ts): those of the
-- distribution of $1 − 2, whose blocks of that epoch the boundary that began $1 pays for; and
-- those whose retirement takes effect at that boundary, whose deposits it refunds. Each with every registration
-- up to the boundary (transaction CBOR, certificate index, epoch), in chain order, whose parameters the caller
-- decodes.
--   $1 int the epoch; $boundary_tx_id int8 the last transaction before it
-- Indexes: epoch_stake_epoch_pool_hash_position_idx, pool_registration_pool_hash_idx,
-- pool_retire_pool_hash_tx_id_idx, tx_cbor_pkey.
WITH distributed AS (
  SELECT DISTINCT e.pool_hash FROM epoch_stake e WHERE e.epoch = $1::int4 - 2
),
retiring AS (
  SELECT r.pool_hash
  FROM (
    SELECT pool_hash, max(ARRAY[tx_id, cert_index]) AS newest
    FROM pool_registration
    WHERE tx_id <= $boundary_tx_id::int8
    GROUP BY pool_hash
  ) r
  JOIN LATERAL (
    SELECT p.retiring_epoch, p.tx_id, p.cert_index
    FROM pool_retire p
    WHERE p.pool_hash = r.pool_hash AND p.tx_id <= $boundary_tx_id::int8
    ORDER BY p.tx_id DESC, p.cert_index DESC
    LIMIT 1
  ) x ON ARRAY[x.tx_id, x.cert_index] > r.newest
  WHERE x.retiring_epoch = $1::int4
),
pools AS (
  SELECT pool_hash FROM distributed UNION SELECT pool_hash FROM retiring
)
SELECT
  encode(p.pool_hash, 'hex') AS pool_hash,
  p.pool_hash IN (SELECT pool_hash FROM retiring) AS retiring,
  ARRAY(
    SELECT json_build_object('cbor', encode(c.bytes, 'hex'), 'cert_index', r.cert_index, 'epoch', b.epoch)
    FROM pool_registration r
    JOIN tx t ON t.id = r.tx_id
    JOIN block b ON b.id = t.block_id
    JOIN tx_cbor c ON c.tx_id = r.tx_id
    WHERE r.pool_hash = p.pool_hash AND r.tx_id <= $boundary_tx_id::int8
    ORDER BY r.tx_id, r.cert_index
  ) AS registrations
FROM pools p
