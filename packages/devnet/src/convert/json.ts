/**
 * JSON text for Ogmios messages with bigint quantities.
 *
 * `stringifyOgmios` writes bigint as bare JSON integers (what Ogmios sends);
 * `parseOgmios` reads them back the way @cardano-ogmios/client does: integers
 * beyond 2^53 become bigint, and every lovelace amount, asset quantity,
 * native-script `atLeast` and metadatum integer is a bigint regardless of size.
 */

export function stringifyOgmios(value: unknown): string {
  // Native JSON.stringify is several times faster than walking the value here; bigints go through it as
  // marked strings that are then unquoted. `undefined` fields are left out and array items become null,
  // like JSON.stringify does anyway.
  return (
    JSON.stringify(value, (_key, field: unknown) => (typeof field === 'bigint' ? `${BIG}${field}` : field)) ??
    'null'
  ).replace(QUOTED_BIG, '$1');
}

// Marker for integers JSON would round; Ogmios strings never start with it (a NUL then "bigint:").
const BIG = '\u0000bigint:';
/** A marked bigint as JSON.stringify writes it (the NUL escaped). */
const QUOTED_BIG = /"\\u0000bigint:(-?\d+)"/g;

export function parseOgmios(text: string): unknown {
  const parsed = JSON.parse(quoteUnsafeIntegers(text), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(BIG) ? BigInt(value.slice(BIG.length)) : value,
  );
  return toBigInts(parsed, false);
}

/** Wraps integer literals outside strings that do not fit a double exactly into marker strings. */
function quoteUnsafeIntegers(text: string): string {
  let result = '';
  let copiedUpTo = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      let end = i + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text[end]!)) end++;
      const literal = text.slice(i, end);
      if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        result += `${text.slice(copiedUpTo, i)}"\\u0000bigint:${literal}"`;
        copiedUpTo = end;
      }
      i = end - 1;
    }
  }
  return result + text.slice(copiedUpTo);
}

const QUANTITY_KEYS = new Set(['lovelace', 'atLeast']);

function toBigInts(value: unknown, quantities: boolean): unknown {
  if (typeof value === 'number') return quantities && Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map((item) => toBigInts(item, quantities));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  // A value ({ada, policy: {name: qty}}) or a mint map holds quantities two levels down.
  const isValue = 'ada' in object;
  for (const [key, field] of Object.entries(object)) {
    const nested =
      quantities ||
      QUANTITY_KEYS.has(key) ||
      key === 'labels' ||
      key === 'mint' ||
      (isValue && key !== 'ada');
    object[key] = toBigInts(field, nested);
  }
  return object;
}
