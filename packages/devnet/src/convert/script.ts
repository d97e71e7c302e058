/** Native and Plutus scripts, with their hashes (blake2b-224 of language tag ‖ script bytes). */
import type { Script, ScriptNative } from '@cardano-ogmios/schema';
import { arraySpans, arraySpansOfSet, type Span } from './cbor.js';
import { type Cbor, blake2b224, bytes, decodeCbor, hex, items, toBigInt, toNumber } from './codec.js';

const PLUTUS_LANGUAGES = { 1: 'plutus:v1', 2: 'plutus:v2', 3: 'plutus:v3' } as const;
export type PlutusVersion = keyof typeof PLUTUS_LANGUAGES;

/** Hashed script plus its Ogmios JSON. */
export interface KeyedScript {
  hash: string;
  script: Script;
}

/** CDDL `native_script` → Ogmios clause JSON. */
export function nativeScriptJson(raw: Cbor): ScriptNative {
  const [type, ...args] = raw as [number, ...Cbor[]];
  switch (type) {
    case 0:
      return { clause: 'signature', from: hex(bytes(args[0])) };
    case 1:
      return { clause: 'all', from: items(args[0]).map(nativeScriptJson) };
    case 2:
      return { clause: 'any', from: items(args[0]).map(nativeScriptJson) };
    case 3:
      return { clause: 'some', atLeast: toBigInt(args[0]), from: items(args[1]).map(nativeScriptJson) };
    case 4: // invalid_before = RequireTimeStart
      return { clause: 'after', slot: toNumber(args[0]) };
    case 5: // invalid_hereafter = RequireTimeExpire
      return { clause: 'before', slot: toNumber(args[0]) };
    default:
      throw new Error(`unknown native script type ${String(type)}`);
  }
}

/** Native script from its original CBOR bytes (Ogmios echoes them as `cbor`). */
export function nativeScript(original: Uint8Array): KeyedScript {
  return {
    hash: scriptHash(0, original),
    script: { language: 'native', json: nativeScriptJson(decodeCbor(original)), cbor: hex(original) },
  };
}

/** Plutus script from the content of its CBOR byte string (the flat program wrapped once more in CBOR). */
export function plutusScript(version: PlutusVersion, script: Uint8Array): KeyedScript {
  return {
    hash: scriptHash(version, script),
    script: { language: PLUTUS_LANGUAGES[version], cbor: hex(script) },
  };
}

function scriptHash(tag: number, script: Uint8Array): string {
  const tagged = new Uint8Array(script.length + 1);
  tagged[0] = tag;
  tagged.set(script, 1);
  return hex(blake2b224(tagged));
}

/** Babbage `script_ref = #6.24(bytes .cbor [language, script])`, given the inner bytes. */
export function referenceScript(inner: Uint8Array): Script {
  const [languageSpan, scriptSpan] = arraySpans(inner, 0);
  const language = inner[languageSpan[0]] ?? 0;
  const scriptBytes = inner.subarray(scriptSpan[0], scriptSpan[1]);
  if (language === 0) return nativeScript(scriptBytes).script;
  return plutusScript(language as PlutusVersion, bytes(decodeCbor(scriptBytes))).script;
}

/** Witness-set / auxiliary-data list of native scripts, each kept as its original bytes. */
export function nativeScripts(source: Uint8Array, list: Span): KeyedScript[] {
  return arraySpansOfSet(source, list).map(([start, end]) => nativeScript(source.subarray(start, end)));
}

export function plutusScripts(version: PlutusVersion, list: Uint8Array): KeyedScript[] {
  return items(decodeCbor(list)).map((script) => plutusScript(version, bytes(script)));
}
