-- GET /assets/{asset}: the mint history, both on-chain metadata sources and the registry entry in
-- one row; no row means the asset was never minted (404).
--   $1 bytea policy id, $2 bytea asset name, $3 text unit (policy hex + name hex, the registry subject)
--   $4 bytea reference-NFT name (CIP-68 label 100 + same suffix), or null for non-CIP-68 assets
-- Indexes: asset_policy_name_key, asset_mint_asset_id_tx_id_idx, tx_metadata_tx_id_label_idx,
-- ma_tx_out_asset_id_idx, datum_hash_key, token_metadata_pkey.
WITH target AS (
  SELECT id, policy, name, fingerprint FROM asset WHERE policy = $1 AND name = $2
),
mints AS (
  SELECT
    sum(m.quantity) AS quantity,
    min(m.tx_id) AS first_tx_id,
    count(*) AS mint_or_burn_count
  FROM asset_mint m JOIN target ON m.asset_id = target.id
)
SELECT
  encode(target.policy, 'hex') AS policy_id,
  encode(target.name, 'hex') AS asset_name,
  target.fingerprint,
  mints.quantity::text AS quantity,
  (SELECT encode(hash, 'hex') FROM tx WHERE id = mints.first_tx_id) AS initial_mint_tx_hash,
  mints.mint_or_burn_count::int AS mint_or_burn_count,
  -- CIP-25 source: label 721 of the latest mint (quantity > 0) that carries label 721
  -- (docs/semantics.md#assets-which-on-chain-metadata).
  cip25.json AS label721_json,
  encode(cip25.bytes, 'hex') AS label721_cbor,
  -- CIP-68 source: among outputs that ever held the reference NFT and whose datum is known, the datum
  -- first seen most recently (db-sync orders by datum.tx_id: the same section).
  (
    SELECT encode(coalesce(d.bytes, o.inline_datum), 'hex')
    FROM asset ref
    JOIN ma_tx_out mo ON mo.asset_id = ref.id
    JOIN tx_out o ON o.id = mo.tx_out_id
    LEFT JOIN datum d ON d.hash = o.data_hash
    WHERE ref.policy = $1 AND ref.name = $4::bytea AND (d.id IS NOT NULL OR o.inline_datum IS NOT NULL)
    ORDER BY coalesce(d.tx_id, o.tx_id) DESC, o.id DESC
    LIMIT 1
  ) AS cip68_reference_datum,
  tm.name AS registry_name,
  tm.description AS registry_description,
  tm.ticker AS registry_ticker,
  tm.url AS registry_url,
  tm.logo AS registry_logo,
  tm.decimals AS registry_decimals
FROM target
JOIN mints ON mints.mint_or_burn_count > 0
LEFT JOIN LATERAL (
  SELECT md.json, md.bytes
  FROM asset_mint m
  JOIN tx_metadata md ON md.tx_id = m.tx_id AND md.label = 721
  WHERE m.asset_id = target.id AND m.quantity > 0
  ORDER BY m.tx_id DESC
  LIMIT 1
) cip25 ON true
LEFT JOIN token_metadata tm ON tm.subject = $3
