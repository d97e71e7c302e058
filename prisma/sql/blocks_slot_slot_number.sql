-- GET /blocks/slot/{slot_number}: the block in that absolute slot.
--   $1 int8 slot
-- Epoch-boundary blocks and the genesis pseudo-block have no slot (fragments/block_content.sql) and never match.
-- Index: block_slot_idx.
{{include block_content}}
WHERE b.slot = $1 AND NOT b.is_ebb AND b.era <> 'genesis'
