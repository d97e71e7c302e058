-- The epoch_content of each epoch of $1, all of which have blocks: the epochs of a /next or /previous
-- page the API does not keep already.
--   $1 int8[] epochs
-- Indexes: those of the epoch_content fragment.
WITH epochs AS (
  SELECT unnest($1::int8[]) AS no
)
{{include epoch_content}}
