/**
 * Byron keys, transactions and blocks as cardano-sl / cardano-ledger's Byron code writes them, encoded
 * with cbor-x (CSL neither builds Byron blocks nor Byron transactions). Layouts: convert/byron.ts.
 *
 * Signatures are real, over what the Byron ledger signs (cardano-ledger `signTag`): a transaction
 * witness over `0x01 ‖ magic ‖ txId`, an AVVM redemption over `0x02 ‖ magic ‖ txId`, a heavyweight
 * delegation certificate over `0x0a ‖ magic ‖ bytes("00" ‖ delegate xpub ‖ epoch)`, a block over
 * `"01" ‖ issuer xpub ‖ 0x09 ‖ magic ‖ [prev, proof, slot, difficulty, extra data]` (magic and the
 * pieces in CBOR); the tests verify them as they verify real mainnet blocks. Body proofs are those the
 * ledger checks: transaction Merkle root, hashes of the witnesses, SSC, delegation and update payloads.
 */
import { sign as signEd25519 } from 'node:crypto';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { redeemAddress } from '@frostline/model';
import { sha3_256 } from '@noble/hashes/sha3.js';
import bs58 from 'bs58';
import { Decoder, Encoder, Tag } from 'cbor-x';
import { blake2b224, blake2b256, byronKey, keyPair, toHex, type ByronKey } from './keys.js';
import type { Utxo } from './spendable.js';
import type { ByronGenesisActors, GenesisDelegate, Wallet } from './wallets.js';

const cbor = new Encoder({ useRecords: false, tagUint8Array: false, mapsAsObjects: false });
const decoder = new Decoder({ useRecords: false, mapsAsObjects: false });
const ascii = (text: string) => new TextEncoder().encode(text);

/**
 * A Haskell list. cardano-binary encodes lists as indefinite-length arrays (vectors and tuples as
 * definite ones); cbor-x writes any iterable class instance that way, and this one can be encoded twice
 * (alone for a transaction id, then inside its block) with the same bytes.
 */
class List<T> {
  constructor(private readonly items: readonly T[]) {}
  [Symbol.iterator]() {
    return this.items[Symbol.iterator]();
  }
}

/** CBOR in CBOR (tag 24). */
const embedded = (value: unknown) => new Tag(cbor.encode(value), 24);

/** An unsigned integer encoded minimally: cbor-x writes bigints in 8 bytes and numbers ≥ 2^32 as floats. */
const uint = (value: bigint) => (value < 0x1_0000_0000n ? Number(value) : value);

const hash = (value: unknown) => blake2b256(cbor.encode(value));

const ZERO_SIGNATURE = new Uint8Array(64);

function sign(key: ByronKey, message: Uint8Array): Uint8Array {
  return key.privateKey.to_raw_key().sign(message).to_bytes();
}

/** cardano-ledger `signTag`: a tag byte and the protocol magic, ahead of what is signed. */
const signTag = (tag: number, protocolMagic: number) =>
  Buffer.concat([Uint8Array.of(tag), cbor.encode(protocolMagic)]);
const TAG = { tx: 0x01, redeemTx: 0x02, certificate: 0x0a } as const;

/** Stakeholder id: blake2b-224 of sha3-256 of the CBOR of the xpub (cardano-ledger `addressHash`). */
function stakeholderId(xpub: Uint8Array): string {
  return toHex(blake2b224(sha3_256(cbor.encode(xpub))));
}

function genesisDelegate(index: number, protocolMagic: number): GenesisDelegate {
  const issuer = byronKey(`byron/genesis/${index}`);
  const delegate = byronKey(`byron/delegate/${index}`);
  const certified = Buffer.concat([ascii('00'), delegate.xpub, cbor.encode(0)]);
  return {
    stakeholderId: stakeholderId(issuer.xpub),
    issuer,
    delegate,
    certificate: sign(
      issuer,
      Buffer.concat([signTag(TAG.certificate, protocolMagic), cbor.encode(certified)]),
    ),
  };
}

/** An icarus-style Byron address wallet (CSL builds the address; the protocol magic is an attribute). */
export function byronWallet(name: string, protocolMagic: number): Wallet {
  const key = byronKey(name);
  const address = CSL.ByronAddress.icarus_from_key(key.privateKey.to_public(), protocolMagic);
  return {
    name,
    kind: 'byron',
    address: address.to_address(),
    bech32: address.to_base58(),
    spender: { keys: [], byron: { kind: 'icarus', key, address } },
  };
}

