-- The selection's outputs the blocks after the list's tip spent (from address_utxo_later_changes).
spent AS (
  SELECT c.id
  FROM later_spent c
  WHERE CASE WHEN $2::bytea IS NULL THEN c.address_id = (SELECT address_id FROM probe) ELSE c.payment_cred = $2::bytea END
)