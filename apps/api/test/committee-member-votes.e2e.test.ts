import { readFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { committeeCredentialId, encodeBech32, hexToBytes, parseCommitteeIdParam } from '@frostline/model';
import { ChainSeed } from './support/seed.js';
import {
  blockfrostClient,
  get,
  getValid,
  openTestDatabase,
  startApp,
  testConfig,
} from './support/test-app.js';

// Hosted Blockfrost's answers for a mainnet committee member's first votes, by its hot and by its cold id
// (blockfrost-tests, test-data/SOURCES.md), seeded as the indexer stores them: the proposals, the member's hot-key
// authorisation and its votes in their blocks. A second member that rotated its hot key shows the cold id's union.
interface VoteBody {
  tx_hash: string;
  voter_hot_id: string;
  proposal_tx_hash: string;
  proposal_index: number;
  governance_type: string;
  vote: string;
  metadata_url: string | null;
  metadata_hash: string | null;
  block_height: number;
  block_time: number;
}
const FIXTURES = (
  JSON.parse(
    readFileSync(
      new URL('../test-data/mainnet-governance-committee-cc-id-votes.json', import.meta.url),
      'utf8',
    ),
  ) as { testName: string; endpoints: string[]; response: VoteBody[] | { status_code: number } }[]
).map((f) => ({ ...f, endpoints: f.endpoints.map((e) => `/${e}`) }));
const ENDPOINT = '/governance/committee/{cc_id}/votes';
const byHot = FIXTURES.find((f) => f.testName.includes('by hot key'))!;
const VOTES = byHot.response as VoteBody[];
const MEMBER_HOT = parseCommitteeIdParam(VOTES[0]!.voter_hot_id).credential;
const MEMBER_COLD = parseCommitteeIdParam(
  FIXTURES.find((f) => f.testName.includes(':cc_cold'))!.endpoints[0]!.split('/')[3]!,
).credential;
const ROTATED_COLD = { type: 'script' as const, hash: '0c'.repeat(28) };
const [FIRST_HOT, SECOND_HOT] = [
  { type: 'key' as const, hash: '1a'.repeat(28) },
  { type: 'script' as const, hash: '1b'.repeat(28) },
];

let app: NestFastifyApplication;
let close: () => Promise<void>;

beforeAll(async () => {
  const db = await openTestDatabase();
  const seed = new ChainSeed(db.sql);
  const block = (height: number, time: number) =>
    seed.block({
      hash: height.toString(16).padStart(64, '0'),
      height,
      slot: height,
      epoch: 1,
      epochSlot: height,
      time,
    });
  await block(1, 1);
  const proposals = new Map(VOTES.map((v) => [v.proposal_tx_hash, v.governance_type]));
  for (const [txHash, type] of proposals)
    await seed.proposal(await seed.tx(txHash), 0, { type, deposit: '100000000000', returnAddressId: 1 });
  const kind = (c: { type: 'key' | 'script'; hash: string }) => ({ kind: c.type, hash: c.hash });
  await seed.committeeRegistration(await seed.tx('a1'.repeat(32)), kind(MEMBER_COLD), kind(MEMBER_HOT));
  const member = { role: 'constitutional_committee', hash: MEMBER_HOT.hash, hasScript: false };
  const txs = new Map<string, number>();
  for (const vote of VOTES) {
    if (!txs.has(vote.tx_hash)) {
      await block(vote.block_height, vote.block_time);
      txs.set(vote.tx_hash, await seed.tx(vote.tx_hash));
    }
    const anchor = vote.metadata_url === null ? null : { url: vote.metadata_url, hash: vote.metadata_hash! };
    const action = { txHash: vote.proposal_tx_hash, index: vote.proposal_index };
    await seed.vote(txs.get(vote.tx_hash)!, 0, member, action, vote.vote, anchor);
  }

  // The rotating member: each hot key it authorised votes once, after the fixture's votes.
  await block(20_000_000, 1_800_000_000);
  const proposal = { txHash: VOTES[0]!.proposal_tx_hash, index: 0 };
  for (const [i, hot] of [FIRST_HOT, SECOND_HOT].entries()) {
    const tx = await seed.tx(`b${i}`.repeat(32));
    await seed.committeeRegistration(tx, kind(ROTATED_COLD), kind(hot));
    const voter = { role: 'constitutional_committee', hash: hot.hash, hasScript: hot.type === 'script' };
    await seed.vote(tx, 0, voter, proposal, 'no');
  }
  app = await startApp(testConfig(db.database));
  close = db.close;
});

afterAll(async () => {
  await app?.close();
  await close?.();
});

const votesOf = async (id: string, query = '') =>
  (await getValid(app, ENDPOINT, `/governance/committee/${id}/votes${query}`)).body as VoteBody[];

describe('GET /governance/committee/{cc_id}/votes', () => {
  it.each(FIXTURES)('$testName: answers as hosted Blockfrost', async ({ endpoints, response }) => {
    for (const endpoint of endpoints)
      expect((await getValid(app, ENDPOINT, endpoint)).body).toEqual(response);
  });

  it('by a cold id, the votes of every hot key it authorised, in chain order and paged', async () => {
    const hotIds = [FIRST_HOT, SECOND_HOT].map((hot) => committeeCredentialId('hot', hot));
    const cold = committeeCredentialId('cold', ROTATED_COLD);
    expect((await votesOf(cold)).map((v) => [v.voter_hot_id, v.vote])).toEqual(
      hotIds.map((id) => [id, 'no']),
    );
    expect((await votesOf(cold, '?order=desc&count=1')).map((v) => v.voter_hot_id)).toEqual([hotIds[1]]);
    expect((await votesOf(hotIds[1]!)).map((v) => v.voter_hot_id)).toEqual([hotIds[1]]);
  });

  it('has no votes for a member that never voted, or a credential of another type', async () => {
    expect(await votesOf(committeeCredentialId('cold', { type: 'key', hash: '0d'.repeat(28) }))).toEqual([]);
    expect(await votesOf(committeeCredentialId('hot', { ...MEMBER_HOT, type: 'script' }))).toEqual([]);
    expect(await votesOf(committeeCredentialId('cold', { ...ROTATED_COLD, type: 'key' }))).toEqual([]);
  });

  it("answers Blockfrost's 400 for a hot id whose header names a cold key", async () => {
    const mismatched = encodeBech32('cc_hot', Uint8Array.of(0x12, ...hexToBytes(MEMBER_HOT.hash)));
    const { body } = await get(app, `/governance/committee/${mismatched}/votes`);
    expect(body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'Invalid or malformed cc credential id.',
    });
  });
});

describe('blockfrost-js 6.2.0 committee member votes', () => {
  it('committeeMemberVotes and committeeMemberVotesAll return the API bodies', async () => {
    const api = await blockfrostClient(app);
    const cold = committeeCredentialId('cold', ROTATED_COLD);
    const body = await votesOf(cold);
    expect(await api.governance.committeeMemberVotes(cold)).toEqual(body);
    expect(await api.governance.committeeMemberVotesAll(cold, { batchSize: 1 })).toEqual(body);
    expect(await api.governance.committeeMemberVotes(VOTES[0]!.voter_hot_id, { count: 3 })).toEqual(VOTES);
  });
});
