import type { OutputReference } from './output-reference.js';
import { decodeShelleyAddress, type Pointer } from '../address.js';
import type { Credential } from '../credential.js';
import { datumHash, scriptHash, type ScriptLanguage } from '../metadata/hashes.js';
import { renderMetadatumJson, type MetadataJson } from '../metadata/db-sync-json.js';
import { decodeStakeAddress } from '../stake-address.js';
import { decodeCertificates, type Certificate } from './certificates.js';
import {
  decodeProposalProcedures,
  decodeVotingProcedures,
  type ProposalProcedure,
  type VotingProcedure,
} from './governance.js';
import type { Amount, OgmiosOutput, OgmiosScript, OgmiosTransaction, OgmiosValue } from './ogmios-types.js';
import { decodeRedeemers, type DecodedRedeemer } from './redeemers.js';
import { remembered } from './remembered.js';

/** Metadata labels the endpoints read: CIP-25 and the nut.link registry and data points. */
export const INDEXED_METADATA_LABELS = ['721', '1967', '1968'] as const;

export interface AssetQuantity {
  policy: string;
  name: string;
  quantity: bigint;
}

export interface DecodedScript {
  hash: string;
  language: ScriptLanguage;
  /** hex of the script as Ogmios `cbor` carries it (the raw script, no language tag) */
  bytes: string;
}

export type OutputStake =
  { kind: 'credential'; networkId: number; credential: Credential } | { kind: 'pointer'; pointer: Pointer };

export interface DecodedOutput {
  index: number;
  address: string;
  /** null for Byron addresses */
  paymentCredential: Credential | null;
  stake: OutputStake | null;
  lovelace: bigint;
  assets: AssetQuantity[];
  /** also set for inline datums: db-sync fills data_hash for both */
  dataHash: string | null;
  inlineDatum: string | null;
  referenceScript: DecodedScript | null;
}

export type { OutputReference };

export interface DecodedMetadatum {
  label: string;
  /** db-sync rendering; null where db-sync stores NULL (U+0000) */
  json: MetadataJson | null;
  /** CBOR of the label's value */
  cbor: string;
}

/**
 * What Blockfrost's `/txs/{hash}…` endpoints show beyond the rows other endpoints need, with
 * db-sync's rules for phase-2-invalid transactions: what they spend are their collaterals and what
 * they create their collateral return (DecodedTransaction), so no metadata, certificates, donation,
 * redeemers, collateral or reference inputs nor collateral return are kept beside.
 */
export interface TransactionDetails {
  /**
   * the whole transaction as the node serialised it (Ogmios `cbor`, with --include-cbor); null
   * without it. Bytes rather than Ogmios' hex: an indexer holds thousands until it writes them, and
   * as strings they took twice the room on the JavaScript heap, copied by every young-generation
   * collection they lived through. A view of a 1 MiB slab shared with the transactions decoded around
   * it: whoever keeps one transaction's bytes long after its batch copies them (`slice()`).
   */
  cbor: Uint8Array | null;
  invalidBefore: bigint | null;
  invalidHereafter: bigint | null;
  /** 0 for invalid transactions */
  redeemerCount: number;
  /** the witnesses' redeemers of a valid transaction; none for an invalid one, as db-sync stores none */
  redeemers: DecodedRedeemer[];
  poolRetirementCount: number;
  /** 0 for invalid transactions, whose donation never reaches the treasury */
  treasuryDonation: bigint;
  /** collateral inputs of a valid transaction (a ledger set: sorted) */
  collaterals: OutputReference[];
  /** reference inputs of a valid transaction (a ledger set: sorted) */
  references: OutputReference[];
  /** the collateral return of a valid transaction, at index = number of outputs */
  collateralReturn: DecodedOutput | null;
  /** every metadata label of a valid transaction, in ascending order, with its value's CBOR */
  metadataCbor: { label: string; cbor: string }[];
  /** the key hashes a valid transaction's body requires signatures of (a ledger set: sorted) */
  requiredSigners: string[];
}

/** Details of a transaction that has no body: the genesis pseudo-transactions holding the initial funds. */
export const NO_TRANSACTION_DETAILS: TransactionDetails = {
  cbor: null,
  invalidBefore: null,
  invalidHereafter: null,
  redeemerCount: 0,
  redeemers: [],
  poolRetirementCount: 0,
  treasuryDonation: 0n,
  collaterals: [],
  references: [],
  collateralReturn: null,
  metadataCbor: [],
  requiredSigners: [],
};

