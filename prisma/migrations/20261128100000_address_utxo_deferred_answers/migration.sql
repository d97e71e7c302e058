-- The readers' plans with address_utxo deferred kept cheap to make when it is not (issue #16). Planned as a
-- branch of address_utxo_answer, address_utxo_source (tx_out, tx, block and the asset list) doubled the
-- planning time of every address page query, deferred or not: 1.15 → 1.93 ms for the busy address's page 1 in
-- the benchmark's EXPLAIN, for a branch that never runs once address_utxo is filled. A PL/pgSQL function is
-- planned when first called and its plan kept by the session: the branch is now tx_out (so the readers'
-- conditions on the output id and address still reach its indexes) with one call per output, which costs
-- ≈ 0.2 ms of planning instead of ≈ 0.7 ms (an empty database, median of 60 plans of the page query).

-- address_utxo_source's row of one output, as address_utxo would hold it
CREATE FUNCTION "address_utxo_source_row"(output_id BIGINT) RETURNS SETOF "address_utxo" LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN QUERY SELECT s.* FROM "address_utxo_source" s WHERE s."tx_out_id" = output_id;
END
$$;
CREATE OR REPLACE VIEW "address_utxo_answer" AS
SELECT
    c."tx_out_id",
    c."address_id",
    c."tx_hash",
    c."output_index",
    c."block_hash",
    c."lovelace",
    c."data_hash",
    c."reference_script_hash",
    CASE WHEN c."complete" THEN c."inline_datum" ELSE (SELECT o."inline_datum" FROM "tx_out" o WHERE o."id" = c."tx_out_id") END AS "inline_datum",
    CASE WHEN c."complete" THEN c."assets" ELSE (
        SELECT jsonb_agg(jsonb_build_object('unit', encode(s."policy" || s."name", 'hex'), 'quantity', m."quantity"::text)
                         ORDER BY s."policy", s."name")
        FROM "ma_tx_out" m JOIN "asset" s ON s."id" = m."asset_id"
        WHERE m."tx_out_id" = c."tx_out_id"
    ) END AS "assets"
FROM (
    SELECT * FROM "address_utxo"
    UNION ALL
    SELECT o."id", o."address_id", r."tx_hash", r."output_index", r."block_hash", r."lovelace", r."data_hash",
           r."reference_script_hash", r."inline_datum", r."assets", r."complete"
    FROM "tx_out" o CROSS JOIN LATERAL "address_utxo_source_row"(o."id") r
    WHERE EXISTS (SELECT 1 FROM "address_utxo_deferral")
) c;
