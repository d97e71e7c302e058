import { createHash } from 'node:crypto';
import type { PrismaClient } from '@frostline/db';
import {
  nutlinkRegistration,
  type DecodedBlock,
  type MetadataJson,
  type NutlinkRegistration,
} from '@frostline/model';
import { registersOracle } from '../project/nutlink.js';
import { fetchOffChain, OffChainFetchError, type OffChainFetchOptions } from './off-chain-fetch.js';

/**
 * RYO fetches an oracle's metadata on every request, with a 5-second timeout and a 100 kB limit, and shows what
 * it got when that is a JSON object, whatever its hash. We fetch it in a job under the same limits (and few
 * redirects) and keep the last object fetched, so a request never waits for another server.
 */
export const NUTLINK_METADATA_LIMITS = {
  maxBytes: 100_000,
  maxRedirects: 3,
  connectTimeoutMs: 3000,
  totalTimeoutMs: 5000,
} as const;

export type NutlinkFetchOptions = Omit<OffChainFetchOptions, keyof typeof NUTLINK_METADATA_LIMITS> &
  Partial<OffChainFetchOptions>;

/** The registrations (URL and hash, as GET /nutlink/{address} shows them) that these blocks index. */
export function nutlinkRegistrationsIn(blocks: DecodedBlock[]): NutlinkRegistration[] {
  const found = new Map<string, NutlinkRegistration>();
  for (const block of blocks)
    for (const tx of block.transactions) {
      const json = registersOracle(tx);
      if (json === undefined) continue;
      const registration = nutlinkRegistration(json);
      found.set(registrationKey(registration), registration);
    }
  return [...found.values()];
}

/** One job per URL and hash: BullMQ drops a duplicate queued while the first one waits. */
export function registrationKey({ metadataUrl, metadataHash }: NutlinkRegistration): string {
  return `${metadataHash} ${metadataUrl}`;
}

/**
 * Fetches the registration's URL and stores the JSON object it answers, with whether its SHA-256 is the
 * registered hash. A failed fetch (refused, unreachable, too slow or large, not a JSON object) is recorded and
 * keeps the object an earlier fetch stored: the periodic refresh tries again. A registration without a URL
 * has nothing to fetch.
 */
export async function refreshNutlinkMetadata(
  prisma: PrismaClient,
  { metadataUrl: url, metadataHash: hash }: NutlinkRegistration,
  options: NutlinkFetchOptions,
): Promise<void> {
  if (url === '') return;
  const attemptedAt = new Date();
  let answer: { metadata: object; hashMatches: boolean } | { error: string };
  try {
    answer = storedAnswer((await fetchOffChain(url, { ...NUTLINK_METADATA_LIMITS, ...options })).body, hash);
  } catch (error) {
    if (!(error instanceof OffChainFetchError)) throw error;
    answer = { error: error.message };
  }
  const update =
    'error' in answer
      ? { error: answer.error, attemptedAt }
      : { ...answer, error: null, fetchedAt: attemptedAt, attemptedAt };
  await prisma.nutlinkMetadata.upsert({
    where: { url_hash: { url, hash } },
    create: { url, hash, ...update },
    update,
  });
}

function storedAnswer(
  body: Buffer,
  hash: string,
): { metadata: object; hashMatches: boolean } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { error: 'the answer is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { error: 'the answer is not a JSON object' };
  return {
    metadata: parsed,
    hashMatches: createHash('sha256').update(body).digest('hex') === hash.toLowerCase(),
  };
}

/** The registrations GET /nutlink/{address} shows: each oracle address's latest. */
export async function currentNutlinkRegistrations(prisma: PrismaClient): Promise<NutlinkRegistration[]> {
  const rows = await prisma.$queryRawUnsafe<{ json: MetadataJson | null }[]>(
    `SELECT m.json
     FROM (SELECT DISTINCT ON (address_id) tx_id FROM nutlink_registration ORDER BY address_id, tx_id DESC) latest
     JOIN tx_metadata m ON m.tx_id = latest.tx_id AND m.label = 1967`,
  );
  const current = new Map(
    rows.map(({ json }) => nutlinkRegistration(json)).map((r) => [registrationKey(r), r] as const),
  );
  return [...current.values()];
}

/** Deletes the metadata cached for any other URL and hash, so the table holds what the endpoint can show. */
export async function forgetOtherNutlinkMetadata(
  prisma: PrismaClient,
  current: NutlinkRegistration[],
): Promise<void> {
  const keep = new Set(current.map(registrationKey));
  const cached = await prisma.nutlinkMetadata.findMany({ select: { url: true, hash: true } });
  for (const { url, hash } of cached) {
    if (!keep.has(registrationKey({ metadataUrl: url, metadataHash: hash })))
      await prisma.nutlinkMetadata.delete({ where: { url_hash: { url, hash } } });
  }
}
