import type { PrismaClient } from '@frostline/db';
import { blake2b256, bytesToHex } from '@frostline/model';
import {
  BLOCKFROST_ERROR_CODES,
  fetchOffChain,
  OffChainFetchError,
  type OffChainFetchOptions,
} from './off-chain-fetch.js';

/**
 * The document of a governance anchor (CIP-119 DRep metadata, CIP-108 proposal metadata): the URL and the
 * blake2b-256 of its bytes a certificate or proposal names. db-sync's off-chain vote fetcher allows documents
 * of up to 3 MB; we add few redirects and a time limit, so a slow server cannot hold a worker.
 */
export const ANCHOR_LIMITS = {
  maxBytes: 3_000_000,
  maxRedirects: 3,
  connectTimeoutMs: 3000,
  totalTimeoutMs: 10_000,
} as const;

export type AnchorFetchOptions = Omit<OffChainFetchOptions, keyof typeof ANCHOR_LIMITS> &
  Partial<OffChainFetchOptions>;

/** Blockfrost's codes of a failed anchor fetch (`error.code` of the metadata paths). */
export type AnchorErrorCode =
  | 'HASH_MISMATCH'
  | 'CONNECTION_ERROR'
  | 'HTTP_RESPONSE_ERROR'
  | 'DECODE_ERROR'
  | 'SIZE_EXCEEDED'
  | 'UNKNOWN_ERROR';

export type AnchorDocument =
  { bytes: Buffer; json: object } | { error: { code: AnchorErrorCode; message: string } };

/**
 * Fetches the anchor's URL and checks the bytes: their blake2b-256 must be the anchor's hash (hex) and they
 * must be a JSON object (CIP-100 documents are JSON-LD objects). Every failure is an answer, never a throw.
 */
export async function fetchAnchor(
  url: string,
  hash: string,
  options: AnchorFetchOptions,
): Promise<AnchorDocument> {
  let body: Buffer;
  try {
    body = (await fetchOffChain(url, { ...ANCHOR_LIMITS, ...options })).body;
  } catch (error) {
    if (!(error instanceof OffChainFetchError)) throw error;
    return { error: { code: BLOCKFROST_ERROR_CODES[error.reason], message: `${url}: ${error.message}` } };
  }
  const actual = bytesToHex(blake2b256(body));
  if (actual !== hash.toLowerCase()) {
    return { error: { code: 'HASH_MISMATCH', message: `Hash mismatch: expected ${hash}, got ${actual}` } };
  }
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { error: { code: 'DECODE_ERROR', message: `${url}: the document is not JSON` } };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { error: { code: 'DECODE_ERROR', message: `${url}: the document is not a JSON object` } };
  }
  return { bytes: body, json };
}

/**
 * Fetches the anchor and stores the answer in governance_anchor (per URL and hash). A failure is recorded and
 * keeps a document an earlier fetch stored.
 */
export async function refreshGovernanceAnchor(
  prisma: PrismaClient,
  anchor: { url: string; hash: string },
  options: AnchorFetchOptions,
): Promise<void> {
  const answer = await fetchAnchor(anchor.url, anchor.hash, options);
  const attemptedAt = new Date();
  const update =
    'error' in answer
      ? { errorCode: answer.error.code, errorMessage: answer.error.message, attemptedAt }
      : {
          bytes: new Uint8Array(answer.bytes),
          json: answer.json,
          errorCode: null,
          errorMessage: null,
          attemptedAt,
        };
  const key = { url: anchor.url, hash: new Uint8Array(Buffer.from(anchor.hash, 'hex')) };
  await prisma.governanceAnchor.upsert({
    where: { url_hash: key },
    create: { ...key, ...update },
    update,
  });
}

/**
 * The anchors of DRep certificates and proposals no fetch has stored a document for yet (never attempted, or
 * failed), in URL order.
 */
export async function pendingGovernanceAnchors(
  prisma: PrismaClient,
  limit: number,
): Promise<{ url: string; hash: string }[]> {
  return prisma.$queryRawUnsafe<{ url: string; hash: string }[]>(
    `WITH named AS (
       SELECT anchor_url, anchor_hash FROM drep_registration WHERE anchor_url IS NOT NULL
       UNION
       SELECT anchor_url, anchor_hash FROM gov_action_proposal
     )
     SELECT n.anchor_url AS url, encode(n.anchor_hash, 'hex') AS hash
     FROM named n
     LEFT JOIN governance_anchor a ON a.url = n.anchor_url AND a.hash = n.anchor_hash
     WHERE a.bytes IS NULL
     ORDER BY n.anchor_url, n.anchor_hash
     LIMIT $1`,
    limit,
  );
}
