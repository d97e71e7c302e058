-- POST /utils/txs/evaluate/utxos (local engine): the protocol parameters in force, i.e. those the
-- indexer stored for the latest epoch (Ogmios queryLedgerState/protocolParameters JSON). No row when
-- the indexer has stored none yet.
-- Indexes: protocol_parameters_pkey.
SELECT epoch, params
FROM protocol_parameters
ORDER BY epoch DESC
LIMIT 1
