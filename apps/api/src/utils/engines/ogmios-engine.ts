import { Inject, Injectable } from '@nestjs/common';
import {
  toEvaluateTransactionParams,
  type EvaluateRequestV5,
  type EvaluationItem,
  type EvaluationOutcome,
  type RpcError,
} from '@frostline/evaluator';
import { BlockfrostError } from '@frostline/model';
import { stringify } from 'lossless-json';
import WebSocket from 'ws';
import type { ApiConfig } from '../../config.js';
import { API_CONFIG } from '../../common/tokens.js';
import type { EvaluationEngine } from './evaluation-engine.js';

/** Longer than any evaluation takes; blockfrost-js itself gives up after 20 s. */
const REQUEST_TIMEOUT_MS = 20_000;

interface RpcResponse {
  result?: unknown;
  error?: RpcError;
}

/**
 * Proxies to Ogmios v6 `evaluateTransaction` (the v5 request translated, OGMIOS.md §7). One
 * WebSocket per request: an evaluation costs far more than the handshake, and nothing is shared
 * between requests that could go stale.
 */
@Injectable()
export class OgmiosEvaluationEngine implements EvaluationEngine {
  private readonly url: string;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    // Ogmios serves WebSocket on the same port as HTTP; OGMIOS_URL may be given either way.
    this.url = config.ogmiosUrl!.replace(/^http/, 'ws');
  }

  async evaluate(request: EvaluateRequestV5): Promise<EvaluationOutcome> {
    const response = await this.call('evaluateTransaction', toEvaluateTransactionParams(request));
    if (response.error === undefined) return { result: response.result as EvaluationItem[] };
    const { error } = response;
    // Verdicts about the transaction (3000-series) and params it cannot read (-32602) are answers.
    if (error.code === -32602 || (error.code >= 3000 && error.code < 4000)) return { error };
    // Ogmios has no code for a busy node; Blockfrost answers an overloaded mempool with 425.
    if (/mempool/i.test(error.message)) throw new BlockfrostError(425);
    throw new Error(`Ogmios evaluateTransaction failed: ${error.code} ${error.message}`);
  }

  private call(method: string, params: unknown): Promise<RpcResponse> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url);
      const fail = (error: Error) => {
        clearTimeout(timer);
        socket.terminate();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`Ogmios did not answer ${method} in ${REQUEST_TIMEOUT_MS} ms`)),
        REQUEST_TIMEOUT_MS,
      );
      // Quantities are bigint: lossless-json writes them as bare integers, as Ogmios expects.
      socket.on('open', () => socket.send(stringify({ jsonrpc: '2.0', method, params })!));
      socket.on('message', (data) => {
        clearTimeout(timer);
        socket.close();
        try {
          resolve(JSON.parse(data.toString()) as RpcResponse);
        } catch (error) {
          reject(error);
        }
      });
      socket.on('error', fail);
      // Settling twice is a no-op, so this only matters when Ogmios hangs up without answering.
      socket.on('close', () => fail(new Error(`Ogmios closed the connection before answering ${method}`)));
    });
  }
}