export interface DecodedTransaction {
  hash: string;
  /** false for phase-2-invalid transactions (Ogmios `spends: "collaterals"`) */
  valid: boolean;
  /** null when Ogmios gives none (Byron): the fee is then inputs − outputs, which needs the UTxO set */
  fee: bigint | null;
  /** what the transaction consumes: its inputs, or its collaterals when invalid */
  spends: OutputReference[];
  /** what it creates: its outputs, or only the collateral return (at index = number of outputs) when invalid */
  outputs: DecodedOutput[];
  mints: AssetQuantity[];
  metadata: DecodedMetadatum[];
  /** witness datums and inline datums of the created outputs, by hash */
  datums: { hash: string; bytes: string }[];
  /** witness and auxiliary-data scripts (Ogmios `scripts`); none for invalid transactions, as db-sync */
  scripts: DecodedScript[];
  certificates: Certificate[];
  withdrawals: { rewardAddress: string; amount: bigint }[];
  /** stake addresses (bech32) named by governance proposals: return accounts and treasury withdrawals */
  proposalStakeAddresses: string[];
  /** Conway proposal procedures, from the CBOR (Ogmios' `proposals` also holds earlier eras' updates) */
  proposals: ProposalProcedure[];
  votes: VotingProcedure[];
  details: TransactionDetails;
}

const toBigInt = (amount: Amount) => BigInt(amount);

// Most outputs, transactions and their details hold no tokens, mints, collaterals or references: one shared empty
// list for them all rather than a new one for each, which the indexer would hold through a batch.
const NONE: never[] = Object.freeze([]) as never[];

export function decodeValue(value: OgmiosValue): { lovelace: bigint; assets: AssetQuantity[] } {
  let assets: AssetQuantity[] = NONE;
  for (const policy in value) {
    if (policy === 'ada') continue;
    if (assets === NONE) assets = [];
    const names = value[policy]!;
    for (const name in names) assets.push({ policy, name, quantity: toBigInt(names[name]!) });
  }
  // Ledger map order (policy bytes, then name bytes, shorter first) = ascending unit hex.
  if (assets.length > 1) assets.sort((a, b) => compareUnits(a, b));
  return { lovelace: toBigInt(value.ada.lovelace), assets };
}

function compareUnits(a: { policy: string; name: string }, b: { policy: string; name: string }): number {
  const left = a.policy + a.name;
  const right = b.policy + b.name;
  return left < right ? -1 : left > right ? 1 : 0;
}

interface AddressParts {
  /** the address, one string for all its outputs */
  address: string;
  paymentCredential: Credential | null;
  stake: OutputStake | null;
}

function addressParts(address: string): AddressParts {
  const shelley = decodeShelleyAddress(address);
  let stake: OutputStake | null = null;
  if (shelley?.type === 'base')
    stake = { kind: 'credential', networkId: shelley.networkId, credential: shelley.stake };
  if (shelley?.type === 'pointer') stake = { kind: 'pointer', pointer: shelley.pointer };
  return { address, paymentCredential: shelley && shelley.type !== 'reward' ? shelley.payment : null, stake };
}

// Outputs go to the same addresses again and again (wallets' change, exchanges, DEXes), and bech32
// decoding is the costliest part of decoding an output. Outputs keep the remembered address string
// rather than their own copy from the message: an indexer holds a batch of decoded outputs, and the
// copies were bytes for the garbage collector to move.
const recentAddresses = new Map<string, AddressParts>();
const recentAddressParts = (address: string) => remembered(recentAddresses, 100_000, address, addressParts);

// Scripts are witnessed again and again (a DEX's validator, a minting policy), and hashing is most
// of decoding one; by language, as the language tag is part of what is hashed. At most ≈ 16 kB each.
const recentScriptHashes = new Map<ScriptLanguage, Map<string, string>>();

function recentScriptHash(language: ScriptLanguage, cbor: string): string {
  let hashes = recentScriptHashes.get(language);
  if (!hashes) recentScriptHashes.set(language, (hashes = new Map()));
  return remembered(hashes, 2_000, cbor, (bytes) => scriptHash(language, bytes));
}

export function decodeOutput(output: OgmiosOutput, index: number): DecodedOutput {
  const { lovelace, assets } = decodeValue(output.value);
  const { address, paymentCredential, stake } = recentAddressParts(output.address);
  return {
    index,
    address,
    paymentCredential,
    stake,
    lovelace,
    assets,
    dataHash: output.datumHash ?? (output.datum ? datumHash(output.datum) : null),
    inlineDatum: output.datum ?? null,
    referenceScript: output.script ? decodeScript(output.script, `output ${index}`) : null,
  };
}

