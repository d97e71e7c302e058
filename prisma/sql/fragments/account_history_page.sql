-- The rows of an account history query: its `page` (id, tx_id) with each row's transaction `t` and block
-- `b`; the lone probe row with null columns when the page is empty.
FROM account
LEFT JOIN page ON true
LEFT JOIN tx t ON t.id = page.tx_id
LEFT JOIN block b ON b.id = t.block_id
