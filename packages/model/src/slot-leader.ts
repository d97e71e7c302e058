import { blake2b256 } from './blake2b.js';
import { bytesToHex, hexToBytes } from './hex.js';

const DESCRIPTION_HASH_BYTES = 8;
const ED25519_PUBLIC_KEY_BYTES = 32;

/**
 * `slot_leader` of a Byron block: db-sync hashes the 32-byte public key half of the issuer's
 * 64-byte xpub (Ogmios `issuer.verificationKey`) with blake2b-256, and RYO shows the first
 * 8 bytes as `ByronGenesis-<16 hex>`.
 */
export function byronGenesisSlotLeader(issuerExtendedKey: string): string {
  const publicKey = hexToBytes(issuerExtendedKey).subarray(0, ED25519_PUBLIC_KEY_BYTES);
  return `ByronGenesis-${bytesToHex(blake2b256(publicKey).subarray(0, DESCRIPTION_HASH_BYTES))}`;
}

/**
 * `slot_leader` of a Shelley-era block made by a genesis delegate rather than a registered
 * pool: `ShelleyGenesis-` + the first 8 bytes of the delegate's key hash.
 */
export function shelleyGenesisSlotLeader(delegateKeyHash: string): string {
  return `ShelleyGenesis-${delegateKeyHash.slice(0, 2 * DESCRIPTION_HASH_BYTES).toLowerCase()}`;
}
