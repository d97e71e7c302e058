/** Credentials, DReps and anchors shared by certificates and governance. */
import type { Anchor, CredentialOrigin, DelegateRepresentative } from '@cardano-ogmios/schema';
import { type Cbor, bytes, hex } from './codec.js';

/** CDDL `credential = [0, addr_keyhash // 1, script_hash]`. */
export function credential(raw: Cbor): { id: string; from: CredentialOrigin } {
  const [kind, hash] = raw as [number, Cbor];
  return { id: hex(bytes(hash)), from: kind === 0 ? 'verificationKey' : 'script' };
}

/** CDDL `drep = [0, keyhash // 1, scripthash // 2 (abstain) // 3 (no confidence)]`. */
export function delegateRepresentative(raw: Cbor): DelegateRepresentative {
  const [kind, hash] = raw as [number, Cbor];
  if (kind === 2) return { type: 'abstain' };
  if (kind === 3) return { type: 'noConfidence' };
  return { type: 'registered', id: hex(bytes(hash)), from: kind === 0 ? 'verificationKey' : 'script' };
}

/** CDDL `anchor = [url, hash]`. */
export function anchor(raw: Cbor): Anchor {
  const [url, hash] = raw as [string, Cbor];
  return { url, hash: hex(bytes(hash)) };
}

/** `anchor / null` → spread-able optional `metadata`. */
export function optionalMetadata(raw: Cbor): { metadata?: Anchor } {
  return raw === null || raw === undefined ? {} : { metadata: anchor(raw) };
}
