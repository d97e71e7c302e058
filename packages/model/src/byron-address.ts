import bs58 from 'bs58';
import { Tag, decode } from 'cbor-x';
import { crc32 } from 'node:zlib';

const CBOR_IN_CBOR_TAG = 24;
const ADDRESS_ROOT_BYTES = 28;

/**
 * True for a well-formed Byron address (`Ae2…`, `DdzFF…`, …) of any network: base58 of
 * CBOR `[tag24(payload), crc32(payload)]` whose payload is `[root, attributes, type]`.
 * The protocol magic is not checked, matching Blockfrost.
 */
export function isValidByronAddress(text: string): boolean {
  try {
    const outer: unknown = decode(bs58.decode(text));
    if (!Array.isArray(outer) || outer.length !== 2) return false;
    const [wrapped, checksum] = outer as unknown[];
    if (!(wrapped instanceof Tag) || wrapped.tag !== CBOR_IN_CBOR_TAG) return false;
    const payload = wrapped.value;
    if (!(payload instanceof Uint8Array) || crc32(payload) !== checksum) return false;
    const inner: unknown = decode(payload);
    return (
      Array.isArray(inner) &&
      inner.length === 3 &&
      inner[0] instanceof Uint8Array &&
      inner[0].length === ADDRESS_ROOT_BYTES &&
      Number.isInteger(inner[2])
    );
  } catch {
    // bs58 and cbor-x throw on malformed input; that is simply "not a Byron address".
    return false;
  }
}
