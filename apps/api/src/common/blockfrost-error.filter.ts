import { STATUS_CODES } from 'node:http';
import {
  Catch,
  HttpException,
  NotFoundException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { BlockfrostError, INVALID_PATH_MESSAGE, errorBody, type ErrorBody } from '@frostline/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_CONTENT_TYPE } from './media-types.js';

/**
 * Every error leaves as Blockfrost's `{error, message, status_code}`:
 * - BlockfrostError (validation 400, auth 403, 404, limits 418/429) as thrown;
 * - Nest's NotFoundException, which only the router raises (services throw BlockfrostError), means an
 *   unknown route or a wrong method: Blockfrost answers 400 "Invalid path";
 * - other HTTP errors from the framework (e.g. 413 body too large) keep their status;
 * - anything else is a 500 with Blockfrost's message, logged with the request id, never a stack.
 * Errors raised before routing are answered in framework-errors.ts.
 */
@Catch()
export class BlockfrostErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    sendErrorBody(reply, this.toBody(exception, request));
  }

  private toBody(exception: unknown, request: FastifyRequest): ErrorBody {
    if (exception instanceof BlockfrostError) return exception.toBody();
    if (exception instanceof NotFoundException) return errorBody(400, INVALID_PATH_MESSAGE);
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const status = exception.getStatus();
      return { error: STATUS_CODES[status] ?? 'Error', message: exception.message, status_code: status };
    }
    request.log.error({ err: exception, method: request.method, url: request.url }, 'request failed');
    return errorBody(500);
  }
}

export function sendErrorBody(reply: FastifyReply, body: ErrorBody): void {
  void reply.status(body.status_code).header('content-type', JSON_CONTENT_TYPE).send(body);
}
