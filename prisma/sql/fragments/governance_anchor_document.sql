-- The fetched document of an anchor (`document`, a governance_anchor row or nulls): its JSON, its bytes as
-- `\x` and hex (db-sync's bytea text, as Blockfrost shows them), and the last failed fetch's code and message.
document.json AS json_metadata,
'\x' || encode(document.bytes, 'hex') AS bytes,
document.error_code,
document.error_message
