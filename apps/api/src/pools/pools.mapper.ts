import type { PoolRegistrationCborRow, PoolRetirementRow } from '@frostline/db';
import {
  decodePoolRegistrations,
  hexToBytes,
  poolIdFromHash,
  type PoolRelays,
  type PoolRetirement,
} from '@frostline/model';

export function toPoolRetirements(rows: PoolRetirementRow[]): PoolRetirement[] {
  return rows.map((row) => ({ pool_id: poolIdFromHash(row.pool_hash), epoch: row.epoch }));
}

/** The relays of a registration certificate, decoded from its transaction's CBOR, in certificate order. */
export function toPoolRelays(row: PoolRegistrationCborRow): PoolRelays {
  const certificate = decodePoolRegistrations(hexToBytes(row.cbor)).find((c) => c.index === row.cert_index)!;
  return certificate.relays as PoolRelays;
}
