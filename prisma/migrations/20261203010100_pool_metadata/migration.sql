-- The off-chain JSON at a pool registration's metadata URL (GET /pools/{pool_id}/metadata), per URL and hash
-- as the certificate gives them, fetched by the indexer's pool metadata job; survives rollbacks.
CREATE TABLE "pool_metadata" (
    "url" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "metadata" JSONB,
    "error_code" TEXT,
    "error" TEXT,
    "fetched_at" TIMESTAMPTZ(3),
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pool_metadata_pkey" PRIMARY KEY ("url","hash")
);
