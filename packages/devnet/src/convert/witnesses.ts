/** Witness set (CDDL `transaction_witness_set`) → signatories, scripts, datums, redeemers. */
import type { Redeemer, Signatory } from '@cardano-ogmios/schema';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { arraySpans, arraySpansOfSet, mapSpans, readUint, type Span } from './cbor.js';
import { type Cbor, blake2b224, blake2b256, bytes, decodeCbor, hex, items, toNumber } from './codec.js';
import { type KeyedScript, nativeScripts, plutusScripts } from './script.js';

export interface Witnesses {
  signatories: Signatory[];
  scripts: KeyedScript[];
  datums: Record<string, string>;
  redeemers: Redeemer[];
}

const PURPOSES = ['spend', 'mint', 'publish', 'withdraw', 'vote', 'propose'] as const;

export function convertWitnesses(tx: Uint8Array, witnessSet: Span): Witnesses {
  const result: Witnesses = { signatories: [], scripts: [], datums: {}, redeemers: [] };
  let keys: Signatory[] = [];
  let bootstraps: Signatory[] = [];
  for (const [keySpan, span] of mapSpans(tx, witnessSet[0])) {
    const value = () => tx.subarray(span[0], span[1]);
    switch (readUint(tx, keySpan[0])) {
      case 0:
        keys = asSet(items(decodeCbor(value())).map(keyWitness));
        break;
      case 1:
        result.scripts.push(...nativeScripts(tx, span));
        break;
      case 2:
        bootstraps = asSet(items(decodeCbor(value())).map(bootstrapWitness));
        break;
      case 3:
        result.scripts.push(...plutusScripts(1, value()));
        break;
      case 4:
        for (const datum of arraySpansOfSet(tx, span)) {
          const original = tx.subarray(datum[0], datum[1]);
          result.datums[hex(blake2b256(original))] = hex(original);
        }
        break;
      case 5:
        result.redeemers = redeemers(tx, span);
        break;
      case 6:
        result.scripts.push(...plutusScripts(2, value()));
        break;
      case 7:
        result.scripts.push(...plutusScripts(3, value()));
        break;
    }
  }
  // Ogmios lists bootstrap witnesses first, each group in the ledger's Set order.
  result.signatories = [...bootstraps, ...keys];
  return result;
}

interface Sortable {
  sortKey: string;
  signatory: Signatory;
}

/** Ledger `Set` semantics: sorted, duplicates collapsed. */
function asSet(witnesses: Sortable[]): Signatory[] {
  const unique = new Map(witnesses.map((witness) => [witness.sortKey, witness.signatory]));
  return [...unique.keys()].sort().map((key) => unique.get(key)!);
}

/**
 * The ledger orders `WitVKey`s by the key's hash, then by the signature's hash. Ed25519 signatures
 * are deterministic, so a key has one witness per body; the raw signature only breaks ties for
 * malformed input and saves a hash per witness.
 */
function keyWitness(raw: Cbor): Sortable {
  const [key, signature] = raw as [Cbor, Cbor];
  const signatory = { key: hex(bytes(key)), signature: hex(bytes(signature)) };
  return { sortKey: keyHash(signatory.key, bytes(key)) + signatory.signature, signatory };
}

/** Key hashes by key hex: the same few keys sign most transactions of a chain, and hashing is costly. */
const keyHashes = new Map<string, string>();
const KEY_HASHES_KEPT = 100_000;

function keyHash(keyHex: string, key: Uint8Array): string {
  let hash = keyHashes.get(keyHex);
  if (hash === undefined) {
    if (keyHashes.size >= KEY_HASHES_KEPT) keyHashes.clear();
    hash = hex(blake2b224(key));
    keyHashes.set(keyHex, hash);
  }
  return hash;
}

// Byron address root prefix: CBOR of `[0, [0, bytes(64)` ahead of key ‖ chain code ‖ attributes.
const BOOTSTRAP_ROOT_PREFIX = Uint8Array.of(0x83, 0x00, 0x82, 0x00, 0x58, 0x40);

/** Bootstrap witnesses are ordered by their address-root key hash (ledger `bootstrapWitKeyHash`). */
function bootstrapWitness(raw: Cbor): Sortable {
  const [key, signature, chainCode, attributes] = (raw as Cbor[]).map(bytes) as Uint8Array[];
  const root = new Uint8Array([...BOOTSTRAP_ROOT_PREFIX, ...key!, ...chainCode!, ...attributes!]);
  return {
    sortKey: hex(blake2b224(sha3_256(root))),
    signatory: {
      key: hex(key!),
      signature: hex(signature!),
      ...(chainCode!.length > 0 ? { chainCode: hex(chainCode!) } : {}),
      ...(attributes!.length > 0 ? { addressAttributes: hex(attributes!) } : {}),
    },
  };
}

/**
 * Alonzo/Babbage `[ [tag, index, data, ex_units] ]` or Conway `{ [tag, index] => [data, ex_units] }`.
 * `redeemer` keeps the data's original bytes; the ledger map orders entries by (tag, index).
 */
function redeemers(tx: Uint8Array, span: Span): Redeemer[] {
  const list: Redeemer[] = [];
  const push = (pointer: Cbor[], data: Span, units: Cbor) => {
    const [memory, cpu] = units as [Cbor, Cbor];
    list.push({
      validator: { purpose: PURPOSES[toNumber(pointer[0])]!, index: toNumber(pointer[1]) },
      redeemer: hex(tx.subarray(data[0], data[1])),
      executionUnits: { memory: toNumber(memory), cpu: toNumber(cpu) },
    });
  };
  const decode = (s: Span) => decodeCbor(tx.subarray(s[0], s[1]));
  if (tx[span[0]]! >> 5 === 5) {
    for (const [key, value] of mapSpans(tx, span[0])) {
      const [data, units] = arraySpans(tx, value[0]);
      push(decode(key) as Cbor[], data!, decode(units!));
    }
  } else {
    for (const redeemer of arraySpans(tx, span[0])) {
      const [tag, index, data, units] = arraySpans(tx, redeemer[0]);
      push([decode(tag!), decode(index!)], data!, decode(units!));
    }
  }
  const order = (r: Redeemer) => PURPOSES.indexOf(r.validator.purpose) * 2 ** 32 + r.validator.index;
  return list.sort((a, b) => order(a) - order(b));
}
