/**
 * Ogmios' cardano.json (v6.14) compiled with Ajv, with the patches documented
 * in docs/ogmios.md#the-json-schema-and-its-patches:
 * 1. `propertyNames` also admits the declared `properties` (draft-4 validators,
 *    which Ogmios uses, ignore `propertyNames`; under draft-07 `Value.ada` fails);
 * 2. `RewardTransfer` keys are bech32 reward accounts for Conway withdrawals;
 * 4. pre-Conway genesis-delegate votes carry no `from`;
 * and one found here: Byron update votes carry the voter's extended (64-byte)
 * key, like every other Byron key, but `BootstrapVote` caps it at 32 bytes
 * (Ogmios' own vectors never contain a vote, so upstream never notices).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { stringifyOgmios } from '../json.js';
import { readFixture } from './fixtures.js';

type Schema = Record<string, unknown>;

function patch(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  const schema = node as Schema;
  const names = schema.propertyNames as { pattern?: string } | undefined;
  if (names?.pattern !== undefined && schema.properties !== undefined) {
    const declared = Object.keys(schema.properties as Schema).join('|');
    names.pattern = `^(?:${declared})$|${names.pattern}`;
  }
  Object.values(schema).forEach(patch);
}

const cardano = JSON.parse(readFixture('ogmios/cardano.json').toString('utf8')) as {
  definitions: Record<string, Schema>;
};
patch(cardano);
delete cardano.definitions.RewardTransfer!.propertyNames;
const voters = (cardano.definitions.GovernanceVoter!.oneOf as Schema[])[0]!;
voters.required = ['role', 'id'];
const bootstrapVoter = (cardano.definitions.BootstrapVote!.properties as Record<string, Schema>).voter!;
(bootstrapVoter.properties as Record<string, Schema>).verificationKey = {
  $ref: 'cardano.json#/definitions/ExtendedVerificationKey',
};

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => void;
// The schema's `$schema` is the https spelling of draft-07, which Ajv does not ship a meta-schema for.
const ajv = new Ajv({ strict: false, validateSchema: false });
addFormats(ajv);
ajv.addSchema(cardano as object, 'cardano.json');

export const validateBlock = ajv.getSchema('cardano.json#/definitions/Block') as ValidateFunction;

/** Validates the JSON as sent on the wire (bigint as plain numbers). */
export function schemaErrors(block: unknown): string | undefined {
  if (validateBlock(JSON.parse(stringifyOgmios(block)))) return undefined;
  return JSON.stringify(validateBlock.errors?.slice(0, 3));
}
