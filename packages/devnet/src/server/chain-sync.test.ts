/// <reference types="jest" />
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringifyJson } from '../chain/json.js';
import { startDevnet, type Devnet } from './devnet.js';
import { forwards, follow } from './test-support/ogmios-client.js';
import { blockId, pointOf, syntheticBlocks, vectorBlocks, vectors } from './test-support/fixtures.js';
import { RawClient } from './test-support/ws-client.js';

const directory = mkdtempSync(join(tmpdir(), 'devnet-chain-sync-'));
function chainFile(name: string, lines: Array<string | object>): string {
  const file = join(directory, name);
  writeFileSync(
    file,
    lines.map((line) => (typeof line === 'string' ? line : stringifyJson(line))).join('\n') + '\n',
  );
  return file;
}

describe('chain-sync with @cardano-ogmios/client over a chain file', () => {
  let devnet: Devnet;
  const blocks = syntheticBlocks(1, 300);
  beforeAll(async () => {
    devnet = await startDevnet({ chain: { file: chainFile('synthetic.jsonl', blocks) }, port: 0 });
    await devnet.replayed;
  });
  afterAll(() => devnet.close());

  it('syncs from origin: backward to origin first, then every block in order with 100 requests in flight', async () => {
    const sync = await follow(devnet.port, ['origin'], 100);
    expect(sync.intersection.intersection).toBe('origin');
    const events = await sync.until((seen) => forwards(seen) === 300);
    expect(events[0]).toEqual({ backward: 'origin' });
    expect(events.slice(1).map((event) => ('forward' in event ? event.height : -1))).toEqual(
      blocks.map((block) => block.height),
    );
    await sync.shutdown();
  });

  it('resumes from the first known point: backward to the intersection, then the block after it', async () => {
    const unknown = { slot: 5, id: blockId(999, 7) };
    const sync = await follow(devnet.port, [unknown, pointOf(250), pointOf(10)]);
    expect(sync.intersection.intersection).toEqual(pointOf(250));
    expect(sync.intersection.tip).toEqual({ ...pointOf(300), height: 300 });
    const events = await sync.until((seen) => forwards(seen) === 50);
    expect(events[0]).toEqual({ backward: blockId(250) });
    expect(events[1]).toEqual({ forward: blockId(251), height: 251 });
    await sync.shutdown();
  });

  it('without points, resumes at the tip as the client does (two findIntersection calls)', async () => {
    const sync = await follow(devnet.port);
    expect(sync.intersection.intersection).toEqual(pointOf(300));
    await sync.shutdown();
  });

  it('rejects with 1000 and the tip when no point is on the chain', async () => {
    await expect(follow(devnet.port, [{ slot: 1, id: blockId(1, 9) }])).rejects.toMatchObject({
      code: 1000,
      message: 'No intersection found.',
      data: { tip: { slot: 3000, id: blockId(300), height: 300 } },
    });
  });
});

describe('live chain: parked requests, new blocks, rollbacks and forks', () => {
  let devnet: Devnet;
  beforeEach(async () => {
    devnet = await startDevnet({ chain: { blocks: syntheticBlocks(1, 20) }, port: 0 });
    await devnet.replayed;
  });
  afterEach(() => devnet.close());

  it('answers requests parked at the tip when a new block arrives', async () => {
    const sync = await follow(devnet.port, [pointOf(20)]);
    await sync.until((seen) => seen.length === 1);
    devnet.appendBlock(syntheticBlocks(21, 21)[0]);
    const events = await sync.until((seen) => forwards(seen) === 1);
    expect(events).toEqual([{ backward: blockId(20) }, { forward: blockId(21), height: 21 }]);
    await sync.shutdown();
  });

  it('delivers a fork as backward to the fork point, then forward on the new branch', async () => {
    const sync = await follow(devnet.port, ['origin']);
    await sync.until((seen) => forwards(seen) === 20);
    devnet.fork(pointOf(15), syntheticBlocks(16, 22, 1));
    const events = await sync.until((seen) => forwards(seen) === 27);
    expect(events.slice(21)).toEqual([
      { backward: blockId(15) },
      ...[16, 17, 18, 19, 20, 21, 22].map((height) => ({ forward: blockId(height, 1), height })),
    ]);
    expect(devnet.tip()).toEqual({ ...pointOf(22, 1), height: 22 });
    await sync.shutdown();
  });

  it('rolls a client back that is past the rollback point, and not one that is behind it', async () => {
    const ahead = await follow(devnet.port, [pointOf(18)]);
    await ahead.until((seen) => forwards(seen) === 2);
    const raw = await RawClient.connect(devnet.url);
    raw.send({ jsonrpc: '2.0', method: 'findIntersection', params: { points: [pointOf(5)] }, id: 1 });
    await raw.next();
    devnet.rollBack(pointOf(12));
    const events = await ahead.until((seen) => seen.length === 4);
    expect(events[3]).toEqual({ backward: blockId(12) });
    raw.send({ jsonrpc: '2.0', method: 'nextBlock', id: 'a' });
    raw.send({ jsonrpc: '2.0', method: 'nextBlock', id: 'b' });
    const [first, second] = [await raw.next(), await raw.next()];
    expect(first.result).toMatchObject({
      direction: 'backward',
      point: pointOf(5),
      tip: { ...pointOf(12), height: 12 },
    });
    expect(second).toMatchObject({ id: 'b', result: { direction: 'forward', block: { id: blockId(6) } } });
    raw.close();
    await ahead.shutdown();
  });

  it('answers findIntersection with 1001 while nextBlock requests are parked at the tip', async () => {
    const raw = await RawClient.connect(devnet.url);
    raw.send({ jsonrpc: '2.0', method: 'findIntersection', params: { points: [pointOf(20)] } });
    expect((await raw.next()).result.intersection).toEqual(pointOf(20));
    raw.send({ jsonrpc: '2.0', method: 'nextBlock' });
    raw.send({ jsonrpc: '2.0', method: 'nextBlock' });
    expect((await raw.next()).result.direction).toBe('backward');
    raw.send({ jsonrpc: '2.0', method: 'findIntersection', params: { points: ['origin'] }, id: 'x' });
    const error = await raw.next();
    const vector = vectors('FindIntersectionResponse').find(({ value }) => value.error?.code === 1001)!.value;
    expect(error).toEqual({ ...vector, id: 'x' });
    devnet.appendBlock(syntheticBlocks(21, 21)[0]);
    expect((await raw.next()).result.block.id).toBe(blockId(21));
    raw.close();
  });

  it('survives clients disconnecting with 100 requests in flight while others keep syncing', async () => {
    const others = await Promise.all([follow(devnet.port, ['origin']), follow(devnet.port, ['origin'])]);
    for (let round = 0; round < 5; round += 1) {
      const raw = await RawClient.connect(devnet.url);
      for (let i = 0; i < 100; i += 1) raw.send({ jsonrpc: '2.0', method: 'nextBlock' });
      raw.socket.terminate();
    }
    devnet.appendBlock(syntheticBlocks(21, 21)[0]);
    for (const other of others) {
      await other.until((seen) => forwards(seen) === 21);
      await other.shutdown();
    }
  });
});

