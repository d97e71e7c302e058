import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrismaClient, type PrismaClient } from '@frostline/db';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { WebSocketServer } from 'ws';
import { connectOgmios } from '../../chain-sync/ogmios.js';
import { parseGovernanceProposals, snapshotGovernanceProposals } from './proposals.js';

// An answer in Ogmios v6's shape, checked against its JSON schema (test-data/ogmios/SOURCES.md).
const ANSWER = JSON.parse(
  readFileSync(new URL('../../../test-data/ogmios/governance-proposals.json', import.meta.url), 'utf8'),
) as { result: unknown[] };
const HARD_FORK = '39c26eee46dd14290c904da0eaa83e82907f9ec65a512269084197fb22c64d69';
const INFO = 'fe'.repeat(32);

/**
 * An Ogmios that answers its health check and the requests the snapshot makes, at a ledger state the test sets:
 * a wire-level stand-in while the devnet answers no governance query.
 */
async function scriptedOgmios(state: { epoch: number; proposals: unknown }) {
  const http = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ lastTipUpdate: '2026-12-02T00:00:00Z', networkSynchronization: 1 }));
  });
  const server = new WebSocketServer({ server: http });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const { method, id } = JSON.parse(data.toString()) as { method: string; id: unknown };
      const answers: Record<string, unknown> = {
        'queryLedgerState/tip': { result: { slot: 1, id: 'ab'.repeat(32) } },
        acquireLedgerState: { result: { acquired: 'ledgerState', point: { slot: 1, id: 'ab'.repeat(32) } } },
        releaseLedgerState: { result: { released: 'ledgerState' } },
        'queryLedgerState/epoch': { result: state.epoch },
        'queryLedgerState/governanceProposals': state.proposals,
      };
      socket.send(JSON.stringify({ jsonrpc: '2.0', method, ...(answers[method] as object), id }));
    });
  });
  const { port } = http.address() as AddressInfo;
  const close = async () => {
    server.close();
    await new Promise((resolve) => http.close(resolve));
  };
  return { url: new URL(`ws://127.0.0.1:${port}`), close };
}

describe('parseGovernanceProposals', () => {
  it("keeps each proposal's id and life span from Ogmios' proposal states", () => {
    expect(parseGovernanceProposals(ANSWER.result)).toEqual([
      { txHash: HARD_FORK, index: 0, since: 277, until: 283 },
      { txHash: INFO, index: 2, since: 280, until: 286 },
    ]);
  });

  it('refuses anything else', () => {
    expect(() => parseGovernanceProposals({})).toThrow('expected an array');
    expect(() => parseGovernanceProposals([{ proposal: { transaction: { id: 'ab' }, index: 0 } }])).toThrow(
      'unexpected proposal state',
    );
  });
});

describe('snapshotGovernanceProposals', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  const state = { epoch: 281, proposals: { result: ANSWER.result } as unknown };
  let ogmios: Awaited<ReturnType<typeof scriptedOgmios>>;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrismaClient(db.url);
    ogmios = await scriptedOgmios(state);
  });
  afterAll(async () => {
    await ogmios?.close();
    await prisma?.$disconnect();
    await db?.drop();
  });

  const snapshot = async () => {
    const context = await connectOgmios(ogmios.url);
    try {
      return await snapshotGovernanceProposals(prisma, context);
    } finally {
      context.socket.close();
    }
  };
  const stored = () =>
    prisma.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT s.epoch, encode(p.tx_hash, 'hex') AS tx_hash, p.index, p.since_epoch, p.until_epoch
       FROM governance_snapshot s LEFT JOIN governance_proposal_state p ON p.epoch = s.epoch
       ORDER BY s.epoch, p.tx_hash, p.index`,
    );

  it('stores the live proposals under the epoch the node is in, and a fresh answer for it replaces them', async () => {
    expect(await snapshot()).toEqual({ epoch: 281, proposals: 2 });
    state.proposals = { result: ANSWER.result.slice(1) };
    expect(await snapshot()).toEqual({ epoch: 281, proposals: 1 });
    expect(await stored()).toEqual([
      { epoch: 281, tx_hash: INFO, index: 2, since_epoch: 280, until_epoch: 286 },
    ]);
  });

  it('records an epoch with none live, and one before Conway (the query unavailable in its era), as empty', async () => {
    state.epoch = 282;
    state.proposals = { result: [] };
    expect(await snapshot()).toEqual({ epoch: 282, proposals: 0 });
    state.epoch = 283;
    state.proposals = { error: { code: 2002, message: 'Unavailable in the current era.' } };
    expect(await snapshot()).toEqual({ epoch: 283, proposals: 0 });
    expect((await stored()).map((row) => [row.epoch, row.tx_hash])).toEqual([
      [281, INFO],
      [282, null],
      [283, null],
    ]);
  });

  it('fails, storing nothing, on any other error', async () => {
    state.epoch = 284;
    state.proposals = { error: { code: -32601, message: 'Method not found' } };
    await expect(snapshot()).rejects.toThrow('queryLedgerState/governanceProposals: -32601 Method not found');
    expect((await stored()).map((row) => row.epoch)).not.toContain(284);
  });
});
