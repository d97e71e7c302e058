-- An epoch's figures (/epochs/{number}) are sums over its blocks: this index holds every column they
-- need, so they are read from the index alone, in chain order, which also pages /epochs/{number}/blocks.
-- The genesis pseudo-block belongs to no epoch.
CREATE INDEX "block_epoch_totals_idx" ON "block"("epoch", "id") INCLUDE ("time", "tx_count", "out_sum", "fees") WHERE "era" <> 'genesis';

-- A pool's blocks (/pools/{pool_id}/blocks, /epochs/{number}/blocks/{pool_id}) in chain order.
CREATE INDEX "block_slot_leader_epoch_id_idx" ON "block"("slot_leader", "epoch", "id");