/** `holder` names where the script sits, for the error when Ogmios was started without --include-cbor. */
function decodeScript(script: OgmiosScript, holder: string): DecodedScript {
  if (!script.cbor)
    throw new Error(`${holder} has a ${script.language} script without CBOR: run Ogmios with --include-cbor`);
  return {
    hash: recentScriptHash(script.language, script.cbor),
    language: script.language,
    bytes: script.cbor,
  };
}

const reference = (ref: { transaction: { id: string }; index: number }): OutputReference => ({
  txHash: ref.transaction.id,
  index: ref.index,
});

export function decodeTransaction(tx: OgmiosTransaction): DecodedTransaction {
  const valid = tx.spends === 'inputs';
  const outputs = valid
    ? tx.outputs.map((output, index) => decodeOutput(output, index))
    : tx.collateralReturn
      ? [decodeOutput(tx.collateralReturn, tx.outputs.length)]
      : NONE;
  const decoded: DecodedTransaction = {
    hash: tx.id,
    valid,
    fee: valid ? (tx.fee ? toBigInt(tx.fee.ada.lovelace) : null) : invalidTransactionFee(tx),
    spends: references(valid ? tx.inputs : tx.collaterals),
    outputs,
    mints: NONE,
    metadata: NONE,
    datums: NONE,
    scripts: NONE,
    certificates: NONE,
    withdrawals: NONE,
    proposalStakeAddresses: NONE,
    proposals: NONE,
    votes: NONE,
    details: decodeDetails(tx, valid),
  };
  // db-sync records no mints, metadata, certificates, withdrawals or witness datums of invalid transactions.
  decoded.datums = decodeDatums(outputs, valid ? tx.datums : undefined);
  if (!valid) return decoded;
  if (tx.mint) {
    decoded.mints = [];
    for (const [policy, names] of Object.entries(tx.mint)) {
      for (const [name, quantity] of Object.entries(names))
        decoded.mints.push({ policy, name, quantity: toBigInt(quantity) });
    }
  }
  if (tx.metadata) decoded.metadata = decodeIndexedMetadata(tx);
  if (tx.scripts)
    decoded.scripts = Object.values(tx.scripts).map((script) => decodeScript(script, `transaction ${tx.id}`));
  if (tx.certificates?.length || tx.proposals?.length || tx.votes?.length) {
    const cbor = decoded.details.cbor;
    if (!cbor) throw new Error(`transaction ${tx.id} carries no CBOR: run Ogmios with --include-cbor`);
    decoded.certificates = decodeCertificates(cbor);
    if (tx.proposals?.length) decoded.proposals = decodeProposalProcedures(cbor);
    if (tx.votes?.length) decoded.votes = decodeVotingProcedures(cbor);
  }
  if (tx.withdrawals)
    decoded.withdrawals = Object.entries(tx.withdrawals).map(([rewardAddress, amount]) => ({
      rewardAddress,
      amount: toBigInt(amount.ada.lovelace),
    }));
  if (tx.proposals) decoded.proposalStakeAddresses = proposalStakeAddresses(tx);
  if (tx.redeemers?.length)
    decoded.details.redeemers = decodeRedeemers(tx, {
      inputs: decoded.spends,
      certificates: decoded.certificates,
    });
  return decoded;
}

/**
 * The ledger's size of a transaction, which its fee pays for and db-sync stores as `tx.size`: from
 * Alonzo on, a transaction is `[body, witnesses, is_valid, auxiliary data]`, and the size leaves the
 * is_valid flag out (one byte, as is the array header of three items or four).
 */
export function ledgerTxSize(cbor: Uint8Array): number {
  const ARRAY_OF_FOUR = 0x84;
  return cbor[0] === ARRAY_OF_FOUR ? cbor.length - 1 : cbor.length;
}

/**
 * db-sync's `tx.deposit`, a balance: what the inputs (`spentValue`, their lovelace) and withdrawals
 * bring beyond the outputs, the fee and the donation is what certificates and proposals locked
 * (negative when they refunded more); unknown without every input's value (an index started
 * mid-chain), and 0 for an invalid transaction — both 0.
 */
export function transactionDeposit(
  tx: DecodedTransaction,
  spentValue: bigint | null,
  outSum: bigint,
  fee: bigint,
): bigint {
  if (!tx.valid || spentValue === null) return 0n;
  const withdrawn = tx.withdrawals.reduce((sum, w) => sum + w.amount, 0n);
  return spentValue + withdrawn - outSum - fee - tx.details.treasuryDonation;
}

const references = (refs: { transaction: { id: string }; index: number }[] | undefined): OutputReference[] =>
  refs?.length ? refs.map(reference) : NONE;

