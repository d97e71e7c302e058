-- Output `c` (address_id, payment_cred) is of the selection: at the address ($1, its id in `probe`) or, when
-- $2 is given, at any address with that payment credential.
CASE WHEN $2::bytea IS NULL THEN c.address_id = (SELECT address_id FROM probe) ELSE c.payment_cred = $2::bytea END