import { createPublicKey, verify } from 'node:crypto';
import { blake2b } from '@noble/hashes/blake2.js';
import { Decoder, Encoder, type Tag } from 'cbor-x';
import { arraySpans } from '../../convert/cbor.js';

/**
 * Checks a Byron block the way the Byron ledger does, independently of the generator's encoder: the
 * body proof (transaction Merkle root, witnesses, delegation and update payloads, extra body; the SSC
 * proof is left out), the delegate's block signature, the genesis key's delegation certificate and
 * every transaction witness. Returns what failed; the tests run it on real mainnet blocks too.
 */
export function byronBlockProblems(wrapped: Uint8Array): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => ok || problems.push(what);
  const [tagSpan, blockSpan] = arraySpans(wrapped, 0);
  const tag = decoder.decode(wrapped.subarray(...tagSpan!)) as number;
  const block = wrapped.subarray(...blockSpan!);
  const [headerSpan, bodySpan, extraSpan] = arraySpans(block, 0);
  const header = block.subarray(...headerSpan!);
  const [magicSpan, previousSpan, proofSpan, consensusSpan, extraDataSpan] = arraySpans(header, 0);
  const magic = decoder.decode(header.subarray(...magicSpan!)) as number;
  if (tag === 0) {
    check(
      equal(decoder.decode(header.subarray(...proofSpan!)), hash(block.subarray(...bodySpan!))),
      'EBB body proof',
    );
    return problems;
  }
  const [[txCount, merkleRoot, witnessesHash], , delegationProof, updateProof] = decoder.decode(
    header.subarray(...proofSpan!),
  ) as [[number, Uint8Array, Uint8Array], unknown, Uint8Array, Uint8Array];
  const [payloadSpan, , delegationSpan, updateSpan] = arraySpans(block, bodySpan![0]);
  const txAuxes = arraySpans(block, payloadSpan![0]).map((span) => arraySpans(block, span[0]));
  const txs = txAuxes.map(([txSpan]) => block.subarray(...txSpan!));
  const witnesses = txAuxes.map(([, witnessSpan]) => block.subarray(...witnessSpan!));
  check(txCount === txs.length, 'transaction count');
  check(equal(merkleRoot, merkle(txs)), 'transaction Merkle root');
  check(
    equal(witnessesHash, hash(Buffer.concat([Uint8Array.of(0x9f), ...witnesses, Uint8Array.of(0xff)]))),
    'witnesses hash',
  );
  check(equal(delegationProof, hash(block.subarray(...delegationSpan!))), 'delegation proof');
  check(equal(updateProof, hash(block.subarray(...updateSpan!))), 'update proof');
  const extraData = decoder.decode(header.subarray(...extraDataSpan!)) as unknown[];
  check(equal(extraData[3] as Uint8Array, hash(block.subarray(...extraSpan!))), 'extra body proof');

  const [slotSpan, , difficultySpan, signatureSpan] = arraySpans(header, consensusSpan![0]);
  const [, [[epoch, issuer, delegate, certificate], signature]] = decoder.decode(
    header.subarray(...signatureSpan!),
  ) as [number, [[number, Uint8Array, Uint8Array, Uint8Array], Uint8Array]];
  const toSign = Buffer.concat([
    Uint8Array.of(0x85),
    ...[previousSpan, proofSpan, slotSpan, difficultySpan, extraDataSpan].map((span) =>
      header.subarray(...span!),
    ),
  ]);
  const signed = Buffer.concat([
    Buffer.from('01'),
    issuer,
    Uint8Array.of(0x09),
    encoder.encode(magic),
    toSign,
  ]);
  check(verifies(delegate, signed, signature), 'block signature');
  const certified = Buffer.concat([Buffer.from('00'), delegate, encoder.encode(epoch)]);
  check(
    verifies(
      issuer,
      Buffer.concat([Uint8Array.of(0x0a), encoder.encode(magic), encoder.encode(certified)]),
      certificate,
    ),
    'delegation certificate',
  );
  txs.forEach((tx, i) => {
    const sigData = encoder.encode(hash(tx));
    for (const [type, payload] of decoder.decode(witnesses[i]!) as [number, Tag][]) {
      const [key, txSignature] = decoder.decode(payload.value as Uint8Array) as [Uint8Array, Uint8Array];
      const message = Buffer.concat([
        Uint8Array.of(type === 2 ? 0x02 : 0x01),
        encoder.encode(magic),
        sigData,
      ]);
      check(verifies(key, message, txSignature), `witness of transaction ${i}`);
    }
  });
  return problems;
}

/** The Byron ledger's signature of a heavyweight delegation certificate (genesis files hold them too). */
export function certificateVerifies(
  magic: number,
  issuer: Uint8Array,
  delegate: Uint8Array,
  signature: Uint8Array,
) {
  const certified = Buffer.concat([Buffer.from('00'), delegate, encoder.encode(0)]);
  return verifies(
    issuer,
    Buffer.concat([Uint8Array.of(0x0a), encoder.encode(magic), encoder.encode(certified)]),
    signature,
  );
}

const decoder = new Decoder({ mapsAsObjects: false, useRecords: false });
const encoder = new Encoder({ useRecords: false, tagUint8Array: false, mapsAsObjects: false });
const hash = (bytes: Uint8Array) => blake2b(bytes, { dkLen: 32 });
const equal = (a: unknown, b: Uint8Array) => a instanceof Uint8Array && Buffer.compare(a, b) === 0;

/** Ed25519 verification with the public key half of an xpub (or a plain 32-byte key). */
function verifies(key: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const x = Buffer.from(key.subarray(0, 32)).toString('base64url');
  return verify(
    null,
    message,
    createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' }),
    signature,
  );
}

function merkle(leaves: Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return hash(new Uint8Array());
  if (leaves.length === 1) return hash(Buffer.concat([Uint8Array.of(0), leaves[0]!]));
  let split = 1;
  while (split * 2 < leaves.length) split *= 2;
  return hash(Buffer.concat([Uint8Array.of(1), merkle(leaves.slice(0, split)), merkle(leaves.slice(split))]));
}
