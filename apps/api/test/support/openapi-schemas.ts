import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

// CommonJS package; its index parses the YAML once at import.
const { getSchemaForEndpoint } = createRequire(import.meta.url)('@blockfrost/openapi') as {
  getSchemaForEndpoint(path: string): { response: Record<string, object> };
};

// The spec's `format`s are descriptions ("Lovelace or concatenation of …"), not formats Ajv knows.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const compiled = new Map<string, ValidateFunction>();

/**
 * The known defects of the spec, fixed without loosening it:
 * - `onchain_metadata_standard` is nullable but its enum lacks null, so Ajv rejects the null Blockfrost
 *   itself sends: allow null in that enum; never drop the key.
 * - `/scripts/{script_hash}/json`'s `json` is `{nullable: true}` alone (the converter dropped its anyOf of
 *   every type), which Ajv refuses to compile: without `nullable` it still accepts any value, as meant.
 */
function withSpecFixes(schema: object): object {
  return JSON.parse(JSON.stringify(schema), (key, value) => {
    if (key === 'onchain_metadata_standard' && Array.isArray(value?.enum))
      return { ...value, enum: [...value.enum, null] };
    if (value?.nullable === true && value.type === undefined && Object.keys(value).length === 1) return {};
    return value;
  });
}

/** Ajv errors (empty when valid) of a body against @blockfrost/openapi's schema for the path and status. */
export function schemaErrors(endpoint: string, status: number, body: unknown): string[] {
  const key = `${endpoint} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const schema = getSchemaForEndpoint(endpoint).response[String(status)];
    if (!schema) throw new Error(`the spec declares no ${status} response for ${endpoint}`);
    validate = ajv.compile(withSpecFixes(schema));
    compiled.set(key, validate);
  }
  return validate(body)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`);
}
