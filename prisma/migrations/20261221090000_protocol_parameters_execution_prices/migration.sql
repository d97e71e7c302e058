-- A redeemer's fee is read from the execution prices of its epoch. Read out of `params` for each redeemer, they
-- cost a page of redeemers most of its time: the JSON is stored compressed out of line, and each row unpacked it.
-- The prices are kept as columns of their own, filled by PostgreSQL from `params` whenever a row is written.
-- Ogmios writes each price as the ratio "numerator/denominator" of two 64-bit integers; anything else (an absent
-- price before Alonzo, a malformed one) leaves the columns null, so the row is stored all the same and the fee is
-- null, as it is when no parameters are known.
ALTER TABLE "protocol_parameters"
  ADD COLUMN "price_memory_numerator" DECIMAL(20, 0) GENERATED ALWAYS AS (
    (regexp_match("params" -> 'scriptExecutionPrices' ->> 'memory', '^([0-9]{1,20})/([0-9]{1,20})$'))[1]::numeric
  ) STORED,
  ADD COLUMN "price_memory_denominator" DECIMAL(20, 0) GENERATED ALWAYS AS (
    (regexp_match("params" -> 'scriptExecutionPrices' ->> 'memory', '^([0-9]{1,20})/([0-9]{1,20})$'))[2]::numeric
  ) STORED,
  ADD COLUMN "price_steps_numerator" DECIMAL(20, 0) GENERATED ALWAYS AS (
    (regexp_match("params" -> 'scriptExecutionPrices' ->> 'cpu', '^([0-9]{1,20})/([0-9]{1,20})$'))[1]::numeric
  ) STORED,
  ADD COLUMN "price_steps_denominator" DECIMAL(20, 0) GENERATED ALWAYS AS (
    (regexp_match("params" -> 'scriptExecutionPrices' ->> 'cpu', '^([0-9]{1,20})/([0-9]{1,20})$'))[2]::numeric
  ) STORED;
