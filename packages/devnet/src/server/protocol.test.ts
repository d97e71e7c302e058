/// <reference types="jest" />
import { startDevnet, type Devnet } from './devnet.js';
import { syntheticBlocks } from './test-support/fixtures.js';
import { RawClient } from './test-support/ws-client.js';

describe('JSON-RPC envelope over a raw WebSocket', () => {
  let devnet: Devnet;
  let raw: RawClient;
  beforeAll(async () => {
    devnet = await startDevnet({ chain: { blocks: syntheticBlocks(1, 3) }, port: 0 });
    await devnet.replayed;
    raw = await RawClient.connect(devnet.url);
  });
  afterAll(async () => {
    raw.close();
    await devnet.close();
  });

  it('answers unparseable text with -32700, no method and a null id', async () => {
    raw.send('{"jsonrpc":"2.0",');
    const response = await raw.next();
    expect(response).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
      id: null,
    });
  });

  it.each([
    ['an unknown method', { jsonrpc: '2.0', method: 'queryLedgerState/nope', id: 5 }, 5],
    ['a missing jsonrpc', { method: 'nextBlock', id: 'a' }, 'a'],
    ['a non-object', [1, 2], null],
    [
      'bad params',
      { jsonrpc: '2.0', method: 'findIntersection', params: { points: 'origin' }, id: { requestId: 'r' } },
      { requestId: 'r' },
    ],
  ])('answers %s with -32600 and no method, mirroring the id', async (_case, request, id) => {
    raw.send(request);
    const response = await raw.next();
    expect(response).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: expect.stringMatching(/^Invalid request/) },
      id,
    });
  });

  it('echoes the method and mirrors any id, null when absent', async () => {
    for (const id of [42, 'x', { nested: [1] }, null]) {
      raw.send({ jsonrpc: '2.0', method: 'queryNetwork/blockHeight', ...(id !== null && { id }) });
      expect(await raw.next()).toEqual({ jsonrpc: '2.0', method: 'queryNetwork/blockHeight', result: 3, id });
    }
  });

  it('keeps serving the connection after errors', async () => {
    raw.send('not json');
    raw.send({ jsonrpc: '2.0', method: 'queryNetwork/tip' });
    expect((await raw.next()).error.code).toBe(-32700);
    expect((await raw.next()).result).toEqual({ slot: 30, id: syntheticBlocks(3, 3)[0].id });
  });
});
