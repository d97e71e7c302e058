import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { isInteger, parse, stringify } from 'lossless-json';
import type { EvaluateRequestV5, NativeScriptV5, ScriptV5, TxInV5, TxOutV5 } from './ogmios-v5-types.js';
import { unwrapPlutusScript } from './plutus-script-bytes.js';

/**
 * Why a body was refused. `bad-request` is a malformed body (Blockfrost answers 400);
 * `undecodable-cbor` is a `cbor` that is neither hex nor base64 (Ogmios v5 answers a jsonwsp/fault);
 * `too-large` is a transaction or additional UTxO set over its bound (413), found before decoding it.
 */
export type EvaluateRequestError = {
  kind: 'bad-request' | 'undecodable-cbor' | 'too-large';
  message: string;
};

/** Bounds checked on the JSON before the transaction or any UTxO is decoded. */
export interface EvaluateRequestLimits {
  /** The protocol's maxTransactionSize. */
  maxTransactionBytes: number;
  /** The body beside the transaction's text: the additionalUtxoSet and the JSON around it. */
  maxAdditionalUtxoBytes: number;
}

export type ParsedEvaluateRequest =
  { ok: true; request: EvaluateRequestV5 } | { ok: false; error: EvaluateRequestError };

class RequestError extends Error {}

// The recursive JSON readers run out of stack (a RangeError) on deep nesting: that is the body's fault,
// and the engine's "Maximum call stack size exceeded" is no message for a client.
const NESTED_TOO_DEEPLY = 'nested too deeply';

const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const HASH_28 = /^[0-9a-fA-F]{56}$/;
const HASH_32 = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const PLUTUS_KEYS = ['plutus:v1', 'plutus:v2', 'plutus:v3'] as const;

/**
 * Parses the JSON body of POST /utils/txs/evaluate/utxos: `{cbor, additionalUtxoSet?}` with Ogmios v5
 * UTxO pairs, accepting the spellings real clients send (docs/contract.md#evaluating-transactions,
 * docs/ogmios.md#the-v5-evaluation-format). Integers are read as bigint because blockfrost-js writes
 * BigInt quantities as bare integers beyond 2^53.
 */
export function parseEvaluateRequest(body: string, limits?: EvaluateRequestLimits): ParsedEvaluateRequest {
  let json: unknown;
  try {
    json = parse(body, null, (text) => (isInteger(text) ? BigInt(text) : Number(text)));
  } catch (error) {
    if (error instanceof RangeError) return badRequest(`Body is ${NESTED_TOO_DEEPLY}`);
    if (error instanceof SyntaxError) return badRequest(`Body is not valid JSON: ${error.message}`);
    throw error;
  }
  try {
    const root = object(json, 'body');
    if (typeof root.cbor !== 'string') throw new RequestError('cbor must be a string (hex or base64)');
    const oversize = limits && oversizeMessage(body, root.cbor, limits);
    if (oversize) return { ok: false, error: { kind: 'too-large', message: oversize } };
    const cbor = transactionHex(root.cbor);
    if (cbor === undefined) {
      return {
        ok: false,
        error: { kind: 'undecodable-cbor', message: 'failed to decode payload from base64 or base16' },
      };
    }
    const pairs = root.additionalUtxoSet ?? [];
    if (!Array.isArray(pairs)) throw new RequestError('additionalUtxoSet must be an array');
    return { ok: true, request: { cbor, additionalUtxoSet: pairs.map(utxoPair) } };
  } catch (error) {
    if (error instanceof RequestError) return badRequest(error.message);
    throw error;
  }
}

function oversizeMessage(body: string, cbor: string, limits: EvaluateRequestLimits): string | undefined {
  // Hex takes two characters a byte, base64 four for three (less its padding).
  const padding = cbor.endsWith('==') ? 2 : cbor.endsWith('=') ? 1 : 0;
  const transactionBytes = HEX.test(cbor) ? cbor.length / 2 : Math.floor((cbor.length * 3) / 4) - padding;
  if (transactionBytes > limits.maxTransactionBytes)
    return `The transaction is ${transactionBytes} bytes; the protocol allows at most ${limits.maxTransactionBytes}.`;
  const besideBytes = Buffer.byteLength(body) - cbor.length;
  if (besideBytes > limits.maxAdditionalUtxoBytes)
    return `The additionalUtxoSet is ${besideBytes} bytes; at most ${limits.maxAdditionalUtxoBytes} are accepted.`;
  return undefined;
}

const badRequest = (message: string): ParsedEvaluateRequest => ({
  ok: false,
  error: { kind: 'bad-request', message },
});

// Hex is tried first: a hex string is also valid base64 text.
function transactionHex(text: string): string | undefined {
  if (text.length > 0 && HEX.test(text)) return text.toLowerCase();
  if (text.length > 0 && BASE64.test(text)) return Buffer.from(text, 'base64').toString('hex');
  return undefined;
}

function utxoPair(pair: unknown, i: number): [TxInV5, TxOutV5] {
  const where = `additionalUtxoSet[${i}]`;
  if (!Array.isArray(pair) || pair.length !== 2) {
    throw new RequestError(`${where} must be a [TxIn, TxOut] pair of exactly two elements`);
  }
  return [txIn(pair[0], `${where}[0]`), txOut(pair[1], `${where}[1]`)];
}

function txIn(json: unknown, where: string): TxInV5 {
  const input = object(json, where);
  return { txId: hex(input.txId, HASH_32, `${where}.txId`), index: natural(input.index, `${where}.index`) };
}

