import { Decoder } from 'cbor-x';
import { BlockfrostError } from '../errors.js';
import { hexToBytes } from '../hex.js';

const ASCII_HEX = /^(?:[0-9a-fA-F]{2})+$/;
// Maps keep integer keys and byte strings stay bytes; tags (sets, CBOR-in-CBOR) pass through.
const decoder = new Decoder({ mapsAsObjects: false, useRecords: false });

/**
 * The transaction bytes of a `POST /tx/submit` body: raw CBOR, as the spec asks, or its hex text,
 * as some clients send (a transaction's CBOR starts with an array header, never an ASCII hex digit,
 * so the two cannot be confused). Anything that is not one CBOR item shaped like a transaction —
 * `[body, witnesses, is_valid?, auxiliary data]` with a map body — is a 400 and never reaches the node.
 */
export function submittedTransaction(body: Uint8Array): Uint8Array {
  if (body.length === 0)
    throw new BlockfrostError(400, 'The request body is empty: send the transaction CBOR.');
  const text = new TextDecoder().decode(body).trim();
  const bytes = ASCII_HEX.test(text) ? hexToBytes(text) : body;
  let items: unknown[];
  try {
    items = decoder.decodeMultiple(bytes) as unknown[];
  } catch {
    throw new BlockfrostError(400, 'The request body is not CBOR: send the transaction CBOR.');
  }
  const [transaction] = items;
  const isTransaction =
    items.length === 1 &&
    Array.isArray(transaction) &&
    (transaction.length === 3 || transaction.length === 4) &&
    transaction[0] instanceof Map &&
    transaction[1] instanceof Map;
  if (!isTransaction)
    throw new BlockfrostError(400, 'The request body is CBOR but not a transaction: [body, witnesses, …].');
  return bytes;
}
