import type { BlockPraos } from '@cardano-ogmios/schema';
import type { OgmiosTransaction } from '../convert/index.js';
import { blake2b256, toHex, type KeyPair } from './keys.js';
import type { Random } from './random.js';
import type { BuiltTx } from './tx.js';

/** A block producer: a stake pool's cold key with its VRF and KES keys. */
export interface Producer {
  cold: KeyPair;
  vrfVerificationKey: Uint8Array;
  kesVerificationKey: Uint8Array;
}

export interface BlockInput {
  era: 'babbage' | 'conway';
  ancestor: string;
  height: number;
  slot: number;
  producer: Producer;
  slotsPerKesPeriod: number;
  transactions: { built: BuiltTx; json: OgmiosTransaction }[];
  random: Random;
}

/** Protocol versions announced in headers: Babbage (Vasil) 8.0, Conway (Plomin) 10.0. */
const PROTOCOL = { babbage: { major: 8, minor: 0 }, conway: { major: 10, minor: 0 } } as const;

/**
 * An Ogmios v6 Praos block, laid out like convert/block.ts lays out a real one. There is no real header
 * to hash, so the id is blake2b-256 over the fields that identify the block (ancestor, slot, height,
 * issuer, VRF output, transaction ids); the VRF output is random, so two branches never share an id.
 */
export function praosBlock(input: BlockInput): BlockPraos {
  const { random, producer } = input;
  const vrfOutput = random.bytes(64);
  const idSource = [
    new TextEncoder().encode(`${input.ancestor}/${input.slot}/${input.height}/`),
    producer.cold.publicKey.as_bytes(),
    vrfOutput,
    ...input.transactions.map(({ built }) => Buffer.from(built.id, 'hex')),
  ];
  const id = toHex(blake2b256(Buffer.concat(idSource)));
  return {
    type: 'praos',
    era: input.era,
    id,
    ancestor: input.ancestor,
    height: input.height,
    slot: input.slot,
    size: { bytes: bodySize(input.transactions.map(({ built }) => built)) },
    protocol: { version: { ...PROTOCOL[input.era] } },
    issuer: {
      verificationKey: toHex(producer.cold.publicKey.as_bytes()),
      vrfVerificationKey: toHex(producer.vrfVerificationKey),
      operationalCertificate: {
        count: 0,
        sigma: toHex(random.bytes(64)),
        kes: {
          period: Math.floor(input.slot / input.slotsPerKesPeriod),
          verificationKey: toHex(producer.kesVerificationKey),
        },
      },
      leaderValue: { output: toHex(vrfOutput), proof: toHex(random.bytes(80)) },
    },
    transactions: input.transactions.map(({ json }) => json),
  };
}

/**
 * Praos `size.bytes` is the block body size: the four segregated parts (bodies, witness sets, auxiliary
 * data by index, invalid indexes) as the block stores them.
 */
export function bodySize(transactions: BuiltTx[]): number {
  let size = cborHeadLength(transactions.length) * 2;
  const withAuxiliary = transactions.filter((tx) => tx.parts.auxiliary > 0).length;
  size += cborHeadLength(withAuxiliary);
  let invalid = 0;
  transactions.forEach((tx, index) => {
    size += tx.parts.body + tx.parts.witnesses;
    if (tx.parts.auxiliary > 0) size += cborHeadLength(index) + tx.parts.auxiliary;
    if (!tx.valid) {
      invalid += 1;
      size += cborHeadLength(index);
    }
  });
  return size + cborHeadLength(invalid);
}

/** Bytes of a CBOR head (major type + argument) for `n`. */
function cborHeadLength(n: number): number {
  return n < 24 ? 1 : n < 0x100 ? 2 : n < 0x1_0000 ? 3 : n < 0x1_0000_0000 ? 5 : 9;
}
