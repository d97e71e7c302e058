import type { PrismaClient } from '@frostline/db';

/**
 * The `metadata` object of GET /assets/{asset}, as RYO maps a registry entry
 * (docs/semantics.md#assets-the-token-registry).
 */
export interface TokenMetadata {
  name: string;
  description: string;
  ticker: string | null;
  url: string | null;
  logo: string | null;
  decimals: number | null;
}

/** A registry failure that must be retried, never turned into "no metadata". */
export class RegistryUnavailableError extends Error {}

type Property = { value?: unknown } | undefined;
const value = (property: Property) => (property && 'value' in property ? property.value : undefined);

/** Maps one CIP-26 entry; null when it lacks name or description (RYO: "invalid format" → no metadata). */
export function tokenMetadataFromEntry(entry: Record<string, unknown>): TokenMetadata | null {
  const name = value(entry.name as Property);
  const description = value(entry.description as Property);
  if (typeof name !== 'string' || typeof description !== 'string') return null;
  const optionalString = (key: string) => {
    const v = value(entry[key] as Property);
    return typeof v === 'string' ? v : null;
  };
  const decimals = value(entry.decimals as Property);
  return {
    name,
    description,
    ticker: optionalString('ticker'),
    url: optionalString('url'),
    logo: optionalString('logo'),
    decimals: typeof decimals === 'number' && Number.isInteger(decimals) ? decimals : null,
  };
}

const USER_AGENT = 'frostline-indexer';
const TIMEOUT_MS = 10_000;

/**
 * GET {registry}/metadata/{subject}. Both 404 (IOG's server) and 204 (the Cardano Foundation's)
 * mean "no entry"; any other failure throws RegistryUnavailableError so the job is retried.
 */
export async function fetchTokenMetadata(registry: URL, subject: string): Promise<TokenMetadata | null> {
  let response: Response;
  try {
    response = await fetch(new URL(`metadata/${subject}`, withSlash(registry)), {
      headers: { 'user-agent': USER_AGENT, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new RegistryUnavailableError(`token registry unreachable: ${(error as Error).message}`);
  }
  if (response.status === 404 || response.status === 204) return null;
  if (!response.ok)
    throw new RegistryUnavailableError(`token registry answered ${response.status} for ${subject}`);
  const text = await response.text();
  if (!text.trim()) return null;
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    throw new RegistryUnavailableError(`token registry sent invalid JSON for ${subject}`);
  }
  return typeof entry === 'object' && entry !== null
    ? tokenMetadataFromEntry(entry as Record<string, unknown>)
    : null;
}

function withSlash(url: URL): URL {
  return url.pathname.endsWith('/') ? url : new URL(`${url.pathname}/`, url);
}

/** Stores or clears one subject's entry; a subject no longer in the registry loses its metadata. */
export async function saveTokenMetadata(
  prisma: PrismaClient,
  subject: string,
  metadata: TokenMetadata | null,
): Promise<void> {
  if (metadata === null) {
    await prisma.tokenMetadata.deleteMany({ where: { subject } });
    return;
  }
  await prisma.tokenMetadata.upsert({
    where: { subject },
    create: { subject, ...metadata },
    update: { ...metadata, updatedAt: new Date() },
  });
}

/** Every asset unit we know, in id order, a page at a time (for the periodic refresh). */
export async function* allAssetSubjects(prisma: PrismaClient, pageSize = 1000): AsyncGenerator<string[]> {
  let after = 0n;
  for (;;) {
    const page = await prisma.$queryRawUnsafe<{ id: bigint; subject: string }[]>(
      `SELECT id, encode(policy, 'hex') || encode(name, 'hex') AS subject FROM asset WHERE id > $1 ORDER BY id LIMIT $2`,
      after,
      pageSize,
    );
    if (page.length === 0) return;
    yield page.map((row) => row.subject);
    after = page.at(-1)!.id;
  }
}

/**
 * POST {registry}/metadata/query for a page of subjects (both registry servers implement it; the
 * Cardano Foundation's answers 204 when none is known). Subjects absent from the answer have no entry.
 */
export async function queryTokenMetadata(
  registry: URL,
  subjects: string[],
): Promise<Map<string, TokenMetadata>> {
  let response: Response;
  try {
    response = await fetch(new URL('metadata/query', withSlash(registry)), {
      method: 'POST',
      headers: { 'user-agent': USER_AGENT, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ subjects }),
      signal: AbortSignal.timeout(TIMEOUT_MS * 3),
    });
  } catch (error) {
    throw new RegistryUnavailableError(`token registry unreachable: ${(error as Error).message}`);
  }
  if (response.status === 204) return new Map();
  if (!response.ok)
    throw new RegistryUnavailableError(`token registry answered ${response.status} to a batch query`);
  const body = (await response.json()) as { subjects?: Record<string, unknown>[] };
  const found = new Map<string, TokenMetadata>();
  for (const entry of body.subjects ?? []) {
    const metadata = tokenMetadataFromEntry(entry);
    if (typeof entry.subject === 'string' && metadata) found.set(entry.subject, metadata);
  }
  return found;
}