/** The owner of an AVVM voucher: a plain ed25519 redeem key and its redeem address. */
function voucherWallet(name: string, protocolMagic: number): Wallet {
  const key = keyPair(name);
  const bytes = redeemAddress(key.publicKey.as_bytes(), protocolMagic);
  return {
    name,
    kind: 'redeem',
    address: CSL.ByronAddress.from_bytes(bytes).to_address(),
    bech32: bs58.encode(bytes),
    spender: { keys: [], byron: { kind: 'redeem', key } },
  };
}

export const BYRON_GENESIS_KEYS = 3;
/** Genesis balances of the custom network's Byron genesis (genesis/custom/byron.json). */
export const BYRON_FAUCET_LOVELACE = 100_000_000_000_000n;
export const VOUCHER_LOVELACE = 1_000_000_000_000n;

export function byronGenesisActors(protocolMagic: number): ByronGenesisActors {
  return {
    delegates: Array.from({ length: BYRON_GENESIS_KEYS }, (_, i) => genesisDelegate(i, protocolMagic)),
    faucet: byronWallet('byron/faucet', protocolMagic),
    voucher: voucherWallet('byron/voucher', protocolMagic),
  };
}

/** A genesis balance as an output: the ledger's pseudo transaction id is blake2b-256 of the address CBOR. */
export function genesisOutput(wallet: Wallet, lovelace: bigint): Utxo {
  return {
    txId: toHex(blake2b256(wallet.address.to_bytes())),
    index: 0,
    txOrdinal: 0,
    address: wallet.bech32,
    owner: wallet.name,
    lovelace,
    assets: {},
    pool: 'byron',
  };
}

export interface ByronTxDraft {
  inputs: Utxo[];
  outputs: { to: Wallet; lovelace: bigint }[];
  /** receives what is left after the outputs and the fee */
  change: Wallet;
}

export interface ByronTxContext {
  protocolMagic: number;
  /** TxSizeLinear of the Byron genesis, in 10^-9 lovelace: fee ≥ summand + multiplier × size */
  feePolicy: { summand: bigint; multiplier: bigint };
  txOrdinal: number;
  wallet: (name: string) => Wallet;
}

/** A Byron transaction: `[tx, witnesses]` (a TxAux) as a value its block encodes again. */
export interface ByronTx {
  id: string;
  ordinal: number;
  value: [unknown, unknown[]];
  /** CBOR of the TxAux, the form `convertTransaction` reads */
  bytes: Uint8Array;
  fee: bigint;
  /** Byron fees are what db-sync computes: inputs − outputs */
  recordedFee: bigint;
  spent: Utxo[];
  created: Utxo[];
}

/**
 * Builds and signs a Byron transaction. Byron has no fee field: the fee is what the outputs leave, at
 * least the genesis fee policy for the size of the signed TxAux, measured with the fee left out.
 */
export function buildByronTransaction(draft: ByronTxDraft, ctx: ByronTxContext): ByronTx {
  const measured = assembleByron(draft, ctx, 0n, false);
  const { summand, multiplier } = ctx.feePolicy;
  const nano = summand + multiplier * BigInt(measured.bytes.length);
  const fee = (nano + 999_999_999n) / 1_000_000_000n;
  const final = assembleByron(draft, ctx, fee, true);
  return { ...final, ordinal: ctx.txOrdinal, fee, recordedFee: fee, spent: draft.inputs };
}

function assembleByron(draft: ByronTxDraft, ctx: ByronTxContext, fee: bigint, signed: boolean) {
  const inputTotal = draft.inputs.reduce((sum, utxo) => sum + utxo.lovelace, 0n);
  const paid = draft.outputs.reduce((sum, output) => sum + output.lovelace, 0n);
  const outputs = [...draft.outputs, { to: draft.change, lovelace: inputTotal - paid - fee }];
  const tx = [
    new List(draft.inputs.map((utxo) => [0, embedded([Buffer.from(utxo.txId, 'hex'), utxo.index])])),
    // The address is its own CBOR item `[#6.24(bytes), crc]`, spliced in as decoded.
    new List(outputs.map(({ to, lovelace }) => [decoder.decode(to.address.to_bytes()), uint(lovelace)])),
    new Map(),
  ];
  const txId = hash(tx);
  // One witness per input, in input order: a key witness (xpub, signature) or a redemption (key, signature).
  const witnesses = draft.inputs.map((utxo) => {
    const byron = ctx.wallet(utxo.owner).spender.byron;
    if (byron === undefined) throw new Error(`${utxo.owner} has no Byron key`);
    const txSigData = cbor.encode(txId);
    if (byron.kind === 'redeem') {
      const message = Buffer.concat([signTag(TAG.redeemTx, ctx.protocolMagic), txSigData]);
      const signature = signed ? signEd25519(null, message, byron.key.signer) : ZERO_SIGNATURE;
      return [2, embedded([byron.key.publicKey.as_bytes(), signature])];
    }
    const message = Buffer.concat([signTag(TAG.tx, ctx.protocolMagic), txSigData]);
    return [0, embedded([byron.key.xpub, signed ? sign(byron.key, message) : ZERO_SIGNATURE])];
  });
  const value: [unknown, unknown[]] = [tx, witnesses];
  const id = toHex(txId);
  return {
    id,
    value,
    bytes: cbor.encode(value),
    created: outputs.map(({ to, lovelace }, index) => ({
      txId: id,
      index,
      txOrdinal: ctx.txOrdinal,
      address: to.bech32,
      owner: to.name,
      lovelace,
      assets: {},
      pool: 'byron' as const,
    })),
  };
}

