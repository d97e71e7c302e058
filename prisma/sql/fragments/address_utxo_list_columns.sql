-- The id list queries' answer from their `state` s, after their probe columns: the tip the answer reflects,
-- whether the earlier list continues (and is carried forward), and the ids as ascending 8-byte big-endian
-- ids (int8send): the whole list when it is not carried and $whole_list asks for it, else the outputs created
-- (and still unspent) and spent by the blocks after the earlier list's tip.
  s.tip,
  s.continues,
  s.carried,
  CASE WHEN NOT s.carried AND $whole_list::boolean THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM ids)
  END AS ids,
  CASE WHEN s.carried THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM created)
  END AS created,
  CASE WHEN s.carried THEN
    (SELECT coalesce(string_agg(int8send(id), ''::bytea ORDER BY id), ''::bytea) FROM spent)
  END AS spent