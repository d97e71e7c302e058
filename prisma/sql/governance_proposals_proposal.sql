-- GET /governance/proposals/{tx_hash}/{cert_index} and /{gov_action_id}, as RYO's proposals_proposal.sql, with
-- what tells the outcome (docs/semantics.md#governance-proposals): the expiration (a snapshot's, else the
-- proposal's epoch + the lifetime of its epoch's stored parameters, + 1), the boundary it left the ledger at
-- (the epoch after the last snapshot holding it, when that epoch was snapshotted too), whether a proposal
-- proposed from then on, or live in a snapshot from then on, names it as its previous action, and whether one
-- of its siblings (same purpose, same previous action) outlived that boundary or was named so; and the
-- transaction's CBOR, which holds the action's description.
--   $1 bytea transaction hash, $2 int proposal index
-- No row when the transaction or the proposal is unknown.
-- Indexes: tx_hash_key, gov_action_proposal_tx_id_index_key, block_pkey, stake_address_pkey,
-- governance_proposal_state_tx_hash_index_epoch_idx, governance_snapshot_pkey, protocol_parameters_pkey,
-- gov_action_proposal_prev_tx_hash_prev_index_idx, tx_cbor_pkey.
WITH proposal AS (
  SELECT p.id, p.index, p.type, p.deposit, p.return_address_id, p.prev_tx_hash, p.prev_index, t.id AS tx_id, t.hash,
         t.block_id,
         CASE p.type WHEN 'no_confidence' THEN 'new_committee' ELSE p.type END AS purpose,
         (SELECT max(s.epoch) FROM governance_proposal_state s WHERE s.tx_hash = t.hash AND s.index = p.index)
           AS last_live
  FROM tx t
  JOIN gov_action_proposal p ON p.tx_id = t.id AND p.index = $2
  WHERE t.hash = $1),
life AS (
  SELECT pr.*, b.epoch AS proposed_epoch,
         CASE WHEN EXISTS (SELECT 1 FROM governance_snapshot g WHERE g.epoch = pr.last_live + 1)
           THEN pr.last_live + 1 END AS removed_at
  FROM proposal pr
  JOIN block b ON b.id = pr.block_id)
SELECT encode(l.hash, 'hex') AS tx_hash, l.index AS cert_index, l.type AS governance_type,
       l.deposit::text AS deposit, a.view AS return_address, l.removed_at,
       coalesce(
         (SELECT s.until_epoch + 1 FROM governance_proposal_state s
          WHERE s.tx_hash = l.hash AND s.index = l.index AND s.epoch = l.last_live),
         l.proposed_epoch + (SELECT (pp.params ->> 'governanceActionLifetime')::int
                             FROM protocol_parameters pp WHERE pp.epoch = l.proposed_epoch) + 1) AS expiration,
       EXISTS (
         SELECT 1 FROM gov_action_proposal q JOIN tx qt ON qt.id = q.tx_id JOIN block qb ON qb.id = qt.block_id
         WHERE q.prev_tx_hash = l.hash AND q.prev_index = l.index
           AND (qb.epoch >= l.removed_at OR EXISTS (
             SELECT 1 FROM governance_proposal_state s
             WHERE s.tx_hash = qt.hash AND s.index = q.index AND s.epoch >= l.removed_at))) AS named_after_removal,
       EXISTS (
         SELECT 1 FROM gov_action_proposal sib JOIN tx st ON st.id = sib.tx_id
         WHERE sib.id <> l.id
           AND CASE sib.type WHEN 'no_confidence' THEN 'new_committee' ELSE sib.type END = l.purpose
           AND sib.prev_tx_hash IS NOT DISTINCT FROM l.prev_tx_hash
           AND sib.prev_index IS NOT DISTINCT FROM l.prev_index
           AND (EXISTS (
                  SELECT 1 FROM governance_proposal_state s
                  WHERE s.tx_hash = st.hash AND s.index = sib.index AND s.epoch >= l.removed_at)
                OR EXISTS (
                  SELECT 1 FROM gov_action_proposal q JOIN tx qt ON qt.id = q.tx_id JOIN block qb ON qb.id = qt.block_id
                  WHERE q.prev_tx_hash = st.hash AND q.prev_index = sib.index
                    AND (qb.epoch >= l.removed_at OR EXISTS (
                      SELECT 1 FROM governance_proposal_state s
                      WHERE s.tx_hash = qt.hash AND s.index = q.index AND s.epoch >= l.removed_at))))) AS sibling_outlived,
       c.bytes AS tx_cbor
FROM life l
JOIN stake_address a ON a.id = l.return_address_id
LEFT JOIN tx_cbor c ON c.tx_id = l.tx_id
