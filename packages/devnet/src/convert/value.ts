/** Coins and multi-asset values. */
import type { Value, ValueAdaOnly } from '@cardano-ogmios/schema';
import { type Cbor, hex, map, toBigInt } from './codec.js';

export function coin(lovelace: Cbor): ValueAdaOnly {
  return { ada: { lovelace: toBigInt(lovelace) } };
}

/** `policy → assetName → quantity` with hex keys (also the shape of `mint`). */
export function assets(multiAsset: Cbor): Record<string, Record<string, bigint>> {
  const result: Record<string, Record<string, bigint>> = {};
  for (const [policy, names] of map(multiAsset)) {
    const entry: Record<string, bigint> = {};
    for (const [name, quantity] of map(names)) entry[hex(name as Uint8Array)] = toBigInt(quantity);
    result[hex(policy as Uint8Array)] = entry;
  }
  return result;
}

/** `coin` (Shelley/Allegra) or `[coin, multiasset]` (Mary+). */
export function value(raw: Cbor): Value {
  if (Array.isArray(raw)) return { ada: { lovelace: toBigInt(raw[0]) }, ...assets(raw[1]) } as Value;
  return coin(raw) as Value;
}
