import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

/** The Blockfrost paths this server implements (all GET). */
export const SERVED_PATHS = [
  '/addresses/{address}/utxos/{asset}',
  '/assets/{asset}',
  '/blocks/latest',
  '/blocks/{hash_or_number}',
  '/blocks/epoch/{epoch_number}/slot/{slot_number}',
  '/genesis',
  '/network',
  '/network/eras',
  '/accounts/{stake_address}',
  '/nutlink/{address}/tickers',
  '/utils/txs/evaluate/utxos',
] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Document = { [key: string]: Json } & {
  paths: Record<string, Json>;
  components: Record<string, Record<string, Json>>;
};

/**
 * Blockfrost's OpenAPI document reduced to the paths we serve and the components they reference
 * (followed transitively), with our own servers. Built once at startup.
 */
export function servedOpenApiDocument(): Json {
  const path = createRequire(import.meta.url).resolve('@blockfrost/openapi/openapi.yaml');
  const spec = parse(readFileSync(path, 'utf8')) as Document;

  const paths = Object.fromEntries(SERVED_PATHS.map((served) => [served, spec.paths[served]]));
  const components: Record<string, Record<string, Json>> = {
    securitySchemes: spec.components.securitySchemes,
  };
  const pending: Json[] = [paths];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const [, , section, name] = value.split('/'); // "#/components/<section>/<name>"
        components[section] ??= {};
        if (!(name in components[section])) {
          components[section][name] = spec.components[section][name];
          pending.push(spec.components[section][name]);
        }
      } else {
        pending.push(value);
      }
    }
  }

  return {
    openapi: spec.openapi,
    info: spec.info,
    servers: [{ url: '/api/v0' }, { url: '/' }],
    security: spec.security,
    paths,
    components,
  };
}
