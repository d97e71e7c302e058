-- GET /blocks/epoch/{epoch_number}/slot/{slot_number}: {slot_number} is the slot within the epoch.
--   $1 int epoch, $2 int epoch slot
-- Epoch-boundary blocks have a null epoch_slot and never match.
-- Index: block_epoch_epoch_slot_key.
{{include block_content}}
WHERE b.epoch = $1 AND b.epoch_slot = $2
