-- Running totals of GET /governance/dreps: every DRep a certificate names (a registration, update or retirement, or
-- a vote delegation to it), with the first certificate that named it and how many do, kept by the batch writer and
-- undone by rollbacks, so a page reads one row per DRep instead of finding them among every vote delegation. The
-- predefined DReps (always abstain, always no confidence) have no hash: theirs is empty here.
CREATE TABLE "drep_named" (
    "drep_kind" TEXT NOT NULL,
    "drep_hash" BYTEA NOT NULL,
    "first_tx_id" BIGINT NOT NULL,
    "first_cert_index" INTEGER NOT NULL,
    "namings" BIGINT NOT NULL,

    CONSTRAINT "drep_named_pkey" PRIMARY KEY ("drep_kind", "drep_hash")
);

INSERT INTO "drep_named"
SELECT drep_kind, drep_hash, (min(ARRAY[tx_id, cert_index::int8]))[1], (min(ARRAY[tx_id, cert_index::int8]))[2]::int, count(*)
FROM (
  SELECT drep_kind, drep_hash, tx_id, cert_index FROM drep_registration
  UNION ALL
  SELECT drep_kind, coalesce(drep_hash, ''::bytea), tx_id, cert_index FROM delegation_vote
) named
GROUP BY drep_kind, drep_hash;
