-- The fee of redeemer `r` in transaction `t` as db-sync computes it (the ledger's txscriptfee): the execution
-- prices in force times its budget, rounded up, exactly (the prices are ratios m/d: one integer division).
-- The prices are those stored for the transaction's epoch or the latest earlier one; the indexer stores the
-- parameters of the epochs it follows at the tip, so a catch-up's earlier epochs take the first stored ones.
-- Null when none are stored. OFFSET 0 keeps the prices a row of their own: inlined, each of the four ratios
-- below would look the parameters up and read their JSON again.
(
  SELECT div(r.unit_mem * q.mem_n * q.cpu_d + r.unit_steps * q.cpu_n * q.mem_d + q.mem_d * q.cpu_d - 1, q.mem_d * q.cpu_d)::text
  FROM block b
  CROSS JOIN LATERAL (
    SELECT coalesce(
      (SELECT p.params FROM protocol_parameters p WHERE p.epoch <= b.epoch ORDER BY p.epoch DESC LIMIT 1),
      (SELECT p.params FROM protocol_parameters p ORDER BY p.epoch LIMIT 1)
    ) -> 'scriptExecutionPrices' AS prices
    OFFSET 0
  ) e
  CROSS JOIN LATERAL (
    SELECT
      split_part(e.prices ->> 'memory', '/', 1)::numeric AS mem_n,
      split_part(e.prices ->> 'memory', '/', 2)::numeric AS mem_d,
      split_part(e.prices ->> 'cpu', '/', 1)::numeric AS cpu_n,
      split_part(e.prices ->> 'cpu', '/', 2)::numeric AS cpu_d
  ) q
  WHERE b.id = t.block_id
) AS fee
