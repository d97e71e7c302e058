import { BlockfrostError, INVALID_PATH_MESSAGE, errorBody } from './errors.js';

describe('error bodies', () => {
  it.each([
    [400, 'Bad Request', 'Backend did not understand your request.'],
    [403, 'Forbidden', 'Invalid project token.'],
    [404, 'Not Found', 'The requested component has not been found.'],
    [418, 'Requested Banned', 'IP has been auto-banned for flooding.'],
    [425, 'Mempool Full', 'Mempool is full, please try resubmitting again later.'],
    [429, 'Project Over Limit', 'Usage is over limit.'],
    [500, 'Internal Server Error', 'An unexpected response was received from the backend.'],
  ] as const)('%i', (status, error, message) => {
    const body = errorBody(status);
    expect(body).toEqual({ error, message, status_code: status });
    expect(Object.keys(body)).toEqual(['error', 'message', 'status_code']);
  });

  it('renders the unknown-route 400 byte for byte', () => {
    expect(JSON.stringify(errorBody(400, INVALID_PATH_MESSAGE))).toBe(
      '{"error":"Bad Request","message":"Invalid path. Please check https://docs.blockfrost.io/","status_code":400}',
    );
  });

  it('carries status and message in BlockfrostError', () => {
    const error = new BlockfrostError(404);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('BlockfrostError');
    expect(error.toBody()).toEqual(errorBody(404));
    expect(new BlockfrostError(400, 'querystring/count must be integer').toBody().message).toBe(
      'querystring/count must be integer',
    );
  });
});
