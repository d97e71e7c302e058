import { Decoder } from 'cbor-x';
import type { Credential } from '../credential.js';
import { bytesToHex } from '../hex.js';

/**
 * Certificates as the ledger orders them, decoded from the transaction CBOR.
 *
 * Why not Ogmios' `certificates` JSON: it moves MIR certificates into `proposals` (dropping the
 * source pot that reserves_sum/treasury_sum need) and splits Conway's combined certificates in
 * two, so JSON positions are not ledger certificate indexes — and pointer addresses refer to
 * ledger indexes (docs/ogmios.md#transactions).
 */
export type Certificate =
  | { kind: 'stakeRegistration'; index: number; credential: Credential }
  | { kind: 'stakeDeregistration'; index: number; credential: Credential }
  | { kind: 'stakeDelegation'; index: number; credential: Credential; poolHash: string }
  | { kind: 'voteDelegation'; index: number; credential: Credential; drep: DRepTarget }
  | {
      kind: 'poolRegistration';
      index: number;
      poolHash: string;
      rewardAccount: string;
      owners: string[];
      metadata: { url: string; hash: string } | null;
    }
  | { kind: 'poolRetirement'; index: number; poolHash: string; epoch: number }
  | {
      kind: 'mir';
      index: number;
      pot: 'reserves' | 'treasury';
      rewards: { credential: Credential; amount: bigint }[];
    }
  | { kind: 'drepRegistration'; index: number; drep: Credential; deposit: bigint; anchor: Anchor | null }
  | { kind: 'drepRetirement'; index: number; drep: Credential; deposit: bigint }
  | { kind: 'drepUpdate'; index: number; drep: Credential; anchor: Anchor | null }
  | { kind: 'committeeHotKeyAuthorisation'; index: number; cold: Credential; hot: Credential }
  | { kind: 'committeeResignation'; index: number; cold: Credential; anchor: Anchor | null };

/** A governance anchor (CDDL `anchor`): where a document lies and the blake2b-256 of its bytes. */
export interface Anchor {
  url: string;
  hash: string;
}

export type DRepTarget =
  { kind: 'key' | 'script'; hash: string } | { kind: 'abstain' } | { kind: 'no_confidence' };

const decoder = new Decoder({ mapsAsObjects: false, useRecords: false });

// Transaction body key of the certificate list (CDDL `? 4 : certificates`).
const CERTIFICATES_KEY = 4;

/** All certificates of a transaction's CBOR, in ledger order. */
export function decodeCertificates(transactionCbor: Uint8Array): Certificate[] {
  return certificateList(transactionCbor).flatMap((cert, index) => decodeCertificate(cert, index));
}

/** A pool registration certificate with every pool parameter (CDDL `pool_params`). */
export interface PoolRegistration {
  index: number;
  poolHash: string;
  vrfKeyHash: string;
  pledge: bigint;
  cost: bigint;
  /** the margin as a JavaScript number, as db-sync stores it (a double) */
  margin: number;
  /** raw reward account: header byte + 28-byte credential */
  rewardAccount: string;
  /** stake key hashes, in the certificate's order */
  owners: string[];
  relays: PoolRelay[];
  metadata: { url: string; hash: string } | null;
}

/** A relay as db-sync's pool_relay row holds it: one of an address pair, a DNS name or a DNS SRV name. */
export interface PoolRelay {
  ipv4: string | null;
  ipv6: string | null;
  dns: string | null;
  dns_srv: string | null;
  port: number | null;
}

/** The pool registration certificates of a transaction's CBOR, in ledger order. */
export function decodePoolRegistrations(transactionCbor: Uint8Array): PoolRegistration[] {
  return certificateList(transactionCbor).flatMap((cert, index) =>
    cert[0] === POOL_REGISTRATION_TAG ? [poolRegistration(cert, index)] : [],
  );
}

