-- The latest epoch with protocol parameters and its drep_activity (Ogmios' delegateRepresentativeMaxIdleTime):
-- what decides whether a DRep has expired (RYO's queried_epoch).
latest_parameters AS (
  SELECT p.epoch, (p.params->>'delegateRepresentativeMaxIdleTime')::int4 AS drep_activity
  FROM protocol_parameters p
  ORDER BY p.epoch DESC
  LIMIT 1
),
