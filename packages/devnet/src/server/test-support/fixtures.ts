import { readdirSync, readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parseJson } from '../../chain/json.js';

const DATA = new URL('../../../test-data/server/ogmios-v6.14.0/', import.meta.url);

export interface Vector {
  name: string;
  text: string;
  value: Record<string, any>;
}

export function vectors(kind: string): Vector[] {
  const folder = new URL(`vectors/${kind}/`, DATA);
  return readdirSync(folder)
    .sort()
    .map((name) => {
      const text = readFileSync(new URL(name, folder), 'utf8');
      return { name, text, value: parseVector(text) };
    });
}

/**
 * QuickCheck wrote one metadata map with a duplicate key (NextBlockResponse/049); the lossless parser
 * rejects that, so such a vector is read last-key-wins like JSON.parse (its numbers are all safe).
 */
function parseVector(text: string): Record<string, any> {
  try {
    return parseJson(text) as Record<string, any>;
  } catch {
    return JSON.parse(text) as Record<string, any>;
  }
}

/**
 * The blocks of the NextBlockResponse vectors (roll-forwards), each as the exact text it has in the
 * vector: a vector reads `{"jsonrpc":"2.0","method":"nextBlock","result":{"direction":"forward","block":…,"tip":…},"id":…}`.
 */
export function vectorBlocks(): string[] {
  return vectors('NextBlockResponse')
    .filter(({ value }) => value.result.direction === 'forward')
    .map(({ text }) => text.slice(text.indexOf('"block":') + '"block":'.length, text.lastIndexOf(',"tip":')));
}

/**
 * A consistent synthetic chain: Conway blocks built from vector 023 with linked ids, slot = 10·height.
 * `branch` changes the ids so two branches share no block after their fork point.
 */
export function syntheticBlocks(from: number, to: number, branch = 0): Array<Record<string, any>> {
  const template = vectors('NextBlockResponse').find(({ name }) => name === '023.json')!.value.result.block;
  const blocks = [];
  for (let height = from; height <= to; height += 1) {
    blocks.push({
      ...template,
      id: blockId(height, branch),
      ancestor: height === 1 ? 'genesis' : blockId(height - 1, height - 1 >= from ? branch : 0),
      height,
      slot: height * 10,
    });
  }
  return blocks;
}

export function blockId(height: number, branch = 0): string {
  return `${branch.toString(16).padStart(8, '0')}${height.toString(16).padStart(56, '0')}`;
}

export function pointOf(height: number, branch = 0) {
  return { slot: height * 10, id: blockId(height, branch) };
}

/**
 * Validators for Ogmios response shapes, with the patches docs/ogmios.md#the-json-schema-and-its-patches
 * lists: declared properties are exempt from `propertyNames` (Ogmios' own draft-4 validator ignores it) and
 * Byron genesis requires
 * `updatableParameters` (what the server sends) instead of `protocolParameters`. Byron genesis delegation
 * keys are extended keys (64 bytes, like Byron block issuers), beyond the 32-byte `VerificationKey` bound,
 * and its `updatableParameters` are Byron's `BootstrapProtocolParameters`.
 */
const validators = new Map<string, ValidateFunction>();

export function responseValidator(name: string): ValidateFunction {
  const known = validators.get(name);
  if (known) return known;
  const ogmios = JSON.parse(readFileSync(new URL('ogmios.json', DATA), 'utf8'));
  const cardano = JSON.parse(readFileSync(new URL('cardano.json', DATA), 'utf8'));
  exemptDeclaredProperties(cardano);
  exemptDeclaredProperties(ogmios);
  cardano.definitions['Genesis<Byron>'].required = cardano.definitions['Genesis<Byron>'].required.map(
    (key: string) => (key === 'protocolParameters' ? 'updatableParameters' : key),
  );
  cardano.definitions.VerificationKey.maxLength = 128;
  // Byron's updatable parameters are the Byron (bootstrap) ones, not the Shelley-era set the schema names.
  cardano.definitions['Genesis<Byron>'].properties.updatableParameters = {
    $ref: 'cardano.json#/definitions/BootstrapProtocolParameters',
  };
  // Both files declare draft-07 under an https URL Ajv does not know; Ajv's default dialect is draft-07.
  delete ogmios.$schema;
  delete cardano.$schema;
  const ajv = new Ajv({ strict: false, allErrors: true });
  (addFormatsModule as unknown as (ajv: Ajv) => void)(ajv);
  ajv.addSchema(cardano, 'cardano.json').addSchema(ogmios, 'ogmios.json');
  const validate = ajv.getSchema(`ogmios.json#/properties/${name}`)!;
  validators.set(name, validate);
  return validate;
}

function exemptDeclaredProperties(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(exemptDeclaredProperties);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, any>;
  if (schema.propertyNames?.pattern && schema.properties) {
    schema.propertyNames = { anyOf: [schema.propertyNames, { enum: Object.keys(schema.properties) }] };
  }
  Object.values(schema).forEach(exemptDeclaredProperties);
}