function txOut(json: unknown, where: string): TxOutV5 {
  const output = object(json, where);
  if (typeof output.address !== 'string') throw new RequestError(`${where}.address must be a string`);
  const result: TxOutV5 = { address: output.address, value: value(output.value, `${where}.value`) };
  // Ogmios v5 spells it datumHash, the OpenAPI spec datum_hash; null means "none" in both.
  const datumHash = output.datumHash ?? output.datum_hash;
  if (datumHash != null) result.datumHash = hex(datumHash, HASH_32, `${where}.datumHash`);
  if (output.datum != null) {
    const datum = inlineDatum(output.datum, `${where}.datum`);
    // v5 read a 32-byte datum that is not Plutus data as an (Alonzo-style) datum hash.
    if (HASH_32.test(datum) && !isPlutusData(datum)) result.datumHash ??= datum;
    else result.datum = datum;
  }
  if (output.script != null) result.script = script(output.script, `${where}.script`);
  return result;
}

function value(json: unknown, where: string): TxOutV5['value'] {
  const { coins, assets, ...rest } = object(json, where);
  const result: TxOutV5['value'] = { coins: natural(coins, `${where}.coins`, 'bigint') };
  const flat: Record<string, bigint> = {};
  // Assets under `assets` ("policy.name" or "policy" keys, or nested per policy) and, as Mesh sends
  // them, policies directly inside `value`.
  if (assets != null) addAssets(flat, object(assets, `${where}.assets`), `${where}.assets`);
  addAssets(flat, rest, where);
  if (Object.keys(flat).length > 0) result.assets = flat;
  return result;
}

function addAssets(into: Record<string, bigint>, json: Record<string, unknown>, where: string): void {
  for (const [key, quantity] of Object.entries(json)) {
    const [policy, name = '', ...extra] = key.split('.');
    if (!HASH_28.test(policy) || !HEX.test(name) || extra.length > 0) {
      throw new RequestError(`${where} has an invalid asset key "${key}"`);
    }
    if (typeof quantity === 'object' && quantity !== null && key === policy) {
      for (const [assetName, amount] of Object.entries(quantity)) {
        if (!HEX.test(assetName))
          throw new RequestError(`${where}.${key} has an invalid asset name "${assetName}"`);
        into[assetKey(policy, assetName)] = natural(amount, `${where}.${key}.${assetName}`, 'bigint');
      }
    } else {
      into[assetKey(policy, name)] = natural(quantity, `${where}.${key}`, 'bigint');
    }
  }
}

const assetKey = (policy: string, name: string): string =>
  name === '' ? policy.toLowerCase() : `${policy}.${name}`.toLowerCase();

// A datum is CBOR hex, or (as some clients send it) Plutus data in cardano-cli's detailed JSON schema.
function inlineDatum(json: unknown, where: string): string {
  if (typeof json === 'string') return hex(json, HEX, where);
  try {
    return CSL.PlutusData.from_json(stringify(json)!, CSL.PlutusDatumSchema.DetailedSchema).to_hex();
  } catch (error) {
    const reason = error instanceof RangeError ? NESTED_TOO_DEEPLY : String(error);
    throw new RequestError(`${where} must be CBOR hex or detailed-schema Plutus data: ${reason}`);
  }
}

// CSL tolerates trailing bytes, so "is data" means the bytes read back exactly.
function isPlutusData(datumHex: string): boolean {
  try {
    return CSL.PlutusData.from_hex(datumHex).to_hex() === datumHex.toLowerCase();
  } catch {
    return false;
  }
}

function script(json: unknown, where: string): ScriptV5 {
  const entries = Object.entries(object(json, where));
  if (entries.length !== 1) throw new RequestError(`${where} must have exactly one language key`);
  const [[language, body]] = entries;
  if (language === 'native') return { native: nativeScript(body, `${where}.native`) };
  const plutus = PLUTUS_KEYS.find((key) => key === language);
  if (plutus === undefined) throw new RequestError(`${where} has an unknown language "${language}"`);
  return { [plutus]: unwrapPlutusScript(hex(body, HEX, `${where}.${language}`)) } as ScriptV5;
}

function nativeScript(json: unknown, where: string): NativeScriptV5 {
  if (typeof json === 'string') return hex(json, HASH_28, where);
  const entries = Object.entries(object(json, where));
  if (entries.length !== 1) throw new RequestError(`${where} must have exactly one clause`);
  const [[clause, body]] = entries;
  const list = (): NativeScriptV5[] => {
    if (!Array.isArray(body)) throw new RequestError(`${where}.${clause} must be an array`);
    return body.map((item, i) => nativeScript(item, `${where}.${clause}[${i}]`));
  };
  if (clause === 'all' || clause === 'any') return { [clause]: list() } as NativeScriptV5;
  if (clause === 'expiresAt' || clause === 'startsAt') {
    return { [clause]: natural(body, `${where}.${clause}`) } as NativeScriptV5;
  }
  if (/^\d+$/.test(clause)) return { [clause]: list() };
  throw new RequestError(`${where} has an unknown clause "${clause}"`);
}

function object(json: unknown, where: string): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new RequestError(`${where} must be an object`);
  }
  return json as Record<string, unknown>;
}

function hex(json: unknown, pattern: RegExp, where: string): string {
  if (typeof json !== 'string' || !pattern.test(json))
    throw new RequestError(`${where} must be hex of the right length`);
  return json.toLowerCase();
}

function natural(json: unknown, where: string): number;
function natural(json: unknown, where: string, as: 'bigint'): bigint;
function natural(json: unknown, where: string, as?: 'bigint'): number | bigint {
  if (typeof json !== 'bigint' || json < 0n)
    throw new RequestError(`${where} must be a non-negative integer`);
  if (as === 'bigint') return json;
  if (json > BigInt(Number.MAX_SAFE_INTEGER)) throw new RequestError(`${where} is too large`);
  return Number(json);
}