function certificateList(transactionCbor: Uint8Array): unknown[][] {
  const transaction = decoder.decode(transactionCbor) as unknown[];
  const body = transaction[0] as Map<number, unknown>;
  const certificates = body.get(CERTIFICATES_KEY);
  if (certificates === undefined) return [];
  // Conway may wrap the list in tag 258 (a set), which cbor-x decodes to a Set.
  return [...(certificates as Iterable<unknown[]>)];
}

const POOL_REGISTRATION_TAG = 3;

// pool_params are inlined: operator, vrf, pledge, cost, margin, reward_account, owners, relays, metadata.
function poolRegistration(cert: unknown[], index: number): PoolRegistration {
  const [numerator, denominator] = (cert[5] as { value: [number | bigint, number | bigint] }).value;
  const metadata = cert[9] as [string, Uint8Array] | null;
  return {
    index,
    poolHash: hex(cert[1]),
    vrfKeyHash: hex(cert[2]),
    pledge: BigInt(cert[3] as number | bigint),
    cost: BigInt(cert[4] as number | bigint),
    margin: Number(numerator) / Number(denominator),
    rewardAccount: hex(cert[6]),
    owners: [...(cert[7] as Iterable<Uint8Array>)].map((owner) => bytesToHex(owner)),
    relays: [...(cert[8] as Iterable<unknown[]>)].map(poolRelay),
    metadata: metadata === null ? null : { url: metadata[0], hash: bytesToHex(metadata[1]) },
  };
}

// CDDL relay: [0, port / null, ipv4 / null, ipv6 / null] / [1, port / null, dns_name] / [2, dns_name].
function poolRelay(relay: unknown[]): PoolRelay {
  const none = { ipv4: null, ipv6: null, dns: null, dns_srv: null, port: null };
  const port = (relay[1] as number | null) ?? null;
  switch (relay[0]) {
    case 0:
      return {
        ...none,
        ipv4: relay[2] == null ? null : [...(relay[2] as Uint8Array)].join('.'),
        ipv6: relay[3] == null ? null : ipv6Text(relay[3] as Uint8Array),
        port,
      };
    case 1:
      return { ...none, dns: relay[2] as string, port };
    default:
      return { ...none, dns_srv: relay[1] as string };
  }
}

/**
 * The ledger writes an IPv6 address as four 32-bit words, each little-endian; the text is the usual
 * compressed form (the longest run of two or more zero groups as `::`), as db-sync stores it.
 */
function ipv6Text(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const groups: number[] = [];
  for (let word = 0; word < 4; word++) {
    const value = view.getUint32(word * 4, true);
    groups.push(value >>> 16, value & 0xffff);
  }
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8;) {
    let end = start;
    while (end < 8 && groups[end] === 0) end++;
    if (end - start > best.length) best = { start, length: end - start };
    start = end + 1;
  }
  const text = (part: number[]) => part.map((group) => group.toString(16)).join(':');
  if (best.start < 0) return text(groups);
  return `${text(groups.slice(0, best.start))}::${text(groups.slice(best.start + best.length))}`;
}

function credential(raw: unknown): Credential {
  const [type, hash] = raw as [number, Uint8Array];
  return { type: type === 0 ? 'key' : 'script', hash: bytesToHex(hash) };
}

function drepTarget(raw: unknown): DRepTarget {
  const [type, hash] = raw as [number, Uint8Array | undefined];
  if (type === 2) return { kind: 'abstain' };
  if (type === 3) return { kind: 'no_confidence' };
  return { kind: type === 0 ? 'key' : 'script', hash: bytesToHex(hash!) };
}

const hex = (raw: unknown) => bytesToHex(raw as Uint8Array);

/** CDDL `anchor / null`: [url, data hash]. */
export function decodeAnchor(raw: unknown): Anchor | null {
  if (raw == null) return null;
  const [url, hash] = raw as [string, Uint8Array];
  return { url, hash: bytesToHex(hash) };
}

