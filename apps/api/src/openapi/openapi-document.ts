import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

/** Whether the server has a route for this method and Blockfrost path (`{param}` segments). */
export type ServesRoute = (method: string, path: string) => boolean;

const HTTP_METHODS = ['get', 'post'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Document = { [key: string]: Json } & {
  paths: Record<string, Json>;
  components: Record<string, Record<string, Json>>;
};

/**
 * Blockfrost's OpenAPI document reduced to the operations we serve (as the router knows them, so the
 * document follows the code) and the components they reference (followed transitively), with our own
 * servers.
 */
export function servedOpenApiDocument(serves: ServesRoute): Json {
  const path = createRequire(import.meta.url).resolve('@blockfrost/openapi/openapi.yaml');
  const spec = parse(readFileSync(path, 'utf8')) as Document;

  const paths: Record<string, Json> = {};
  for (const [specPath, operations] of Object.entries(spec.paths)) {
    const served = Object.entries(operations as Record<string, Json>).filter(
      ([method]) => HTTP_METHODS.includes(method) && serves(method, specPath),
    );
    if (served.length > 0) paths[specPath] = Object.fromEntries(served);
  }
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
