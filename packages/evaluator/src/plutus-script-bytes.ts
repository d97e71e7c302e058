import { Decoder, Tag } from 'cbor-x';

const decoder = new Decoder({ mapsAsObjects: false });

// CBOR tag 24: "embedded CBOR data item", how the ledger wraps a reference script.
const EMBEDDED_CBOR = 24;

/**
 * The ledger bytes of a Plutus script given in any of the spellings clients send: raw (a CBOR byte
 * string around the flat program), `[language, bytes]` (`820N…`), or that array inside tag 24
 * (`d818…`). Returns lower-case hex; input that is none of these is returned unchanged for CSL to
 * judge.
 */
export function unwrapPlutusScript(scriptHex: string): string {
  let item: unknown;
  try {
    item = decoder.decode(Buffer.from(scriptHex, 'hex'));
  } catch {
    return scriptHex;
  }
  if (item instanceof Tag && item.tag === EMBEDDED_CBOR && item.value instanceof Uint8Array) {
    return unwrapPlutusScript(Buffer.from(item.value).toString('hex'));
  }
  if (Array.isArray(item) && item.length === 2 && item[1] instanceof Uint8Array) {
    return Buffer.from(item[1]).toString('hex');
  }
  return scriptHex.toLowerCase();
}
