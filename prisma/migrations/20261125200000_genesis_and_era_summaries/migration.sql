-- What /genesis and /network/eras serve, as the node answers it (Ogmios queryNetwork/genesisConfiguration
-- and queryLedgerState/eraSummaries), so the API never reads genesis files. Neither is chain data:
-- rollbacks leave both alone; the indexer rewrites them at startup and era summaries on each new epoch.
CREATE TABLE "genesis" (
    "id" INTEGER NOT NULL,
    "active_slots_coefficient" DOUBLE PRECISION NOT NULL,
    "update_quorum" INTEGER NOT NULL,
    "max_lovelace_supply" BIGINT NOT NULL,
    "network_magic" BIGINT NOT NULL,
    "epoch_length" INTEGER NOT NULL,
    "system_start" BIGINT NOT NULL,
    "slots_per_kes_period" INTEGER NOT NULL,
    "slot_length_ms" INTEGER NOT NULL,
    "max_kes_evolutions" INTEGER NOT NULL,
    "security_param" INTEGER NOT NULL,
    CONSTRAINT "genesis_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "era_summary" (
    "index" INTEGER NOT NULL,
    "start_time" BIGINT NOT NULL,
    "start_slot" BIGINT NOT NULL,
    "start_epoch" INTEGER NOT NULL,
    "end_time" BIGINT,
    "end_slot" BIGINT,
    "end_epoch" INTEGER,
    "epoch_length" INTEGER NOT NULL,
    "slot_length_ms" INTEGER NOT NULL,
    "safe_zone" INTEGER,
    CONSTRAINT "era_summary_pkey" PRIMARY KEY ("index")
);
