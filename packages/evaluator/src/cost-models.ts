import { Encoder } from 'cbor-x';
import type { PlutusCostModels, PlutusLanguage } from './ogmios-types.js';

// Keys of the ledger's CostModels map (Conway CDDL `cost_models`).
const LANGUAGE_KEYS: Record<PlutusLanguage, number> = { 'plutus:v1': 0, 'plutus:v2': 1, 'plutus:v3': 2 };

// With mapsAsObjects off, cbor-x writes a JS Map as a plain CBOR map instead of tagging it 259.
const encoder = new Encoder({ mapsAsObjects: false });

/**
 * CBOR CostModels map for the evaluator. Parameters are passed as bigint because cbor-x writes JS
 * numbers above 2^32 as floats, which the evaluator's decoder rejects.
 */
export function encodeCostModels(costModels: PlutusCostModels): Uint8Array {
  const entries = Object.entries(costModels).filter(([, parameters]) => parameters !== undefined) as [
    PlutusLanguage,
    readonly (number | bigint)[],
  ][];
  return encoder.encode(
    new Map(entries.map(([language, parameters]) => [LANGUAGE_KEYS[language], parameters.map(BigInt)])),
  );
}
