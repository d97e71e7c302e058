import {
  rewardAddressBech32ToHex,
  type Credential,
  type DecodedBlock,
  type DecodedTransaction,
  type OutputReference,
  type Pointer,
} from '@frostline/model';
import type { OutputMap } from './output-map.js';

/** An output stored before the batch, as a spend needs it. */
export interface StoredOutput {
  id: bigint;
  addressId: bigint;
  value: bigint;
  stakeAddressId: bigint | null;
  lockedByScript: boolean;
  /** the payment credential when it is a script: what a `spend` redeemer of the output runs */
  paymentScriptHash: string | null;
}

/** Answers from the database for the keys a batch mentions; all ids of rows stored before the batch. */
export interface BatchLookups {
  outputs: Pick<OutputMap<StoredOutput>, 'get'>;
  addressIds: Map<string, bigint>;
  stakeAddressIds: Map<string, bigint>;
  assetIds: Map<string, bigint>;
  /** pointer key → stake address id of the registration it points to */
  pointers: Map<string, bigint>;
  /** datum and script hashes already stored (their first-seen transaction is kept) */
  knownDatums: Set<string>;
  knownScripts: Set<string>;
}

/** What a batch needs to look up before it can be projected. */
export interface BatchKeys {
  spends: OutputReference[];
  addresses: string[];
  stakeAddresses: string[];
  assets: string[];
  pointers: Pointer[];
  datums: string[];
  scripts: string[];
}

export const pointerKey = (p: {
  slot: bigint | number;
  txIndex: bigint | number;
  certIndex: bigint | number;
}) => `${p.slot}.${p.txIndex}.${p.certIndex}`;

// The outputs of an address share its decoded credentials (decodeOutput keeps recent addresses), so
// each credential's hash_raw is built once instead of a new string to hash for every output and look-up.
const hashRawsByNetwork = new Map<number, WeakMap<Credential, string>>();

/** Raw reward address (header byte + credential) as stake_address.hash_raw stores it. */
export function stakeHashRaw(credential: Credential, networkId: number): string {
  let hashRaws = hashRawsByNetwork.get(networkId);
  if (!hashRaws) hashRawsByNetwork.set(networkId, (hashRaws = new WeakMap()));
  let hashRaw = hashRaws.get(credential);
  if (hashRaw === undefined) {
    const header = (credential.type === 'key' ? 0xe0 : 0xf0) | networkId;
    hashRaw = header.toString(16) + credential.hash;
    hashRaws.set(credential, hashRaw);
  }
  return hashRaw;
}

// Pointer addresses get a stake link only before Conway (db-sync insertStakeAddressRefIfMissing).
const POINTERS_RESOLVED = new Set(['shelley', 'allegra', 'mary', 'alonzo', 'babbage']);

export const resolvesPointers = (era: string) => POINTERS_RESOLVED.has(era);

function stakeCredentialsOf(tx: DecodedTransaction, networkId: number): string[] {
  const seen: string[] = [];
  for (const output of tx.outputs) {
    if (output.stake?.kind === 'credential')
      seen.push(stakeHashRaw(output.stake.credential, output.stake.networkId));
  }
  for (const cert of tx.certificates) {
    if ('credential' in cert) seen.push(stakeHashRaw(cert.credential, networkId));
    if (cert.kind === 'mir')
      for (const reward of cert.rewards) seen.push(stakeHashRaw(reward.credential, networkId));
    if (cert.kind === 'poolRegistration') {
      seen.push(cert.rewardAccount);
      for (const owner of cert.owners) seen.push(stakeHashRaw({ type: 'key', hash: owner }, networkId));
    }
  }
  for (const address of [...tx.withdrawals.map((w) => w.rewardAddress), ...tx.proposalStakeAddresses]) {
    const raw = rewardAddressBech32ToHex(address);
    if (raw) seen.push(raw);
  }
  return seen;
}

/** The keys of rows stored before the batch that its projection needs; outputs it creates itself are not looked up. */
export function batchKeys(blocks: DecodedBlock[], networkId: number): BatchKeys {
  // Outputs of the batch's own transactions, whatever their index, are found in the batch.
  const batchTransactions = new Set<string>();
  const spends: OutputReference[] = [];
  const addresses = new Set<string>();
  const stakeAddresses = new Set<string>();
  const assets = new Set<string>();
  const pointers: Pointer[] = [];
  const datums = new Set<string>();
  const scripts = new Set<string>();
  for (const block of blocks) {
    for (const tx of block.transactions) {
      for (const ref of tx.spends) if (!batchTransactions.has(ref.txHash)) spends.push(ref);
      batchTransactions.add(tx.hash);
      for (const output of tx.outputs) {
        addresses.add(output.address);
        for (const asset of output.assets) assets.add(asset.policy + asset.name);
        if (output.stake?.kind === 'pointer' && resolvesPointers(block.era))
          pointers.push(output.stake.pointer);
        if (output.referenceScript) scripts.add(output.referenceScript.hash);
      }
      for (const mint of tx.mints) assets.add(mint.policy + mint.name);
      for (const raw of stakeCredentialsOf(tx, networkId)) stakeAddresses.add(raw);
      for (const datum of tx.datums) datums.add(datum.hash);
      for (const script of tx.scripts) scripts.add(script.hash);
    }
  }
  return {
    spends,
    addresses: [...addresses],
    stakeAddresses: [...stakeAddresses],
    assets: [...assets],
    pointers,
    datums: [...datums],
    scripts: [...scripts],
  };
}
