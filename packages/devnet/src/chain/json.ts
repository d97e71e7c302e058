import JSONbig from '@cardanosolutions/json-bigint';

// Ogmios values (lovelace, slots of synthetic chains, execution units) can exceed 2^53, so anything we
// parse from hand-written files or send back goes through the same bigint-aware codec as the Ogmios client.
const codec = JSONbig({ useNativeBigInt: true });

export function parseJson(text: string): unknown {
  return codec.parse(text);
}

export function stringifyJson(value: unknown): string {
  return codec.stringify(value);
}
