import type {
  PoolExtendedRow,
  PoolFiguresRow,
  PoolMetadataFile,
  PoolRegistrationCborRow,
  PoolRetirementRow,
} from '@frostline/db';
import {
  decodePoolRegistrations,
  decodeShelleyAddressBytes,
  hexToBytes,
  poolIdFromHash,
  stakeAddressFromCredential,
  type Pool,
  type PoolExtended,
  type PoolMetadata,
  type PoolRegistration,
  type PoolRelays,
  type PoolRetirement,
} from '@frostline/model';
import { LRUCache } from 'lru-cache';

export function toPoolRetirements(rows: PoolRetirementRow[]): PoolRetirement[] {
  return rows.map((row) => ({ pool_id: poolIdFromHash(row.pool_hash), epoch: row.epoch }));
}

/**
 * Decoded registration certificates by their transaction's CBOR (hex), which alone determines them: a page of
 * /pools/extended names a hundred registrations, whose decoding would otherwise be most of its cost on every
 * request. Sized by the CBOR's length, so that thousands of pools' registrations fit.
 */
const decodedRegistrations = new LRUCache<string, PoolRegistration[]>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (_, cbor) => cbor.length,
});

/** The registration certificate a row names, decoded from its transaction's CBOR. */
export function poolRegistration(row: PoolRegistrationCborRow): PoolRegistration {
  let certificates = decodedRegistrations.get(row.cbor);
  if (certificates === undefined) {
    certificates = decodePoolRegistrations(hexToBytes(row.cbor));
    decodedRegistrations.set(row.cbor, certificates);
  }
  return certificates.find((c) => c.index === row.cert_index)!;
}

/** The relays of a registration certificate, in certificate order. */
export function toPoolRelays(row: PoolRegistrationCborRow): PoolRelays {
  return poolRegistration(row).relays as PoolRelays;
}

/**
 * A certificate's reward account and owners as RYO shows db-sync's: bech32 of this network (db-sync
 * rewrites a reward account's network tag); an account that is no reward address stays as its bytes.
 */
export function poolAccounts(
  certificate: PoolRegistration,
  networkId: number,
): { reward_account: string; owners: string[] } {
  const reward = decodeShelleyAddressBytes(hexToBytes(certificate.rewardAccount));
  return {
    reward_account:
      reward?.type === 'reward'
        ? stakeAddressFromCredential(reward.stake, networkId)
        : certificate.rewardAccount,
    owners: certificate.owners.map((hash) => stakeAddressFromCredential({ type: 'key', hash }, networkId)),
  };
}

/** The reward-address bytes (hex) of a certificate's owners on this network, as stake_address.hash_raw holds them. */
export function ownerRewardAddresses(certificate: PoolRegistration, networkId: number): string[] {
  const header = (0xe0 | networkId).toString(16);
  return certificate.owners.map((hash) => header + hash);
}

/** GET /pools/{pool_id} in the schema's field order, from the newest registration and the pool's figures. */
export function toPool(certificate: PoolRegistration, figures: PoolFiguresRow, networkId: number): Pool {
  const accounts = poolAccounts(certificate, networkId);
  return {
    pool_id: poolIdFromHash(certificate.poolHash),
    hex: certificate.poolHash,
    vrf_key: certificate.vrfKeyHash,
    blocks_minted: figures.blocks_minted,
    blocks_epoch: figures.blocks_epoch,
    live_stake: figures.live_stake,
    live_size: figures.live_size,
    live_saturation: figures.live_saturation,
    live_delegators: figures.live_delegators,
    active_stake: figures.active_stake,
    active_size: figures.active_size,
    declared_pledge: certificate.pledge.toString(),
    live_pledge: figures.live_pledge,
    margin_cost: certificate.margin,
    fixed_cost: certificate.cost.toString(),
    reward_account: accounts.reward_account,
    owners: accounts.owners,
    registration: figures.registration,
    retirement: figures.retirement,
    // CIP-88 calidus keys are not indexed (docs/semantics.md#pools-what-comes-from-the-ledger).
    calidus_key: null,
  };
}

type MetadataErrorCode = NonNullable<Extract<PoolMetadata, { pool_id: string }>['error']>['code'];
type MetadataFields = NonNullable<PoolExtended['metadata']>;

/**
 * A registration's metadata as RYO shows db-sync's off-chain pool data: the registration's URL and hash, the
 * stored file's ticker, name, description and homepage (null where it has none), and, while no file is
 * stored, why the last fetch failed.
 */
function metadataFields(
  reference: NonNullable<PoolRegistration['metadata']>,
  file: PoolMetadataFile | null,
): MetadataFields {
  const json = (file?.metadata ?? null) as Record<string, unknown> | null;
  const text = (key: string) => (typeof json?.[key] === 'string' ? (json[key] as string) : null);
  const failed = json === null && file?.errorCode != null;
  return {
    url: reference.url,
    hash: reference.hash,
    ...(failed ? { error: { code: file.errorCode as MetadataErrorCode, message: file.error ?? '' } } : {}),
    ticker: text('ticker'),
    name: text('name'),
    description: text('description'),
    homepage: text('homepage'),
  };
}

/** GET /pools/{pool_id}/metadata: `{}` when the registration names no metadata. */
export function toPoolMetadata(certificate: PoolRegistration, file: PoolMetadataFile | null): PoolMetadata {
  if (certificate.metadata === null) return {};
  return {
    pool_id: poolIdFromHash(certificate.poolHash),
    hex: certificate.poolHash,
    ...metadataFields(certificate.metadata, file),
  };
}

/**
 * One item of GET /pools/extended in the schema's field order, with `file` stored for the registration's
 * metadata URL and hash; `metadata` is null when the registration names none, as RYO's.
 */
export function toPoolExtended(
  row: PoolExtendedRow,
  certificate: PoolRegistration,
  file: PoolMetadataFile | null,
): PoolExtended {
  return {
    pool_id: poolIdFromHash(row.pool_hash),
    hex: row.pool_hash,
    active_stake: row.active_stake,
    live_stake: row.live_stake,
    live_saturation: row.live_saturation,
    blocks_minted: row.blocks_minted,
    declared_pledge: certificate.pledge.toString(),
    margin_cost: certificate.margin,
    fixed_cost: certificate.cost.toString(),
    metadata: certificate.metadata === null ? null : metadataFields(certificate.metadata, file),
  };
}