/** Inline datums of the outputs, then the witness datums not among them, each hash once. */
function decodeDatums(
  outputs: DecodedOutput[],
  witnessed: Record<string, string> | undefined,
): { hash: string; bytes: string }[] {
  let datums: Map<string, string> | null = null;
  for (const output of outputs)
    if (output.inlineDatum) (datums ??= new Map()).set(output.dataHash!, output.inlineDatum);
  for (const hash in witnessed) if (!datums?.has(hash)) (datums ??= new Map()).set(hash, witnessed[hash]!);
  return datums ? [...datums].map(([hash, bytes]) => ({ hash, bytes })) : NONE;
}

// Transactions' CBOR as views of 1 MiB slabs. Buffer.from(hex, 'hex') cuts them from Node's 8 kB pool, and the pool's
// refills, a new ArrayBuffer every few transactions, showed in the indexer's CPU profile. A slab lives as long as
// the decoded transactions it holds, which an indexer keeps and drops together (a batch).
const SLAB_BYTES = 1 << 20;
let slab = Buffer.alloc(0);
let slabUsed = 0;

function transactionBytes(hex: string): Uint8Array {
  const length = hex.length >>> 1;
  if (length > SLAB_BYTES >>> 4) return Buffer.from(hex, 'hex');
  if (slabUsed + length > slab.length) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const start = slabUsed;
  slabUsed += slab.write(hex, start, 'hex');
  return slab.subarray(start, slabUsed);
}

function decodeDetails(tx: OgmiosTransaction, valid: boolean): TransactionDetails {
  const interval = tx.validityInterval ?? {};
  const donation = tx.treasury?.donation;
  return {
    cbor: tx.cbor ? transactionBytes(tx.cbor) : null,
    invalidBefore: interval.invalidBefore === undefined ? null : toBigInt(interval.invalidBefore),
    invalidHereafter: interval.invalidAfter === undefined ? null : toBigInt(interval.invalidAfter),
    redeemerCount: valid ? (tx.redeemers?.length ?? 0) : 0,
    // filled once the certificates their targets need are decoded (decodeTransaction)
    redeemers: NONE,
    poolRetirementCount: valid
      ? (tx.certificates ?? []).filter((cert) => (cert as { type?: string }).type === 'stakePoolRetirement')
          .length
      : 0,
    treasuryDonation: valid && donation ? toBigInt(donation.ada.lovelace) : 0n,
    collaterals: valid ? references(tx.collaterals) : NONE,
    references: valid ? references(tx.references) : NONE,
    collateralReturn:
      valid && tx.collateralReturn ? decodeOutput(tx.collateralReturn, tx.outputs.length) : null,
    metadataCbor: valid && tx.metadata ? decodeMetadataCbor(tx) : NONE,
    requiredSigners: valid && tx.requiredExtraSignatories?.length ? tx.requiredExtraSignatories : NONE,
  };
}

/** Fee of a phase-2-invalid transaction: the collateral it forfeits. */
function invalidTransactionFee(tx: OgmiosTransaction): bigint | null {
  // Without totalCollateral it is collateral in − collateral return, which needs the inputs' values.
  return tx.totalCollateral ? toBigInt(tx.totalCollateral.ada.lovelace) : null;
}

function decodeIndexedMetadata(tx: OgmiosTransaction): DecodedMetadatum[] {
  const labels = tx.metadata?.labels ?? {};
  const decoded: DecodedMetadatum[] = [];
  for (const label of INDEXED_METADATA_LABELS) {
    if (!labels[label]) continue;
    const cbor = metadatumCbor(tx, label);
    decoded.push({ label, json: renderMetadatumJson(cbor), cbor });
  }
  return decoded;
}

function metadatumCbor(tx: OgmiosTransaction, label: string): string {
  const cbor = tx.metadata!.labels[label]!.cbor;
  if (!cbor) throw new Error(`transaction ${tx.id} metadata carries no CBOR: run Ogmios with --include-cbor`);
  return cbor;
}

function decodeMetadataCbor(tx: OgmiosTransaction): { label: string; cbor: string }[] {
  return Object.keys(tx.metadata?.labels ?? {})
    .map(BigInt)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((label) => ({ label: label.toString(), cbor: metadatumCbor(tx, label.toString()) }));
}

/** Conway proposals name stake addresses (db-sync creates stake_address rows for them). */
function proposalStakeAddresses(tx: OgmiosTransaction): string[] {
  const addresses: string[] = [];
  for (const proposal of tx.proposals ?? []) {
    if (proposal.returnAccount) addresses.push(proposal.returnAccount);
    // Pre-Conway MIRs also appear as treasuryWithdrawals, keyed by credential hex: those come from the CBOR.
    for (const key of Object.keys(proposal.action?.withdrawals ?? {}))
      if (decodeStakeAddress(key)) addresses.push(key);
  }
  return addresses;
}
