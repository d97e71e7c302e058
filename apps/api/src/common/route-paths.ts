/** Blockfrost clients use the /api/v0 base URL; self-hosted setups often point at the root. */
export const API_PREFIXES = ['', 'api/v0/'] as const;

/** A controller path served both at the root and under /api/v0. */
export function servedAt(path: string): string[] {
  return API_PREFIXES.map((prefix) => `${prefix}${path}`);
}
