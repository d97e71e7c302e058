-- Probe columns of the id list queries, after the selection's (address_selection_probe): the newest block of
-- this statement's snapshot (the chain state the list reflects) and the block of the earlier list's tip
-- ($since, a block hash in hex; no block without an earlier list, or when a rollback removed that block).
    (SELECT encode(hash, 'hex') FROM block ORDER BY id DESC LIMIT 1) AS tip,
    (SELECT id FROM block ORDER BY id DESC LIMIT 1) AS tip_id,
    (SELECT id FROM block WHERE hash = decode($since::text, 'hex')) AS since_id