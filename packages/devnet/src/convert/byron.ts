/**
 * Byron blocks and transactions, decoded by hand with cbor-x because CSL does
 * not parse Byron blocks. CDDL followed (cardano-ledger `byron.cddl`):
 *
 *   block      = [0, ebb] / [1, main]                 ; also the HFC era tag
 *   ebb        = [ebb_header, [* stakeholder_id], extra]
 *   ebb_header = [magic, prev_hash, body_proof, [epoch, [difficulty]], attributes]
 *   main       = [header, body, extra]
 *   header     = [magic, prev_hash, body_proof, consensus, extra_data]
 *   consensus  = [[epoch, slot_in_epoch], pubkey, [difficulty], block_signature]
 *   block_signature = [2, [[epoch, issuer_pk, delegate_pk, cert_sig], sig]]   ; heavyweight
 *   extra_data = [[major, minor, alt], [app_name, number], attributes, extra_proof]
 *   body       = [[* [tx, [* twit]]], ssc_payload, [* dlg_cert], update_payload]
 *   tx         = [[* [0, #6.24(bytes .cbor [tx_id, u32])]], [* [address, u64]], attributes]
 *   address    = [#6.24(bytes), crc32]
 *   twit       = [0 / 2, #6.24(bytes .cbor [xpub, signature])] / [1, #6.24(bytes .cbor [redeem_pk, sig])]
 *
 * Ids: block = blake2b-256 of `[0|1, header]`, transaction = blake2b-256 of `tx` as given.
 */
import type { BlockBFT, BlockEBB, Transaction } from '@cardano-ogmios/schema';
import bs58 from 'bs58';
import { Encoder } from 'cbor-x';
import { arrayHead, arraySpans, type Span } from './cbor.js';
import { type Cbor, Tag, blake2b256, bytes, decodeCbor, hex, toNumber } from './codec.js';
import { value } from './value.js';

// Byron epochs are 10·k slots; k = 2160 on every network with a Byron era (mainnet, preprod).
const SLOTS_PER_EPOCH = 21600;
const encoder = new Encoder({ useRecords: false, tagUint8Array: false });

export function convertByronBlock(tag: number, block: Uint8Array): BlockEBB | BlockBFT {
  const [headerSpan, bodySpan] = arraySpans(block, 0);
  const header = block.subarray(headerSpan![0], headerSpan![1]);
  const id = hex(blake2b256(concat([arrayHead(2), Uint8Array.of(tag), header])));
  const [magic, ancestor, , consensus, extra] = decodeCbor(header) as Cbor[];
  if (tag === 0) {
    const [, [difficulty]] = consensus as [Cbor, [Cbor]];
    return { type: 'ebb', era: 'byron', id, ancestor: hex(bytes(ancestor)), height: toNumber(difficulty) };
  }
  const [[epoch, slotInEpoch], , [difficulty], signature] = consensus as [[Cbor, Cbor], Cbor, [Cbor], [number, Cbor]];
  const [[, issuer, delegate]] = signature[1] as [[Cbor, Cbor, Cbor]];
  const [[major, minor, patch], [appName, number]] = extra as [[Cbor, Cbor, Cbor], [string, Cbor]];
  const [payloadSpan, , delegationSpan] = arraySpans(block, bodySpan![0]);
  const certificates = decodeCbor(block.subarray(...delegationSpan!)) as Cbor[][];
  return {
    type: 'bft',
    era: 'byron',
    id,
    ancestor: hex(bytes(ancestor)),
    height: toNumber(difficulty),
    slot: toNumber(epoch) * SLOTS_PER_EPOCH + toNumber(slotInEpoch),
    size: { bytes: block.length },
    transactions: arraySpans(block, payloadSpan![0]).map((txAux) => byronTransaction(block, txAux)),
    operationalCertificates: certificates.map(([, issuerKey, delegateKey]) => ({
      issuer: { verificationKey: hex(bytes(issuerKey)) },
      delegate: { verificationKey: hex(bytes(delegateKey)) },
    })),
    protocol: {
      id: toNumber(magic),
      version: { major: toNumber(major), minor: toNumber(minor), patch: toNumber(patch) },
      software: { appName, number: toNumber(number) },
    },
    issuer: { verificationKey: hex(bytes(issuer)) },
    delegate: { verificationKey: hex(bytes(delegate)) },
  };
}

/** `[tx, [* twit]]` (a Byron `TxAux`, also the layout of a standalone Byron transaction). */
export function byronTransaction(source: Uint8Array, txAux: Span): Transaction {
  const [txSpan, witnessSpan] = arraySpans(source, txAux[0]);
  const tx = source.subarray(txSpan![0], txSpan![1]);
  const [txInputs] = decodeCbor(tx) as [Cbor[]];
  const [, outputsSpan] = arraySpans(tx, 0);
  return {
    id: hex(blake2b256(tx)),
    spends: 'inputs',
    inputs: txInputs.map((input) => {
      const [txId, index] = decodeCbor(embedded((input as Cbor[])[1])) as [Cbor, Cbor];
      return { transaction: { id: hex(bytes(txId)) }, index: toNumber(index) };
    }),
    outputs: arraySpans(tx, outputsSpan![0]).map(([start, end]) => {
      const [address, amount] = decodeCbor(tx.subarray(start, end)) as [Cbor, Cbor];
      // The address is base58 of its CBOR `[#6.24(bytes), crc]`, re-encoded exactly as it was decoded.
      return { address: bs58.encode(encoder.encode(address)), value: value(amount) };
    }),
    signatories: (decodeCbor(source.subarray(...witnessSpan!)) as [number, Cbor][]).map(([, payload]) => {
      const [xpub, signature] = decodeCbor(embedded(payload)) as [Cbor, Cbor];
      const key = bytes(xpub);
      return { key: hex(key.subarray(0, 32)), chainCode: hex(key.subarray(32)), signature: hex(bytes(signature)) };
    }),
    cbor: hex(source.subarray(txAux[0], txAux[1])),
  };
}

function embedded(raw: Cbor): Uint8Array {
  if (raw instanceof Tag && raw.tag === 24) return bytes(raw.value);
  throw new Error('expected tag 24 (embedded CBOR)');
}

function concat(chunks: Uint8Array[]): Uint8Array {
  return new Uint8Array(chunks.flatMap((chunk) => [...chunk]));
}