// CDDL numbering of certificate variants (Shelley 0–6, Conway 7–18).
function decodeCertificate(cert: unknown[], index: number): Certificate[] {
  const [tag] = cert as [number];
  switch (tag) {
    case 0:
      return [{ kind: 'stakeRegistration', index, credential: credential(cert[1]) }];
    case 1:
      return [{ kind: 'stakeDeregistration', index, credential: credential(cert[1]) }];
    case 2:
      return [{ kind: 'stakeDelegation', index, credential: credential(cert[1]), poolHash: hex(cert[2]) }];
    case POOL_REGISTRATION_TAG: {
      const { poolHash, rewardAccount, owners, metadata } = poolRegistration(cert, index);
      return [{ kind: 'poolRegistration', index, poolHash, rewardAccount, owners, metadata }];
    }
    case 4:
      return [{ kind: 'poolRetirement', index, poolHash: hex(cert[1]), epoch: Number(cert[2]) }];
    case 6: {
      const [pot, target] = cert[1] as [number, unknown];
      // A MIR paying the other pot (a number, not a map) moves no money to stake credentials.
      if (!(target instanceof Map)) return [];
      const rewards = [...target.entries()].map(([cred, amount]) => ({
        credential: credential(cred),
        amount: BigInt(amount),
      }));
      return [{ kind: 'mir', index, pot: pot === 0 ? 'reserves' : 'treasury', rewards }];
    }
    case 7:
      return [{ kind: 'stakeRegistration', index, credential: credential(cert[1]) }];
    case 8:
      return [{ kind: 'stakeDeregistration', index, credential: credential(cert[1]) }];
    case 9:
      return [{ kind: 'voteDelegation', index, credential: credential(cert[1]), drep: drepTarget(cert[2]) }];
    case 10:
      return [
        { kind: 'stakeDelegation', index, credential: credential(cert[1]), poolHash: hex(cert[2]) },
        { kind: 'voteDelegation', index, credential: credential(cert[1]), drep: drepTarget(cert[3]) },
      ];
    case 11:
      return [
        { kind: 'stakeRegistration', index, credential: credential(cert[1]) },
        { kind: 'stakeDelegation', index, credential: credential(cert[1]), poolHash: hex(cert[2]) },
      ];
    case 12:
      return [
        { kind: 'stakeRegistration', index, credential: credential(cert[1]) },
        { kind: 'voteDelegation', index, credential: credential(cert[1]), drep: drepTarget(cert[2]) },
      ];
    case 13:
      return [
        { kind: 'stakeRegistration', index, credential: credential(cert[1]) },
        { kind: 'stakeDelegation', index, credential: credential(cert[1]), poolHash: hex(cert[2]) },
        { kind: 'voteDelegation', index, credential: credential(cert[1]), drep: drepTarget(cert[3]) },
      ];
    case 14:
      return [
        { kind: 'committeeHotKeyAuthorisation', index, cold: credential(cert[1]), hot: credential(cert[2]) },
      ];
    case 15:
      return [
        { kind: 'committeeResignation', index, cold: credential(cert[1]), anchor: decodeAnchor(cert[2]) },
      ];
    case 16:
      return [
        {
          kind: 'drepRegistration',
          index,
          drep: credential(cert[1]),
          deposit: BigInt(cert[2] as number),
          anchor: decodeAnchor(cert[3]),
        },
      ];
    case 17:
      return [
        { kind: 'drepRetirement', index, drep: credential(cert[1]), deposit: BigInt(cert[2] as number) },
      ];
    case 18:
      return [{ kind: 'drepUpdate', index, drep: credential(cert[1]), anchor: decodeAnchor(cert[2]) }];
    default:
      // Genesis delegation: no endpoint reads it.
      return [];
  }
}

/**
 * Of a pool's registrations (in chain order, each with the epoch of its transaction), the one whose parameters a
 * stake distribution of `epoch` holds, as db-sync's pool_update.active_epoch_no tells: a first registration
 * counts from two epochs after its own, an update from three. Null when none does yet.
 */
export function poolParamsActiveIn<T>(
  registrations: { registration: T; epoch: number }[],
  epoch: number,
): T | null {
  let active: T | null = null;
  registrations.forEach(({ registration, epoch: registered }, i) => {
    if (registered + (i === 0 ? 2 : 3) <= epoch) active = registration;
  });
  return active;
}
