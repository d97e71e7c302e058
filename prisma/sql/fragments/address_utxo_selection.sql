-- The ids of the unspent outputs of the selection ($1 an address, whose id the including query's `probe`
-- holds, or $2 a payment credential), in chain order, from unspent_tx_out's index alone (an index-only scan).
-- {{page}} cuts each branch to the page of a page query (its LIMIT and OFFSET) and is empty in an id list
-- query, which takes the whole selection: a deep page skips index entries, not rows. Exactly one branch runs:
-- the other one's parameter test is a constant false, so each branch takes the page itself and its offset is
-- skipped right above its index scan rather than passed row by row through a merge of the branches. The
-- address id is a scalar subquery (not a join), so the planner knows the index delivers ids in order and
-- LIMIT stops early.
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    WHERE $2::bytea IS NULL AND o.address_id = (SELECT address_id FROM probe)
    ORDER BY o.tx_out_id {{direction}}
    {{page}}
  )
  UNION ALL
  (
    SELECT o.tx_out_id AS id
    FROM unspent_tx_out o
    WHERE o.payment_cred = $2::bytea
    ORDER BY o.tx_out_id {{direction}}
    {{page}}
  )
