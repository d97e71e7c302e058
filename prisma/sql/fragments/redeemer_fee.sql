-- The fee of redeemer `r` in transaction `t` as db-sync computes it (the ledger's txscriptfee): the execution
-- prices in force times its budget, rounded up, exactly (the prices are ratios m/d: one integer division).
-- The prices are those stored for the transaction's epoch or the latest earlier one; the indexer stores the
-- parameters of the epochs it follows at the tip, so a catch-up's earlier epochs take the first stored ones.
-- Null when none are stored. The prices are protocol_parameters' own columns, generated from its JSON.
(
  SELECT div(
    r.unit_mem * p.price_memory_numerator * p.price_steps_denominator
      + r.unit_steps * p.price_steps_numerator * p.price_memory_denominator
      + p.price_memory_denominator * p.price_steps_denominator - 1,
    p.price_memory_denominator * p.price_steps_denominator
  )::text
  FROM block b
  JOIN protocol_parameters p ON p.epoch = coalesce(
    (SELECT max(e.epoch) FROM protocol_parameters e WHERE e.epoch <= b.epoch),
    (SELECT min(e.epoch) FROM protocol_parameters e)
  )
  WHERE b.id = t.block_id
) AS fee
