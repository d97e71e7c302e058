import type { PrismaClient } from '@frostline/db';
import { blake2b256, bytesToHex, decodePoolRegistrations, type DecodedBlock } from '@frostline/model';
import {
  BLOCKFROST_ERROR_CODES,
  fetchOffChain,
  OffChainFetchError,
  type OffChainFetchOptions,
} from './off-chain-fetch.js';

/** A pool registration's metadata reference: its URL and the blake2b-256 (hex) of the file. */
export interface PoolMetadataRef {
  url: string;
  hash: string;
}

/** CIP-6 caps a pool's metadata file at 512 bytes, as db-sync enforces; the times are those of nut.link's job. */
export const POOL_METADATA_LIMITS = {
  maxBytes: 512,
  maxRedirects: 3,
  connectTimeoutMs: 3000,
  totalTimeoutMs: 5000,
} as const;

export type PoolMetadataFetchOptions = Omit<OffChainFetchOptions, keyof typeof POOL_METADATA_LIMITS> &
  Partial<OffChainFetchOptions>;

/** The metadata references of the pool registrations these blocks index. */
export function poolMetadataRefsIn(blocks: DecodedBlock[]): PoolMetadataRef[] {
  const found = new Map<string, PoolMetadataRef>();
  for (const block of blocks)
    for (const tx of block.transactions)
      for (const cert of tx.certificates)
        if (cert.kind === 'poolRegistration' && cert.metadata !== null)
          found.set(poolMetadataKey(cert.metadata), cert.metadata);
  return [...found.values()];
}

/** One job per URL and hash: BullMQ drops a duplicate queued while the first one waits. */
export function poolMetadataKey({ url, hash }: PoolMetadataRef): string {
  return `${hash} ${url}`;
}

/**
 * Fetches the reference's URL and stores the JSON object it answers when the blake2b-256 of the bytes is the
 * registered hash, as db-sync keeps only such files. A failed fetch, a mismatched hash or a file that is no
 * JSON object is recorded with Blockfrost's error code and keeps what an earlier fetch stored: the periodic
 * refresh tries again.
 */
export async function refreshPoolMetadata(
  prisma: PrismaClient,
  { url, hash }: PoolMetadataRef,
  options: PoolMetadataFetchOptions,
): Promise<void> {
  const attemptedAt = new Date();
  let answer: { metadata: object } | { errorCode: string; error: string };
  try {
    answer = checked((await fetchOffChain(url, { ...POOL_METADATA_LIMITS, ...options })).body, hash);
  } catch (error) {
    if (!(error instanceof OffChainFetchError)) throw error;
    answer = { errorCode: BLOCKFROST_ERROR_CODES[error.reason], error: error.message };
  }
  const update =
    'error' in answer
      ? { ...answer, attemptedAt }
      : { ...answer, errorCode: null, error: null, fetchedAt: attemptedAt, attemptedAt };
  await prisma.poolMetadata.upsert({
    where: { url_hash: { url, hash } },
    create: { url, hash, ...update },
    update,
  });
}

function checked(body: Buffer, hash: string): { metadata: object } | { errorCode: string; error: string } {
  const digest = bytesToHex(blake2b256(body));
  if (digest !== hash.toLowerCase())
    return { errorCode: 'HASH_MISMATCH', error: `the file's blake2b-256 is ${digest}, not ${hash}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { errorCode: 'DECODE_ERROR', error: 'the file is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { errorCode: 'DECODE_ERROR', error: 'the file is not a JSON object' };
  return { metadata: parsed };
}

/** The metadata references of every pool's newest registration, decoded from their transactions. */
export async function currentPoolMetadataRefs(prisma: PrismaClient): Promise<PoolMetadataRef[]> {
  const rows = await prisma.$queryRawUnsafe<{ cbor: Uint8Array; cert_index: number }[]>(
    `SELECT c.bytes AS cbor, r.cert_index
     FROM (SELECT DISTINCT ON (pool_hash) tx_id, cert_index FROM pool_registration
           ORDER BY pool_hash, tx_id DESC, cert_index DESC) r
     JOIN tx_cbor c ON c.tx_id = r.tx_id`,
  );
  const found = new Map<string, PoolMetadataRef>();
  for (const row of rows) {
    const cert = decodePoolRegistrations(row.cbor).find((c) => c.index === row.cert_index);
    if (cert?.metadata) found.set(poolMetadataKey(cert.metadata), cert.metadata);
  }
  return [...found.values()];
}
