-- The selection's outputs the blocks after the list's tip spent (from address_utxo_later_changes).
spent AS (
  SELECT c.id
  FROM later_spent c
  WHERE {{include address_utxo_selected}}
)