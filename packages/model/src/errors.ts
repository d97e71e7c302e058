import type { ErrorBody } from './types.js';

/** The statuses the Blockfrost spec declares for our endpoints, and 413 for a transaction over the size limit. */
export type BlockfrostStatus = 400 | 403 | 404 | 413 | 418 | 425 | 429 | 500;

const ERROR_NAMES: Record<BlockfrostStatus, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  418: 'Requested Banned',
  425: 'Mempool Full',
  429: 'Project Over Limit',
  500: 'Internal Server Error',
};

const DEFAULT_MESSAGES: Record<BlockfrostStatus, string> = {
  400: 'Backend did not understand your request.',
  403: 'Invalid project token.',
  404: 'The requested component has not been found.',
  413: 'The request is larger than this endpoint accepts.',
  418: 'IP has been auto-banned for flooding.',
  425: 'Mempool is full, please try resubmitting again later.',
  429: 'Usage is over limit.',
  500: 'An unexpected response was received from the backend.',
};

/** Blockfrost answers unknown routes and wrong methods with 400 (not 404) and this message. */
export const INVALID_PATH_MESSAGE = 'Invalid path. Please check https://docs.blockfrost.io/';

/** Error body with Blockfrost's key order `error, message, status_code`. */
export function errorBody(status: BlockfrostStatus, message: string = DEFAULT_MESSAGES[status]): ErrorBody {
  return { error: ERROR_NAMES[status], message, status_code: status };
}

/** Thrown by any layer; the API's error filter renders it with {@link errorBody}. */
export class BlockfrostError extends Error {
  override readonly name = 'BlockfrostError';

  constructor(
    readonly status: BlockfrostStatus,
    message: string = DEFAULT_MESSAGES[status],
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return errorBody(this.status, this.message);
  }
}
