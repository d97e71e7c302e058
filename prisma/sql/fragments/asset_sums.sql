-- The received_sum and sent_sum assets of a total: the including query defines asset_sums (asset_id, received,
-- sent). Units sort by policy id, then asset name, as bytes (RYO); an asset appears in sent_sum once an output
-- holding it was spent.
    (SELECT coalesce(json_agg(json_build_object('unit', encode(a.policy, 'hex') || encode(a.name, 'hex'),
                                                'quantity', s.received::text) ORDER BY a.policy, a.name), '[]')
     FROM asset_sums s JOIN asset a ON a.id = s.asset_id) AS received_assets,
    (SELECT coalesce(json_agg(json_build_object('unit', encode(a.policy, 'hex') || encode(a.name, 'hex'),
                                                'quantity', s.sent::text) ORDER BY a.policy, a.name), '[]')
     FROM asset_sums s JOIN asset a ON a.id = s.asset_id WHERE s.sent > 0) AS sent_assets
