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
 *   update_payload = [[? proposal], [* [voter_pk, proposal_id, decision, sig]]]
 *   proposal   = [[major, minor, alt], bvermod, [app_name, number], system_tags, metadata, issuer_pk, sig]
 *   bvermod    = 14 optional fields, each `[]` or `[value]` (see BLOCK_VERSION_MODIFIERS)
 *   tx         = [[* [0, #6.24(bytes .cbor [tx_id, u32])]], [* [address, u64]], attributes]
 *   address    = [#6.24(bytes), crc32]
 *   twit       = [0, #6.24(bytes .cbor [xpub, signature])] / [2, #6.24(bytes .cbor [redeem_pk, signature])]
 *                ; 0 = key witness, 2 = AVVM redemption (1, script witnesses, never appeared)
 *
 * Ids: block = blake2b-256 of `[0|1, header]`, transaction = blake2b-256 of `tx` as given.
 */
import type { BlockBFT, BlockEBB, BootstrapProtocolUpdate, Transaction } from '@cardano-ogmios/schema';
import bs58 from 'bs58';
import { Encoder } from 'cbor-x';
import { arrayHead, arraySpans, type Span } from './cbor.js';
import {
  type Cbor,
  Tag,
  blake2b256,
  bytes,
  concat,
  decodeCbor,
  hex,
  map,
  ratio,
  toBigInt,
  toNumber,
} from './codec.js';
import { coin, value } from './value.js';

/** Byron epochs are 10·k slots: 21600 on mainnet and preprod (k = 2160). */
export const MAINNET_BYRON_EPOCH_LENGTH = 21600;
const encoder = new Encoder({ useRecords: false, tagUint8Array: false });

export function convertByronBlock(tag: number, block: Uint8Array, epochLength: number): BlockEBB | BlockBFT {
  const [headerSpan, bodySpan] = arraySpans(block, 0);
  const header = block.subarray(headerSpan![0], headerSpan![1]);
  const id = hex(blake2b256(concat([arrayHead(2), Uint8Array.of(tag), header])));
  const [magic, ancestor, , consensus, extra] = decodeCbor(header) as Cbor[];
  if (tag === 0) {
    const [, [difficulty]] = consensus as [Cbor, [Cbor]];
    return { type: 'ebb', era: 'byron', id, ancestor: hex(bytes(ancestor)), height: toNumber(difficulty) };
  }
  const [[epoch, slotInEpoch], , [difficulty], signature] = consensus as [
    [Cbor, Cbor],
    Cbor,
    [Cbor],
    [number, Cbor],
  ];
  const [[, issuer, delegate]] = signature[1] as [[Cbor, Cbor, Cbor]];
  const [[major, minor, patch], [appName, number]] = extra as [[Cbor, Cbor, Cbor], [string, Cbor]];
  const [payloadSpan, , delegationSpan, updateSpan] = arraySpans(block, bodySpan![0]);
  const certificates = decodeCbor(block.subarray(...delegationSpan!)) as Cbor[][];
  const update = protocolUpdate(decodeCbor(block.subarray(...updateSpan!)) as [Cbor[][], Cbor[][]]);
  return {
    type: 'bft',
    era: 'byron',
    id,
    ancestor: hex(bytes(ancestor)),
    height: toNumber(difficulty),
    slot: toNumber(epoch) * epochLength + toNumber(slotInEpoch),
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
      ...(update === undefined ? {} : { update }),
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
    signatories: (decodeCbor(source.subarray(...witnessSpan!)) as [number, Cbor][]).map(([type, payload]) => {
      const [xpub, signature] = decodeCbor(embedded(payload)) as [Cbor, Cbor];
      const key = bytes(xpub);
      // An AVVM redemption (type 2) is signed by a plain 32-byte key: no chain code.
      return {
        key: hex(key.subarray(0, 32)),
        ...(type === 2 ? {} : { chainCode: hex(key.subarray(32)) }),
        signature: hex(bytes(signature)),
      };
    }),
    cbor: hex(source.subarray(txAux[0], txAux[1])),
  };
}

// Byron thresholds are "lovelace portions": fixed-point fractions with 10^15 as one.
const portion = (raw: Cbor) => ratio([raw, 10n ** 15n]);
const byteCount = (raw: Cbor) => ({ bytes: toNumber(raw) });

/** `bvermod` field position → Ogmios `BootstrapProtocolParameters` entries. */
const BLOCK_VERSION_MODIFIERS: ((raw: Cbor) => Record<string, unknown>)[] = [
  (raw) => ({ scriptVersion: toNumber(raw) }),
  (raw) => ({ slotDuration: toNumber(raw) }),
  (raw) => ({ maxBlockBodySize: byteCount(raw) }),
  (raw) => ({ maxBlockHeaderSize: byteCount(raw) }),
  (raw) => ({ maxTransactionSize: byteCount(raw) }),
  (raw) => ({ maxUpdateProposalSize: byteCount(raw) }),
  (raw) => ({ multiPartyComputationThreshold: portion(raw) }),
  (raw) => ({ heavyDelegationThreshold: portion(raw) }),
  (raw) => ({ updateVoteThreshold: portion(raw) }),
  (raw) => ({ updateProposalThreshold: portion(raw) }),
  (raw) => ({ updateProposalTimeToLive: toNumber(raw) }),
  (raw) => {
    const [init, min, decrement] = raw as Cbor[];
    return {
      softForkInitThreshold: portion(init),
      softForkMinThreshold: portion(min),
      softForkDecrementThreshold: portion(decrement),
    };
  },
  // `[0, #6.24([summand, multiplier])]`, both fixed-point with 10^9 as one lovelace (unverified against Ogmios).
  (raw) => {
    const [summand, multiplier] = decodeCbor(embedded((raw as Cbor[])[1])) as [Cbor, Cbor];
    return {
      minFeeConstant: coin(toBigInt(summand) / 10n ** 9n),
      minFeeCoefficient: Number(toBigInt(multiplier) / 10n ** 9n),
    };
  },
  (raw) => ({ unlockStakeEpoch: toNumber(raw) }),
];

function protocolUpdate([proposals, votes]: [Cbor[][], Cbor[][]]): BootstrapProtocolUpdate | undefined {
  if (proposals.length === 0 && votes.length === 0) return undefined;
  const proposal = proposals[0];
  return {
    ...(proposal === undefined ? {} : { proposal: updateProposal(proposal) }),
    votes: votes.map(([voter, proposalId]) => ({
      voter: { verificationKey: hex(bytes(voter)) },
      proposal: { id: hex(bytes(proposalId)) },
    })),
  };
}

function updateProposal([version, modifiers, software, , metadata]: Cbor[]) {
  const [major, minor, patch] = version as Cbor[];
  const [appName, number] = software as [string, Cbor];
  const parameters = Object.assign(
    {},
    ...(modifiers as Cbor[][]).map((field, i) =>
      field.length === 0 ? {} : BLOCK_VERSION_MODIFIERS[i]!(field[0]),
    ),
  );
  return {
    version: { major: toNumber(major), minor: toNumber(minor), patch: toNumber(patch) },
    software: { appName, number: toNumber(number) },
    parameters,
    metadata: Object.fromEntries([...map(metadata)].map(([tag, hash]) => [String(tag), hex(bytes(hash))])),
  };
}

function embedded(raw: Cbor): Uint8Array {
  if (raw instanceof Tag && raw.tag === 24) return bytes(raw.value);
  throw new Error('expected tag 24 (embedded CBOR)');
}
