import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { INVALID_PATH_MESSAGE, errorBody, type BlockfrostStatus } from '@frostline/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendErrorBody } from './blockfrost-error.filter.js';
import { JSON_CONTENT_TYPE } from './media-types.js';

// Errors that Fastify and Node answer before any route (and so before BlockfrostErrorFilter) runs.
// Their own bodies are `{statusCode, code, …}`; Blockfrost clients expect `{error, message, status_code}`.

/**
 * Fastify's `frameworkErrors`: the router could not match the URL at all (a malformed percent-encoding,
 * a path parameter over maxParamLength). Blockfrost answers unroutable paths with 400 "Invalid path".
 */
export function answerRoutingError(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  sendErrorBody(reply, errorBody(400, INVALID_PATH_MESSAGE));
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (bytes not allowed in the
 * request line, an unknown method, headers over 16 KB, a broken framing, a request timeout). There is
 * no request object, so the answer is written to the socket, which is then closed as Node does.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  refuseConnection(socket, 400, error);
}

/** Writes Blockfrost's error body for `status` straight to the socket, then closes it. */
export function refuseConnection(socket: Socket, status: BlockfrostStatus, error?: Error): void {
  if (socket.writable) {
    const body = JSON.stringify(errorBody(status));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
