-- The id list queries' changes since the earlier list, as ascending 8-byte big-endian ids (int8send): the
-- outputs created (and still unspent) and spent by the blocks after its tip, when it is carried forward.
  CASE WHEN s.carried THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM created)
  END AS created,
  CASE WHEN s.carried THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM spent)
  END AS spent