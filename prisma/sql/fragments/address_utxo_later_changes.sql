-- The transactions after the list's tip, as an array probed into tx_out's indexes: joined to tx_out instead, a
-- few blocks' worth was planned as a merge join that read those indexes from their start.
later_tx AS (
  SELECT ARRAY(SELECT t.id FROM tx t WHERE t.block_id > (SELECT since_id FROM state WHERE carried)) AS ids
),
-- The outputs those transactions created (and left unspent) and spent, found through the transactions alone:
-- MATERIALIZED keeps the selection's condition out of these scans, which a plan had turned into a BitmapAnd with
-- all of a busy address's entries of its unspent-output index, slow under load.
later_created AS MATERIALIZED (
  SELECT o.id, o.address_id, o.payment_cred, o.has_assets
  FROM tx_out o
  WHERE o.tx_id = ANY ((SELECT ids FROM later_tx)::int8[])
    AND EXISTS (SELECT 1 FROM unspent_tx_out u WHERE u.tx_out_id = o.id)
),
later_spent AS MATERIALIZED (
  SELECT o.id, o.address_id, o.payment_cred
  FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
  WHERE sp.tx_id = ANY ((SELECT ids FROM later_tx)::int8[])
)