describe('chain file events', () => {
  it('replays pauses, rollbacks and forks to a connected client, paced by blockInterval', async () => {
    const [b1, b2, b3, b4, b5] = syntheticBlocks(1, 5);
    const [f4, f5, f6] = syntheticBlocks(4, 6, 2);
    const file = chainFile('events.jsonl', [
      b1,
      b2,
      b3,
      { event: 'pause', ms: 300 },
      b4,
      b5,
      { event: 'rollback', point: pointOf(4) },
      { event: 'fork', point: pointOf(3) },
      f4,
      f5,
      f6,
    ]);
    const devnet = await startDevnet({ chain: { file }, port: 0, blockInterval: 20 });
    const sync = await follow(devnet.port, ['origin']);
    const events = await sync.until((seen) => forwards(seen) === 8);
    await devnet.replayed;
    expect(events).toEqual([
      { backward: 'origin' },
      ...[1, 2, 3, 4, 5].map((height) => ({ forward: blockId(height), height })),
      { backward: blockId(4) },
      { backward: blockId(3) },
      ...[4, 5, 6].map((height) => ({ forward: blockId(height, 2), height })),
    ]);
    await sync.shutdown();
    await devnet.close();
  });

  it('serves a chain starting mid-chain from its first block', async () => {
    const devnet = await startDevnet({
      chain: { file: chainFile('mid.jsonl', syntheticBlocks(100, 110)) },
      port: 0,
    });
    await devnet.replayed;
    const sync = await follow(devnet.port, ['origin']);
    const events = await sync.until((seen) => forwards(seen) === 11);
    expect(events[1]).toEqual({ forward: blockId(100), height: 100 });
    await sync.shutdown();
    await devnet.close();
  });
});

describe('Ogmios v6.14 NextBlockResponse vectors as chain content', () => {
  const blocks = vectorBlocks();
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startDevnet({
      chain: { file: chainFile('vectors.jsonl', blocks) },
      port: 0,
      network: 'mainnet',
    });
    await devnet.replayed;
  });
  afterAll(() => devnet.close());

  it('serves every block byte-for-byte as written in the chain file, in order', async () => {
    const raw = await RawClient.connect(devnet.url);
    for (let i = 0; i <= blocks.length; i += 1) raw.send('{"jsonrpc":"2.0","method":"nextBlock"}');
    const [rollback, ...forwards] = await raw.texts(blocks.length + 1);
    expect(rollback).toMatch(
      /^\{"jsonrpc":"2\.0","method":"nextBlock","result":\{"direction":"backward","point":"origin","tip":/,
    );
    forwards.forEach((text, index) => {
      const prefix = '{"jsonrpc":"2.0","method":"nextBlock","result":{"direction":"forward","block":';
      expect(text.startsWith(prefix + blocks[index] + ',"tip":')).toBe(true);
      expect(text.endsWith(',"id":null}')).toBe(true);
    });
    raw.close();
  });

  it('finds intersections at blocks whose slots exceed 2^53', async () => {
    const byron = vectors('NextBlockResponse').find(({ name }) => name === '000.json')!.value.result.block;
    expect(typeof byron.slot).toBe('bigint');
    const raw = await RawClient.connect(devnet.url);
    raw.send(
      `{"jsonrpc":"2.0","method":"findIntersection","params":{"points":[{"slot":${byron.slot},"id":"${byron.id}"}]},"id":7}`,
    );
    const response = await raw.next();
    expect(response.result.intersection).toEqual({ slot: byron.slot, id: byron.id });
    raw.close();
  });
});