/**
 * Root of the Byron Merkle tree of a block's transactions (cardano-ledger `mkMerkleTree`): leaves are
 * blake2b-256(0x00 ‖ tx), nodes blake2b-256(0x01 ‖ left ‖ right), split at the largest power of two
 * below the size; the empty tree is the hash of nothing.
 */
function merkleRoot(transactions: Uint8Array[]): Uint8Array {
  if (transactions.length === 0) return blake2b256(new Uint8Array());
  const node = (items: Uint8Array[]): Uint8Array => {
    if (items.length === 1) return blake2b256(Buffer.concat([Uint8Array.of(0), items[0]!]));
    let split = 1;
    while (split * 2 < items.length) split *= 2;
    const [left, right] = [node(items.slice(0, split)), node(items.slice(split))];
    return blake2b256(Buffer.concat([Uint8Array.of(1), left, right]));
  };
  return node(transactions);
}

/** Protocol version and software every generated Byron block announces (OBFT, like mainnet before Shelley). */
const BLOCK_VERSION = [1, 0, 0];
const SOFTWARE = ['cardano-sl', 1];

export interface ByronMainBlock {
  protocolMagic: number;
  epochLength: number;
  ancestor: string;
  /** chain difficulty: the block number */
  height: number;
  slot: number;
  leader: GenesisDelegate;
  transactions: ByronTx[];
}

/** `[1, [header, body, extra]]`: a main block signed by the leader's delegate (heavyweight delegation). */
export function byronMainBlock(block: ByronMainBlock): Uint8Array {
  const { protocolMagic, leader, transactions } = block;
  const body = [
    new List(transactions.map((tx) => tx.value)),
    // SSC: an empty VSS certificates payload, whose proof hashes the certificates as a map.
    [3, new Tag([], 258)],
    new List([]),
    [[], new List([])],
  ];
  const extraBody = [new Map()];
  const proof = [
    [
      transactions.length,
      merkleRoot(transactions.map((tx) => cbor.encode(tx.value[0]))),
      hash(new List(transactions.map((tx) => tx.value[1]))),
    ],
    [3, hash(new Map())],
    hash(body[2]),
    hash(body[3]),
  ];
  const previous = Buffer.from(block.ancestor, 'hex');
  const slotId = [Math.floor(block.slot / block.epochLength), block.slot % block.epochLength];
  const difficulty = [block.height];
  const extraData = [BLOCK_VERSION, SOFTWARE, new Map(), hash(extraBody)];
  const toSign = cbor.encode([previous, proof, slotId, difficulty, extraData]);
  const signed = Buffer.concat([
    ascii('01'),
    leader.issuer.xpub,
    Uint8Array.of(0x09),
    cbor.encode(protocolMagic),
    toSign,
  ]);
  const certificate = [0, leader.issuer.xpub, leader.delegate.xpub, leader.certificate];
  const consensus = [
    slotId,
    leader.issuer.xpub,
    difficulty,
    [2, [certificate, sign(leader.delegate, signed)]],
  ];
  return cbor.encode([1, [[protocolMagic, previous, proof, consensus, extraData], body, extraBody]]);
}

export interface ByronEpochBoundaryBlock {
  protocolMagic: number;
  ancestor: string;
  epoch: number;
  /** the previous block's difficulty (0 for the first) */
  height: number;
  /** stakeholder id of each slot's leader */
  leaders: string[];
}

/** `[0, [header, body, extra]]`: an epoch-boundary block whose body is the epoch's slot leaders. */
export function byronEpochBoundaryBlock(block: ByronEpochBoundaryBlock): Uint8Array {
  const body = new List(block.leaders.map((id) => Buffer.from(id, 'hex')));
  const header = [
    block.protocolMagic,
    Buffer.from(block.ancestor, 'hex'),
    hash(body),
    [block.epoch, [block.height]],
    [new Map()],
  ];
  return cbor.encode([0, [header, body, [new Map()]]]);
}
