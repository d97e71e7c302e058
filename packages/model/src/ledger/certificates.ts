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
  | { kind: 'poolRegistration'; index: number; poolHash: string; rewardAccount: string; owners: string[] }
  | { kind: 'poolRetirement'; index: number; poolHash: string; epoch: number }
  | {
      kind: 'mir';
      index: number;
      pot: 'reserves' | 'treasury';
      rewards: { credential: Credential; amount: bigint }[];
    }
  | { kind: 'drepRegistration'; index: number; drep: Credential; deposit: bigint }
  | { kind: 'drepRetirement'; index: number; drep: Credential; deposit: bigint }
  | { kind: 'drepUpdate'; index: number; drep: Credential };

export type DRepTarget =
  { kind: 'key' | 'script'; hash: string } | { kind: 'abstain' } | { kind: 'no_confidence' };

const decoder = new Decoder({ mapsAsObjects: false, useRecords: false });

// Transaction body key of the certificate list (CDDL `? 4 : certificates`).
const CERTIFICATES_KEY = 4;

/** All certificates of a transaction's CBOR, in ledger order. */
export function decodeCertificates(transactionCbor: Uint8Array): Certificate[] {
  const transaction = decoder.decode(transactionCbor) as unknown[];
  const body = transaction[0] as Map<number, unknown>;
  const certificates = body.get(CERTIFICATES_KEY);
  if (certificates === undefined) return [];
  // Conway may wrap the list in tag 258 (a set), which cbor-x decodes to a Set.
  return [...(certificates as Iterable<unknown[]>)].flatMap((cert, index) => decodeCertificate(cert, index));
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
    case 3: {
      // pool_params are inlined: operator, vrf, pledge, cost, margin, reward_account, owners, relays, metadata
      const owners = [...(cert[7] as Iterable<Uint8Array>)].map((owner) => bytesToHex(owner));
      return [
        { kind: 'poolRegistration', index, poolHash: hex(cert[1]), rewardAccount: hex(cert[6]), owners },
      ];
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
    case 16:
      return [
        { kind: 'drepRegistration', index, drep: credential(cert[1]), deposit: BigInt(cert[2] as number) },
      ];
    case 17:
      return [
        { kind: 'drepRetirement', index, drep: credential(cert[1]), deposit: BigInt(cert[2] as number) },
      ];
    case 18:
      return [{ kind: 'drepUpdate', index, drep: credential(cert[1]) }];
    default:
      // Genesis delegation, committee certificates: no endpoint reads them.
      return [];
  }
}
