/// <reference types="jest" />
import { parseJson } from '../../chain/json.js';
import type { Devnet } from '../devnet.js';
import { responseValidator } from './fixtures.js';
import { RawClient } from './ws-client.js';

/** Sends one request over a raw socket and checks the response against Ogmios' schema. */
export async function validated(devnet: Devnet, schema: string, method: string, params?: object) {
  const raw = await RawClient.connect(devnet.url);
  raw.send({ jsonrpc: '2.0', method, ...(params && { params }), id: { requestId: method } });
  const [text] = await raw.texts(1);
  raw.close();
  const validate = responseValidator(schema);
  // Ajv only knows JSON numbers: validate the plain parse, return the exact one.
  const valid = validate(JSON.parse(text));
  const response = parseJson(text) as Record<string, any>;
  // On failure show the errors of the branch that was meant (not those of the alternative error shapes).
  const errors = validate.errors?.filter(
    ({ schemaPath }) => !/Failure|Invalid|Mismatch|Unavailable|Expired|RpcError/.test(schemaPath),
  );
  expect({ valid, errors: valid ? null : errors }).toEqual({ valid: true, errors: null });
  return response;
}
