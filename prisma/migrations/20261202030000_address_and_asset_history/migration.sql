-- The history of addresses, accounts and assets (issue #50): GET /addresses/{address}/transactions and /txs,
-- /accounts/{stake_address}/transactions, /assets/{asset}/transactions and /txs, and the running totals of
-- /addresses/{address}/total and /accounts/{stake_address}/addresses/total and /addresses/assets. Without them
-- each request would join every output an address ever had with its spends, and an account's or a busy
-- address's history has millions. Each batch adds its rows (the totals: what its transactions changed); a
-- rollback deletes the rows of the transactions it removes and takes their change back out of the totals.

-- one row per address and transaction that created an output at it or spent one of its outputs; tx_out_id is
-- the lowest such output (what orders one transaction's addresses in /accounts/{stake_address}/transactions),
-- stake_address_id that output's account
CREATE TABLE "address_tx" (
    "address_id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,
    "stake_address_id" BIGINT,
    "tx_out_id" BIGINT NOT NULL,

    CONSTRAINT "address_tx_pkey" PRIMARY KEY ("address_id","tx_id")
);

-- one row per asset and transaction that created an output holding it
CREATE TABLE "asset_tx" (
    "asset_id" BIGINT NOT NULL,
    "tx_id" BIGINT NOT NULL,

    CONSTRAINT "asset_tx_pkey" PRIMARY KEY ("asset_id","tx_id")
);

-- lovelace received (every output) and sent (every spent output) per address, and its address_tx rows
CREATE TABLE "address_total" (
    "address_id" BIGINT NOT NULL,
    "received" DECIMAL(39,0) NOT NULL,
    "sent" DECIMAL(39,0) NOT NULL,
    "tx_count" BIGINT NOT NULL,

    CONSTRAINT "address_total_pkey" PRIMARY KEY ("address_id")
);

-- the same per address and native asset
CREATE TABLE "address_asset_total" (
    "address_id" BIGINT NOT NULL,
    "asset_id" BIGINT NOT NULL,
    "received" DECIMAL(39,0) NOT NULL,
    "sent" DECIMAL(39,0) NOT NULL,

    CONSTRAINT "address_asset_total_pkey" PRIMARY KEY ("address_id","asset_id")
);

-- the same over the outputs of an account (tx_out.stake_address_id); tx_count: distinct transactions
CREATE TABLE "account_total" (
    "stake_address_id" BIGINT NOT NULL,
    "received" DECIMAL(39,0) NOT NULL,
    "sent" DECIMAL(39,0) NOT NULL,
    "tx_count" BIGINT NOT NULL,

    CONSTRAINT "account_total_pkey" PRIMARY KEY ("stake_address_id")
);

CREATE TABLE "account_asset_total" (
    "stake_address_id" BIGINT NOT NULL,
    "asset_id" BIGINT NOT NULL,
    "received" DECIMAL(39,0) NOT NULL,
    "sent" DECIMAL(39,0) NOT NULL,

    CONSTRAINT "account_asset_total_pkey" PRIMARY KEY ("stake_address_id","asset_id")
);

INSERT INTO "address_tx"
SELECT DISTINCT ON (l.address_id, l.tx_id) l.address_id, l.tx_id, l.stake_address_id, l.tx_out_id
FROM (
  SELECT o.address_id, o.tx_id, o.stake_address_id, o.id AS tx_out_id FROM tx_out o
  UNION ALL
  SELECT o.address_id, sp.tx_id, o.stake_address_id, o.id FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
) l
ORDER BY l.address_id, l.tx_id, l.tx_out_id;

INSERT INTO "asset_tx"
SELECT DISTINCT m.asset_id, o.tx_id FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id;

INSERT INTO "address_total"
SELECT address_id, sum(received), sum(sent), sum(txs) FROM (
  SELECT address_id, value AS received, 0 AS sent, 0 AS txs FROM tx_out
  UNION ALL
  SELECT o.address_id, 0, o.value, 0 FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
  UNION ALL
  SELECT address_id, 0, 0, 1 FROM address_tx
) c GROUP BY address_id;

INSERT INTO "address_asset_total"
SELECT address_id, asset_id, sum(received), sum(sent) FROM (
  SELECT o.address_id, m.asset_id, m.quantity AS received, 0 AS sent FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id
  UNION ALL
  SELECT o.address_id, m.asset_id, 0, m.quantity
  FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id JOIN ma_tx_out m ON m.tx_out_id = o.id
) c GROUP BY address_id, asset_id;

INSERT INTO "account_total"
SELECT stake_address_id, sum(received), sum(sent), sum(txs) FROM (
  SELECT stake_address_id, value AS received, 0 AS sent, 0 AS txs FROM tx_out WHERE stake_address_id IS NOT NULL
  UNION ALL
  SELECT o.stake_address_id, 0, o.value, 0
  FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id WHERE o.stake_address_id IS NOT NULL
  UNION ALL
  SELECT stake_address_id, 0, 0, count(DISTINCT tx_id) FROM address_tx WHERE stake_address_id IS NOT NULL
  GROUP BY stake_address_id
) c GROUP BY stake_address_id;

INSERT INTO "account_asset_total"
SELECT stake_address_id, asset_id, sum(received), sum(sent) FROM (
  SELECT o.stake_address_id, m.asset_id, m.quantity AS received, 0 AS sent
  FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id WHERE o.stake_address_id IS NOT NULL
  UNION ALL
  SELECT o.stake_address_id, m.asset_id, 0, m.quantity
  FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id JOIN ma_tx_out m ON m.tx_out_id = o.id
  WHERE o.stake_address_id IS NOT NULL
) c GROUP BY stake_address_id, asset_id;

-- a rollback's range deletes and the batches' running totals read the rows of a range of transactions
CREATE INDEX "address_tx_tx_id_idx" ON "address_tx"("tx_id");
CREATE INDEX "asset_tx_tx_id_idx" ON "asset_tx"("tx_id");
-- an account's transactions in order, with the address of each row, one index-only range
CREATE INDEX "address_tx_stake_address_id_tx_id_tx_out_id_idx" ON "address_tx"("stake_address_id", "tx_id", "tx_out_id")
  INCLUDE ("address_id") WHERE "stake_address_id" IS NOT NULL;
