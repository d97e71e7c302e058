import { stringifyJson } from '../chain/json.js';

/** A JSON-RPC `id`: any JSON value the client chose, mirrored verbatim; null when absent. */
export type RpcId = unknown;

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** What a method handler answers: a result or an Ogmios error. */
export type Outcome = { result: unknown } | { error: RpcError };

export interface Request {
  method: string;
  params: Record<string, unknown>;
  id: RpcId;
}

export function respond(method: string, outcome: Outcome, id: RpcId): string {
  return stringifyJson({ jsonrpc: '2.0', method, ...outcome, id: id ?? null });
}

/** Protocol-level failures carry no `method`, like Ogmios. */
export function protocolError(error: RpcError, id: RpcId): string {
  return stringifyJson({ jsonrpc: '2.0', error, id: id ?? null });
}

export const parseError = (detail: string): RpcError => ({ code: -32700, message: `Parse error: ${detail}` });

export const invalidRequest = (detail: string): RpcError => ({
  code: -32600,
  message: `Invalid request: ${detail}`,
});

export const internalError = (detail: string): RpcError => ({
  code: -32603,
  message: `Internal error: ${detail}`,
});

/** Thrown by handlers when params do not decode; answered as an invalid request like Ogmios does. */
export class InvalidParams extends Error {}
