import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex, hexToBytes } from '../hex.js';

/** Datum hash (`data_hash`): blake2b-256 of the datum's CBOR exactly as it appears on chain. */
export function datumHash(datumCborHex: string): string {
  return bytesToHex(blake2b(hexToBytes(datumCborHex), { dkLen: 32 }));
}

/** Script languages as Ogmios names them. */
export type ScriptLanguage = 'native' | 'plutus:v1' | 'plutus:v2' | 'plutus:v3';

// The ledger hashes a script prefixed with its language tag.
const LANGUAGE_TAG: Record<ScriptLanguage, number> = {
  native: 0,
  'plutus:v1': 1,
  'plutus:v2': 2,
  'plutus:v3': 3,
};

/** Script hash (e.g. `reference_script_hash`): blake2b-224 of language tag || script bytes (Ogmios `cbor`). */
export function scriptHash(language: ScriptLanguage, scriptCborHex: string): string {
  const script = hexToBytes(scriptCborHex);
  const tagged = new Uint8Array(1 + script.length);
  tagged[0] = LANGUAGE_TAG[language];
  tagged.set(script, 1);
  return bytesToHex(blake2b(tagged, { dkLen: 28 }));
}
