-- The positions of one page of a numbered history (address_tx.position and account_position, asset_tx.position,
-- redeemer.script_position, tx_metadata_cbor.label_position: sink/history-positions.ts; asset_mint_total.position:
-- sink/history-totals.ts): a range, however deep the page. The including query defines `ends`: first and last, the positions of the key's first and
-- last row within the from/to range (null when it has none), and size and skip, the page's LIMIT and OFFSET.
-- ASC counts from the first, DESC back from the last.
places AS (
  SELECT
    CASE '{{direction}}' WHEN 'ASC' THEN first + skip ELSE greatest(first, last - skip - size + 1) END AS lo,
    CASE '{{direction}}' WHEN 'ASC' THEN least(last, first + skip + size - 1) ELSE last - skip END AS hi
  FROM ends
)
