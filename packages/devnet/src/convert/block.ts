/**
 * Blocks → Ogmios v6 `Block` JSON.
 *
 * Shelley … Conway CDDL: `block = [header, [* transaction_body], [* witness_set],
 * {* index => auxiliary_data}, [* invalid_index]]` (the last element from Alonzo).
 * `header = [header_body, kes_signature]` with a 15-field TPraos header body
 * (Shelley–Alonzo: separate nonce and leader VRFs, inline op cert and version)
 * or a 10-field Praos one (Babbage–Conway).
 */
import type { BlockPraos } from '@cardano-ogmios/schema';
import { MAINNET_BYRON_EPOCH_LENGTH, convertByronBlock } from './byron.js';
import { arraySpans, arrayHead, mapSpans, readUint, type Span } from './cbor.js';
import { type Cbor, blake2b256, bytes, concat, decodeCbor, hex, toNumber } from './codec.js';
import { convertShelleyTransaction } from './transaction.js';
import { ERA_TAGS, type EraName, type OgmiosBlock } from './types.js';

export interface BlockOptions {
  /** Era of a block given without the `[eraTag, block]` wrapping ('byron' = a main block; wrap EBBs). */
  era?: EraName;
  /** Slots per Byron epoch (10·k), which places a Byron block's (epoch, slot in epoch); default mainnet's. */
  byronEpochLength?: number;
}

export function convertBlock(cbor: Uint8Array, opts: BlockOptions = {}): OgmiosBlock {
  const byronEpochLength = opts.byronEpochLength ?? MAINNET_BYRON_EPOCH_LENGTH;
  const top = arraySpans(cbor, 0);
  // A bare block never has two elements; a wrapped one starts with its small era tag.
  if (top.length === 2 && (cbor[top[0]![0]] ?? 0xff) < 24) {
    const tag = readUint(cbor, top[0]![0]);
    const block = cbor.subarray(top[1]![0], top[1]![1]);
    // Byron's own `[0 = EBB | 1 = main, block]` doubles as the hard-fork wrapping.
    if (tag <= 1) return convertByronBlock(tag, block, byronEpochLength);
    return convertPraosBlock(block, ERA_TAGS[tag]!);
  }
  if (opts.era === undefined) throw new Error('convertBlock: an unwrapped block needs opts.era');
  if (opts.era === 'byron') return convertByronBlock(1, cbor, byronEpochLength);
  return convertPraosBlock(cbor, opts.era);
}

function convertPraosBlock(block: Uint8Array, era: EraName): BlockPraos {
  const [headerSpan, bodiesSpan, witnessesSpan, auxSpan, invalidSpan] = arraySpans(block, 0);
  const header = block.subarray(headerSpan![0], headerSpan![1]);
  const [headerBody] = decodeCbor(header) as [Cbor[]];
  const tpraos = headerBody.length === 15;
  const [height, slot, ancestor, issuer, vrfKey] = headerBody;
  const opCert = (tpraos ? headerBody.slice(9, 13) : headerBody[8]) as Cbor[];
  const version = (tpraos ? headerBody.slice(13, 15) : headerBody[9]) as Cbor[];

  const result: BlockPraos = {
    type: 'praos',
    era: era as BlockPraos['era'],
    id: hex(blake2b256(header)),
    ancestor: ancestor === null ? 'genesis' : hex(bytes(ancestor)),
    height: toNumber(height),
    slot: toNumber(slot),
    size: { bytes: toNumber(headerBody[tpraos ? 7 : 6]) },
    protocol: { version: { major: toNumber(version[0]), minor: toNumber(version[1]) } },
    issuer: {
      verificationKey: hex(bytes(issuer)),
      vrfVerificationKey: hex(bytes(vrfKey)),
      operationalCertificate: {
        count: toNumber(opCert[1]),
        sigma: hex(bytes(opCert[3])),
        kes: { period: toNumber(opCert[2]), verificationKey: hex(bytes(opCert[0])) },
      },
      leaderValue: certifiedVrf(headerBody[tpraos ? 6 : 5]),
    },
    transactions: transactions(block, bodiesSpan!, witnessesSpan!, auxSpan!, invalidSpan, era),
  };
  if (tpraos) result.nonce = certifiedVrf(headerBody[5]);
  return result;
}

function certifiedVrf(raw: Cbor): { output: string; proof: string } {
  const [output, proof] = raw as [Cbor, Cbor];
  return { output: hex(bytes(output)), proof: hex(bytes(proof)) };
}

/** Re-assembles each transaction from its original parts, as the ledger's segregated-witness decoder does. */
function transactions(
  block: Uint8Array,
  bodies: Span,
  witnesses: Span,
  aux: Span,
  invalid: Span | undefined,
  era: EraName,
) {
  const witnessSpans = arraySpans(block, witnesses[0]);
  const auxByIndex = new Map(
    mapSpans(block, aux[0]).map(([index, data]) => [readUint(block, index[0]), data]),
  );
  const invalidIndexes = new Set(
    invalid === undefined ? [] : (decodeCbor(block.subarray(...invalid)) as Cbor[]).map(toNumber),
  );
  const NULL = Uint8Array.of(0xf6);
  return arraySpans(block, bodies[0]).map((body, index) => {
    const parts = [block.subarray(...body), block.subarray(...witnessSpans[index]!)];
    if (invalid !== undefined) parts.push(Uint8Array.of(invalidIndexes.has(index) ? 0xf4 : 0xf5));
    const auxData = auxByIndex.get(index);
    parts.push(auxData === undefined ? NULL : block.subarray(...auxData));
    return convertShelleyTransaction(concat([arrayHead(parts.length), ...parts]), era);
  });
}
