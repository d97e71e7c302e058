import type { WebSocket } from 'ws';
import type { Position } from '../chain/chain.js';
import { parseJsonFast } from '../chain/json.js';
import { ChainSyncSession } from './chain-sync.js';
import type { Metrics } from './health.js';
import { LedgerStateSession, type LedgerContext } from './ledger-state.js';
import { MempoolMonitor } from './mempool-monitor.js';
import {
  InvalidParams,
  internalError,
  invalidRequest,
  parseError,
  protocolError,
  respond,
  type Outcome,
  type Request,
} from './rpc.js';
import {
  NO_EVALUATOR,
  decodeEvaluationRequest,
  decodeSubmitRequest,
  type Evaluator,
} from './transactions.js';

export interface ConnectionContext extends LedgerContext {
  metrics: Metrics;
  evaluator?: Evaluator;
  /** The submission path (Devnet.submitTransaction): validate against the live ledger, then the mempool. */
  submit: (cbor: Uint8Array) => Outcome;
}

/** One WebSocket client: decodes JSON-RPC requests and routes them to its chain-sync and query sessions. */
export function serveConnection(socket: WebSocket, context: ConnectionContext): void {
  const { chain, metrics } = context;
  const send = (message: string | Buffer) => {
    // A client may go away with requests still parked or in flight; drop what it can no longer read.
    // Buffers hold JSON too: they go out as text frames, like every Ogmios message.
    if (socket.readyState === socket.OPEN) socket.send(message, { binary: false });
  };
  const chainSync = new ChainSyncSession(chain, send);
  const ledgerState = new LedgerStateSession(context);
  const mempool = new MempoolMonitor(context.ledger, send);
  const onRollback = (position: Position) => chainSync.rolledBack(position);
  const onUpdate = () => chainSync.answerParked();
  chain.on('rollback', onRollback);
  chain.on('update', onUpdate);
  metrics.activeConnections += 1;
  metrics.totalConnections += 1;
  socket.on('close', () => {
    chain.off('rollback', onRollback);
    chain.off('update', onUpdate);
    mempool.close();
    metrics.activeConnections -= 1;
  });
  socket.on('error', () => socket.terminate());

  socket.on('message', (data) => {
    metrics.totalMessages += 1;
    const request = decodeRequest(String(data));
    if ('error' in request) {
      metrics.totalUnrouted += 1;
      send(protocolError(request.error, request.id));
      return;
    }
    const { method, params, id } = request;
    try {
      if (method === 'nextBlock') return chainSync.nextBlock(id);
      if (method === 'findIntersection') return chainSync.findIntersection(params, id);
      if (method === 'evaluateTransaction') {
        const evaluation = decodeEvaluationRequest(params);
        void evaluate(evaluation, context).then((outcome) => send(respond(method, outcome, id)));
        return;
      }
      if (method === 'submitTransaction') {
        return send(respond(method, context.submit(decodeSubmitRequest(params)), id));
      }
      if (method === 'acquireMempool') return mempool.acquire(id);
      const handler = ledgerState.handlers[method] ?? mempool.handlers[method];
      if (handler === undefined) {
        metrics.totalUnrouted += 1;
        return send(protocolError(invalidRequest(`unknown or unsupported method '${method}'.`), id));
      }
      send(respond(method, handler(params), id));
    } catch (error) {
      if (error instanceof InvalidParams) return send(protocolError(invalidRequest(error.message), id));
      send(respond(method, { error: internalError((error as Error).message) }, id));
    }
  });
}

function decodeRequest(text: string): Request | { error: ReturnType<typeof parseError>; id: unknown } {
  let value: unknown;
  try {
    // Ids beyond 2^53 must be mirrored exactly; parseJsonFast keeps them.
    value = parseJsonFast(text);
  } catch (error) {
    return { error: parseError((error as { message?: string }).message ?? String(error)), id: null };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: invalidRequest('expected a JSON-RPC 2.0 request object.'), id: null };
  }
  const { jsonrpc, method, params = {}, id = null } = value as Record<string, unknown>;
  if (jsonrpc !== '2.0') return { error: invalidRequest('"jsonrpc" must be "2.0".'), id };
  if (typeof method !== 'string') return { error: invalidRequest('"method" must be a string.'), id };
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    return { error: invalidRequest('"params" must be an object.'), id };
  }
  return { method, params: params as Record<string, unknown>, id };
}

async function evaluate(
  request: ReturnType<typeof decodeEvaluationRequest>,
  context: ConnectionContext,
): Promise<Outcome> {
  if (context.evaluator === undefined) return NO_EVALUATOR;
  const protocolParameters = context.ledger.protocolParameters();
  try {
    return await context.evaluator(request, {
      chain: context.chain,
      network: context.network,
      protocolParameters,
    });
  } catch (error) {
    return { error: internalError((error as Error).message) };
  }
}
