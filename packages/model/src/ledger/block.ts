import type { ChainTime } from '../chain-time.js';
import { byronGenesisSlotLeader } from '../slot-leader.js';
import { blake2b224 } from '../blake2b.js';
import { bytesToHex, hexToBytes } from '../hex.js';
import { vrfKeyToBech32 } from '../vrf-key.js';
import type { OgmiosBlock } from './ogmios-types.js';
import { remembered } from './remembered.js';
import { decodeTransaction, type DecodedTransaction } from './transaction.js';

/** Who made a block: decides Blockfrost's `slot_leader` together with the set of registered pools. */
export type BlockIssuer =
  | { kind: 'ebb' }
  /** the genesis pseudo-block holding the initial funds */
  | { kind: 'genesis' }
  /** Byron: the description is fixed by the issuer key alone */
  | { kind: 'byron'; slotLeader: string }
  /** Shelley+: a pool id if `coldKeyHash` is a registered pool, else a genesis-delegate description */
  | { kind: 'praos'; coldKeyHash: string; vrfKey: string; opCert: string; opCertCounter: bigint };

export interface DecodedBlock {
  hash: string;
  /** null for epoch-boundary blocks, as db-sync stores them */
  height: number | null;
  /** the chain-sync point slot; an EBB's is the first slot of its epoch */
  slot: number;
  isEbb: boolean;
  era: string;
  epoch: number;
  epochSlot: number | null;
  time: number;
  size: number;
  /** a "genesis" ancestor (first block of a chain without Byron) is the genesis block, if its hash is known */
  previousHash: string | null;
  issuer: BlockIssuer;
  transactions: DecodedTransaction[];
}

export interface BlockContext {
  chainTime: ChainTime;
  /** slot of the block before this one (null at the start of the chain): places an EBB */
  previousSlot: number | null;
  /**
   * The Byron genesis hash, which names db-sync's genesis block: the previous block of a first block
   * whose Ogmios ancestor is "genesis" (BYRON_GENESIS_HASHES; unknown for a custom network).
   */
  genesisHash?: string;
}

export function decodeBlock(
  block: OgmiosBlock,
  { chainTime, previousSlot, genesisHash }: BlockContext,
): DecodedBlock {
  const isEbb = block.type === 'ebb';
  const slot = isEbb ? chainTime.ebbSlot(previousSlot) : block.slot!;
  const { epoch, epochSlot, unixTime } = chainTime.slotTime(slot);
  return {
    hash: block.id,
    height: isEbb ? null : block.height,
    slot,
    isEbb,
    era: block.era,
    epoch,
    epochSlot: isEbb ? null : epochSlot,
    time: unixTime,
    // An EBB carries no size in Ogmios; it has no transactions and is never served by /blocks/epoch/…/slot/….
    size: block.size?.bytes ?? 0,
    previousHash: block.ancestor === 'genesis' ? (genesisHash ?? null) : block.ancestor,
    issuer: decodeIssuer(block),
    transactions: (block.transactions ?? []).map(decodeTransaction),
  };
}

// A few thousand pools make every block: hashing and encoding their keys again for each was 7% of decoding a block.
const POOLS = 10_000;
const coldKeyHashes = new Map<string, string>();
const vrfKeys = new Map<string, string>();
const coldKeyHash = (verificationKey: string) => bytesToHex(blake2b224(hexToBytes(verificationKey)));

function decodeIssuer(block: OgmiosBlock): BlockIssuer {
  if (block.type === 'ebb' || !block.issuer) return { kind: 'ebb' };
  if (block.type === 'bft')
    return { kind: 'byron', slotLeader: byronGenesisSlotLeader(block.issuer.verificationKey) };
  const certificate = block.issuer.operationalCertificate!;
  return {
    kind: 'praos',
    coldKeyHash: remembered(coldKeyHashes, POOLS, block.issuer.verificationKey, coldKeyHash),
    vrfKey: remembered(vrfKeys, POOLS, block.issuer.vrfVerificationKey!, vrfKeyToBech32),
    opCert: certificate.kes.verificationKey,
    opCertCounter: BigInt(certificate.count),
  };
}
