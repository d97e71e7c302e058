-- The transactions of a from/to block range as one tx id range (lo, hi), for the index walks of the history
-- tables: ids follow chain order. The including query defines range_params (from_height, from_index, to_height,
-- to_index), each null when not given. As RYO compares them: from h keeps the transactions of later blocks
-- and of block h from index i on (the whole block without an index); to h those of earlier blocks and of
-- block h up to index i. With either end given, the genesis pseudo-block's transactions (no height) are out.
-- Each end is one walk of block_height_idx, stopping at the first block holding such a transaction.
-- The including query bounds its index walk with (SELECT lo FROM tx_range) and (SELECT hi FROM tx_range), not a
-- join with it: joined, the planner cannot tell that the walk stays in tx_id order, and sorts the whole history
-- of a key for every page.
tx_range AS (
  SELECT
    CASE WHEN p.from_height IS NULL AND p.to_height IS NULL THEN 0 ELSE coalesce((
      SELECT t.id FROM block b JOIN tx t ON t.block_id = b.id
      WHERE b.height >= coalesce(p.from_height, 0)
        AND (p.from_height IS NULL OR b.height > p.from_height OR t.block_index >= coalesce(p.from_index, 0))
      ORDER BY b.height, t.block_index LIMIT 1), 9223372036854775807) END AS lo,
    CASE WHEN p.from_height IS NULL AND p.to_height IS NULL THEN 9223372036854775807 ELSE coalesce((
      SELECT t.id FROM block b JOIN tx t ON t.block_id = b.id
      WHERE b.height <= coalesce(p.to_height, 2147483647)
        AND (p.to_height IS NULL OR b.height < p.to_height OR t.block_index <= coalesce(p.to_index, 2147483647))
      ORDER BY b.height DESC, t.block_index DESC LIMIT 1), 0) END AS hi
  FROM range_params p
)
