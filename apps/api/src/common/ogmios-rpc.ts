import type { RpcError } from '@frostline/evaluator';
import { stringify } from 'lossless-json';
import WebSocket from 'ws';

/** Longer than any evaluation or submission takes; blockfrost-js itself gives up after 20 s. */
const REQUEST_TIMEOUT_MS = 20_000;

/** Ogmios has no error code for a full mempool, only its message; Blockfrost answers it with 425. */
export function isMempoolFull(error: RpcError): boolean {
  return /mempool.*full/i.test(error.message);
}

export interface RpcResponse {
  result?: unknown;
  error?: RpcError;
}

/** Params already written as JSON (by a worker thread), sent as they are. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * One Ogmios v6 JSON-RPC request per WebSocket: an evaluation or a submission costs far more than the
 * handshake, and nothing is shared between requests that could go stale.
 */
export class OgmiosRpc {
  private readonly url: string;

  constructor(ogmiosUrl: string) {
    // Ogmios serves WebSocket on the same port as HTTP; OGMIOS_URL may be given either way.
    this.url = ogmiosUrl.replace(/^http/, 'ws');
  }

  call(method: string, params: unknown): Promise<RpcResponse> {
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
      const request =
        params instanceof JsonText
          ? `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${params.text}}`
          : stringify({ jsonrpc: '2.0', method, params })!;
      socket.on('open', () => socket.send(request));
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
