import { randomUUID } from 'node:crypto';
import type { EvaluationOutcome } from './ogmios-types.js';
import { toV5Result } from './v6-to-v5-result.js';

// Wire envelopes of the two Ogmios protocols. Hosted Blockfrost answers with a fresh server-made
// reflection/id and does not echo anything from the client.

const WSP = { version: '1.0', servicename: 'ogmios' } as const;

/** v5 JSON-WSP answer to EvaluateTx; an undecodable transaction (-32602) becomes a jsonwsp/fault. */
export function v5Response(outcome: EvaluationOutcome): Record<string, unknown> {
  if ('error' in outcome && outcome.error.code === -32602) {
    const reason = (outcome.error.data as { conway?: string } | undefined)?.conway ?? outcome.error.message;
    return v5Fault(
      `Invalid request: Deserialisation failure while decoding serialised transaction. CBOR failed with error: ${reason}`,
    );
  }
  return {
    type: 'jsonwsp/response',
    ...WSP,
    methodname: 'EvaluateTx',
    result: toV5Result(outcome),
    reflection: reflection(),
  };
}

/** v5 client fault, e.g. for a `cbor` that is neither hex nor base64. */
export function v5Fault(message: string): Record<string, unknown> {
  return {
    type: 'jsonwsp/fault',
    ...WSP,
    fault: { code: 'client', string: message },
    reflection: reflection(),
  };
}

/** v6 JSON-RPC answer to evaluateTransaction. */
export function v6Response(outcome: EvaluationOutcome, id: unknown = randomUUID()): Record<string, unknown> {
  return { jsonrpc: '2.0', method: 'evaluateTransaction', ...outcome, id };
}

const reflection = (): { id: string } => ({ id: randomUUID() });
