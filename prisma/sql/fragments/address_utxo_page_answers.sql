-- Each of the page's outputs with its answer from address_utxo, one index descent per output (no read of
-- tx_out, tx, block or ma_tx_out): an address's in the covering index, where its outputs lie side by side
-- in chain order, so a page is a few leaf pages; a payment credential's (outputs of many addresses) by
-- output id. Exactly one branch runs, as above. Each branch has a LIMIT, so it stays a lookup per output:
-- as a plain join, the planner, which takes any address for one with a few outputs, merge-joins the page
-- with all of the address's entries, ≈ 430 bytes each.
LEFT JOIN LATERAL (
  (
    SELECT * FROM address_utxo_answer c
    WHERE $2::bytea IS NULL AND c.address_id = p.address_id AND c.tx_out_id = page.id
    LIMIT 1
  )
  UNION ALL
  (
    SELECT * FROM address_utxo_answer c
    WHERE $2::bytea IS NOT NULL AND c.tx_out_id = page.id
    LIMIT 1
  )
) c ON true