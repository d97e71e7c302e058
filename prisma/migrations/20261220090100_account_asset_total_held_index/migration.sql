-- GET /accounts/{stake_address}/addresses/assets lists what the account holds now, but the account's running totals
-- keep every asset it ever held: a page filtered all of them (a busy account's tens of thousands of rows, one heap
-- page each). The held ones have an index of their own, which a page reads alone.
CREATE INDEX "account_asset_total_held_idx" ON "account_asset_total"("stake_address_id", "asset_id")
  WHERE "received" > "sent";
