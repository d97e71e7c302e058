-- GET /assets/{asset}/addresses: each address that ever held a native asset in an output of a valid transaction
-- (collateral returns of failed ones do not count, as in Blockfrost), with what those outputs received and what
-- their spends sent, and the first transaction of the outputs still unspent (null once none is), kept by the batch
-- writer and undone by rollbacks, so a page of an asset's holders is one index range in the order Blockfrost lists
-- them instead of grouping every live output of the asset per request.
CREATE TABLE "asset_holder" (
    "asset_id" BIGINT NOT NULL,
    "address_id" BIGINT NOT NULL,
    "received" DECIMAL(39,0) NOT NULL,
    "sent" DECIMAL(39,0) NOT NULL,
    "first_tx_id" BIGINT,

    CONSTRAINT "asset_holder_pkey" PRIMARY KEY ("asset_id", "address_id")
);

INSERT INTO "asset_holder"
SELECT m.asset_id, o.address_id, sum(m.quantity), coalesce(sum(m.quantity) FILTER (WHERE sp.tx_id IS NOT NULL), 0),
  min(o.tx_id) FILTER (WHERE sp.tx_id IS NULL)
FROM ma_tx_out m
JOIN tx_out o ON o.id = m.tx_out_id
JOIN tx t ON t.id = o.tx_id
LEFT JOIN tx_out_spend sp ON sp.tx_out_id = o.id
WHERE t.valid
GROUP BY m.asset_id, o.address_id;

CREATE INDEX "asset_holder_asset_id_first_tx_id_address_id_idx" ON "asset_holder"("asset_id", "first_tx_id", "address_id")
WHERE "first_tx_id" IS NOT NULL;
