-- Running totals of GET /metadata/txs/labels: how many transactions carry each metadata label (rows of
-- tx_metadata_cbor), kept by the batch writer and undone by rollbacks, so the list reads one row per label.
CREATE TABLE "metadata_label_total" (
    "label" DECIMAL(20,0) NOT NULL,
    "tx_count" BIGINT NOT NULL,

    CONSTRAINT "metadata_label_total_pkey" PRIMARY KEY ("label")
);

INSERT INTO "metadata_label_total" SELECT label, count(*) FROM tx_metadata_cbor GROUP BY label;
