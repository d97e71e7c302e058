-- Running totals of GET /accounts/{stake_address}/addresses: each payment credential an account's stake credential
-- was paired with in an output, with the first such output and its address and how many outputs pair them, kept by
-- the batch writer and undone by rollbacks, so a page is an index range of the account's rows instead of grouping
-- every output of the account. An output with a stake part always has a payment credential; the empty one only
-- stands in for a null, which a key cannot hold.
CREATE TABLE "account_address" (
    "stake_address_id" BIGINT NOT NULL,
    "payment_cred" BYTEA NOT NULL,
    "first_tx_out_id" BIGINT NOT NULL,
    "address_id" BIGINT NOT NULL,
    "outputs" BIGINT NOT NULL,

    CONSTRAINT "account_address_pkey" PRIMARY KEY ("stake_address_id", "payment_cred")
);

INSERT INTO "account_address"
SELECT stake_address_id, coalesce(payment_cred, ''::bytea), (min(ARRAY[id, address_id]))[1], (min(ARRAY[id, address_id]))[2], count(*)
FROM tx_out
WHERE stake_address_id IS NOT NULL
GROUP BY stake_address_id, coalesce(payment_cred, ''::bytea);

CREATE INDEX "account_address_stake_address_id_first_tx_out_id_idx" ON "account_address"("stake_address_id", "first_tx_out_id") INCLUDE ("address_id");
