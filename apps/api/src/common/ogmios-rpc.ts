import type { RpcError } from '@frostline/evaluator';
import { parseOgmiosMessage } from '@frostline/model';
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

/** One request of a {@link OgmiosRpc.session}. */
export type SessionCall = (method: string, params?: unknown) => Promise<RpcResponse>;

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

  /**
   * Requests that must share a connection (Ogmios' mempool monitoring keeps its snapshot per
   * connection), one after another; the socket closes when `run` settles, and everything fails after
   * `timeoutMs`, so a node that hangs cannot hold a request for longer.
   */
  async session<T>(timeoutMs: number, run: (call: SessionCall) => Promise<T>): Promise<T> {
    const socket = new WebSocket(this.url);
    let failed: (error: Error) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => (failed = reject));
    const timer = setTimeout(
      () => failed(new Error(`Ogmios did not finish a session in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const answers: ((response: RpcResponse) => void)[] = [];
    socket.on('message', (data) => {
      try {
        answers.shift()?.(parseOgmiosMessage(data.toString()) as RpcResponse);
      } catch (error) {
        failed(error as Error);
      }
    });
    socket.on('error', (error) => failed(error));
    socket.on('close', () => failed(new Error('Ogmios closed the connection during a session')));
    const opened = new Promise<void>((resolve) => socket.once('open', () => resolve()));
    const call: SessionCall = (method, params) =>
      Promise.race([
        failure,
        new Promise<RpcResponse>((resolve) => {
          answers.push(resolve);
          socket.send(stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) })!);
        }),
      ]);
    try {
      return await Promise.race([failure, opened.then(() => run(call))]);
    } finally {
      clearTimeout(timer);
      socket.terminate();
    }
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
