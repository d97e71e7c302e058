import { bytesToHex, hexToBytes } from '../hex.js';
import { decodeCborItem, type CborItem } from '../metadata/cbor-item.js';
import type { ScriptLanguage } from '../metadata/hashes.js';
import type { Script, ScriptCbor, ScriptJson } from '../types.js';

// What Blockfrost answers for a stored script, following db-sync's `script` row: `serialised_size`
// and `bytes` are set for Plutus scripts only, `json` for native scripts only (Tx/Alonzo.hs mkTxScript).

const BLOCKFROST_TYPES: Record<ScriptLanguage, Script['type']> = {
  native: 'timelock',
  'plutus:v1': 'plutusV1',
  'plutus:v2': 'plutusV2',
  'plutus:v3': 'plutusV3',
};

/** `bytesHex` is the script as Ogmios' `cbor` carries it: for Plutus, the serialised program db-sync stores. */
export function scriptInfo(hash: string, language: ScriptLanguage, bytesHex: string): Script {
  return {
    script_hash: hash,
    type: BLOCKFROST_TYPES[language],
    serialised_size: language === 'native' ? null : bytesHex.length / 2,
  };
}

export function scriptCbor(language: ScriptLanguage, bytesHex: string): ScriptCbor {
  return { cbor: language === 'native' ? null : bytesHex };
}

export function scriptJson(language: ScriptLanguage, bytesHex: string): ScriptJson {
  return { json: language === 'native' ? renderNativeScriptJson(bytesHex) : null };
}

/** db-sync's `script.json`: cardano-api's SimpleScript JSON, keys in the order jsonb returns them. */
export type NativeScriptJson =
  | { type: 'sig'; keyHash: string }
  | { type: 'all' | 'any'; scripts: NativeScriptJson[] }
  | { type: 'atLeast'; scripts: NativeScriptJson[]; required: number }
  | { slot: number; type: 'before' | 'after' };

/** Renders a native script (CDDL `native_script`, its CBOR hex) as db-sync's JSON; throws on anything else. */
export function renderNativeScriptJson(scriptCborHex: string): NativeScriptJson {
  return nativeScriptJson(decodeCborItem(hexToBytes(scriptCborHex)));
}

function nativeScriptJson(item: CborItem): NativeScriptJson {
  if (item.kind !== 'array' || item.items[0]?.kind !== 'int') throw new Error('not a native script');
  const [, first, second] = item.items;
  switch (item.items[0].value) {
    case 0n:
      return { type: 'sig', keyHash: bytesToHex(bytesOf(first)) };
    case 1n:
      return { type: 'all', scripts: scriptsOf(first) };
    case 2n:
      return { type: 'any', scripts: scriptsOf(first) };
    case 3n:
      return { type: 'atLeast', scripts: scriptsOf(second), required: Number(intOf(first)) };
    // invalid_hereafter is the ledger's RequireTimeExpire, invalid_before its RequireTimeStart.
    case 5n:
      return { slot: Number(intOf(first)), type: 'before' };
    case 4n:
      return { slot: Number(intOf(first)), type: 'after' };
    default:
      throw new Error(`unknown native script type ${item.items[0].value}`);
  }
}

function scriptsOf(item: CborItem | undefined): NativeScriptJson[] {
  if (item?.kind !== 'array') throw new Error('native script: expected a list of scripts');
  return item.items.map(nativeScriptJson);
}

function bytesOf(item: CborItem | undefined): Uint8Array {
  if (item?.kind !== 'bytes') throw new Error('native script: expected a key hash');
  return item.value;
}

function intOf(item: CborItem | undefined): bigint {
  if (item?.kind !== 'int') throw new Error('native script: expected an integer');
  return item.value;
}
