import type { Chain } from '../chain/chain.js';
import type { Network } from '../networks/networks.js';
import { InvalidParams, internalError, type Outcome } from './rpc.js';

export interface EvaluationRequest {
  /** Transaction CBOR, base16. */
  cbor: string;
  /** Ogmios v6 `Utxo` items the client added (`additionalUtxo`). */
  additionalUtxo: unknown[];
}

export interface EvaluationContext {
  chain: Chain;
  network: Network;
  protocolParameters: Record<string, unknown>;
}

/**
 * A script evaluation engine (packages/evaluator). It answers like Ogmios: a result array of
 * `{validator, budget}` or an error with an Ogmios 3xxx code.
 */
export type Evaluator = (request: EvaluationRequest, context: EvaluationContext) => Promise<Outcome>;

function transactionCbor(params: Record<string, unknown>): string {
  const transaction = params.transaction as { cbor?: unknown } | undefined;
  if (typeof transaction?.cbor !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(transaction.cbor)) {
    throw new InvalidParams('"transaction": {"cbor": <base16>} is required');
  }
  return transaction.cbor;
}

/** `submitTransaction` params: the transaction's CBOR bytes. */
export function decodeSubmitRequest(params: Record<string, unknown>): Uint8Array {
  return Buffer.from(transactionCbor(params), 'hex');
}

export function decodeEvaluationRequest(params: Record<string, unknown>): EvaluationRequest {
  const cbor = transactionCbor(params);
  const additionalUtxo = params.additionalUtxo ?? [];
  if (!Array.isArray(additionalUtxo) || !additionalUtxo.every(isReferenced)) {
    throw new InvalidParams(
      '"additionalUtxo" must be an array of Ogmios UTxO ({"transaction": {"id"}, "index", …})',
    );
  }
  return { cbor, additionalUtxo };
}

function isReferenced(utxo: unknown): boolean {
  const { transaction, index } = (utxo ?? {}) as { transaction?: { id?: unknown }; index?: unknown };
  return (
    typeof transaction?.id === 'string' && /^[0-9a-f]{64}$/.test(transaction.id) && Number.isInteger(index)
  );
}

/** Ogmios' answer when it cannot build an evaluation context; used when evaluation is turned off. */
export const NO_EVALUATOR: Outcome = {
  error: {
    code: 3004,
    message: 'Unable to create the evaluation context from the given transaction.',
    data: { reason: 'this devnet has no script evaluation engine attached' },
  },
};

/** A devnet that only replays its source (no forging interval) has no block producer for submissions. */
export const SUBMISSION_UNSUPPORTED: Outcome = {
  error: internalError('this devnet serves a recorded chain and cannot accept transactions (start it live)'),
};
