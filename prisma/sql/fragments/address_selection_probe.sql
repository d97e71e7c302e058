-- Probe columns of the address UTxO queries: the address's id ($1 the exact address, or null when $2, a
-- payment credential, selects instead) and whether the selection appears in any output, spent or not.
    (SELECT id FROM address WHERE address = $1) AS address_id,
    CASE
      WHEN $2::bytea IS NULL THEN EXISTS (SELECT 1 FROM address WHERE address = $1)
      ELSE EXISTS (SELECT 1 FROM address WHERE payment_cred = $2::bytea)
    END AS address_seen