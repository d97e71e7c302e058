import { readFileSync } from 'node:fs';
import { BlockfrostServerError, type BlockFrostAPI } from '@blockfrost/blockfrost-js';
import {
  drepIdFromCredential,
  encodeBech32,
  poolIdFromHash,
  rewardAddressBech32ToHex,
} from '@frostline/model';
import { Encoder } from 'cbor-x';
import { blockfrostClient, get, getValid, rejectionOf, seededApp } from './support/test-app.js';

// Hosted Blockfrost's answers for three preprod proposals (blockfrost-tests, test-data/SOURCES.md), seeded as the
// indexer stores them: the proposals with their transactions' CBOR, and the epoch snapshots around their ends.
const testData = (name: string) =>
  JSON.parse(readFileSync(new URL(`../test-data/${name}`, import.meta.url), 'utf8')) as {
    testName: string;
    endpoints: string[];
    response: Record<string, unknown>;
  }[];
const DETAILS = testData('preprod-governance-proposals-hash-cert-index.json');
const VOTE_ERRORS = testData('preprod-governance-proposals-hash-cert-index-votes.json').filter(
  (f) => 'status_code' in f.response,
);
const PARAMETERS = testData('preprod-governance-proposals-hash-cert-index-parameters.json');
const keyDepositFixture = () => PARAMETERS.find((f) => f.testName.includes('parameter_change Ryan'))!;
const detail = (type: string) => DETAILS.find((f) => f.response.governance_type === type)!;
const INFO = detail('info_action');
const HARD_FORK = detail('hard_fork_initiation');
const TREASURY = detail('treasury_withdrawals');
const hashOf = (fixture: typeof INFO) => fixture.response.tx_hash as string;

const encoder = new Encoder({ mapsAsObjects: false, useRecords: false });
const bytes = (hex: string) => Buffer.from(hex, 'hex');
/** A Conway transaction whose one proposal procedure holds `action` (CDDL `gov_action`). */
const proposalTx = (returnAddress: string, action: unknown[]) =>
  Buffer.from(
    encoder.encode([
      new Map([
        [
          20,
          [
            [
              100_000_000_000,
              bytes(rewardAddressBech32ToHex(returnAddress)!),
              action,
              ['u', bytes('11'.repeat(32))],
            ],
          ],
        ],
      ]),
      new Map(),
      true,
      null,
    ]),
  ).toString('hex');

// The withdrawal pays its own return account.
const PAYEE = TREASURY.response.return_address as string;
const DREP = { role: 'drep', hash: 'd0'.repeat(28), hasScript: false };
const POOL = { role: 'spo', hash: '0a'.repeat(28), hasScript: false };
const MEMBER = { role: 'constitutional_committee', hash: 'cc'.repeat(28), hasScript: true };

const stack = seededApp(async (seed) => {
  let height = 1;
  const block = (epoch: number) =>
    seed.block({
      hash: (height++).toString(16).padStart(64, '0'),
      height,
      slot: height,
      epoch,
      epochSlot: 0,
      time: height,
    });
  const returnAccount = async (view: string) => seed.stakeAddress(view, rewardAddressBech32ToHex(view)!);

  await block(165);
  const infoAddress = INFO.response.return_address as string;
  const infoTx = await seed.tx(hashOf(INFO), { cbor: proposalTx(infoAddress, [6]) });
  await seed.proposal(infoTx, 0, {
    type: 'info_action',
    deposit: '100000000000',
    returnAddressId: await returnAccount(infoAddress),
  });

  await block(178);
  const hardForkAddress = HARD_FORK.response.return_address as string;
  const hardForkTx = await seed.tx(hashOf(HARD_FORK), {
    cbor: proposalTx(hardForkAddress, [1, null, [10, 0]]),
  });
  await seed.proposal(hardForkTx, 0, {
    type: 'hard_fork_initiation',
    deposit: '100000000000',
    returnAddressId: await returnAccount(hardForkAddress),
  });
  const voteTx = await seed.tx('ee'.repeat(32));
  await seed.vote(voteTx, 0, DREP, { txHash: hashOf(HARD_FORK), index: 0 }, 'no');
  await seed.vote(voteTx, 0, POOL, { txHash: hashOf(HARD_FORK), index: 0 }, 'yes');
  const revoteTx = await seed.tx('ef'.repeat(32));
  await seed.vote(revoteTx, 0, DREP, { txHash: hashOf(HARD_FORK), index: 0 }, 'yes');
  await seed.vote(revoteTx, 1, DREP, { txHash: hashOf(INFO), index: 0 }, 'abstain');
  await seed.vote(revoteTx, 0, MEMBER, { txHash: hashOf(HARD_FORK), index: 0 }, 'yes');
  await seed.poolRegistration(revoteTx, POOL.hash);

  await block(183);
  const treasuryAddress = TREASURY.response.return_address as string;
  const policy = 'fa24fb305126805cf2164c161d852a0e7330cf988f1fe558cf7d4a64';
  const treasuryTx = await seed.tx(hashOf(TREASURY), {
    cbor: proposalTx(treasuryAddress, [
      2,
      new Map([[bytes(rewardAddressBech32ToHex(PAYEE)!), 1_000_000_000_000]]),
      bytes(policy),
    ]),
  });
  const treasuryAccount = await returnAccount(treasuryAddress);
  const treasury = await seed.proposal(treasuryTx, 0, {
    type: 'treasury_withdrawals',
    deposit: '100000000000',
    returnAddressId: treasuryAccount,
  });
  await seed.treasuryWithdrawal(treasuryTx, treasury, treasuryAccount, '1000000000000');

  // A key deposit change, which hosted Blockfrost answers with its parameters.
  const parameterTx = await seed.tx(keyDepositFixture().response.tx_hash as string);
  await seed.proposal(parameterTx, 0, {
    type: 'parameter_change',
    deposit: '100000000000',
    returnAddressId: 1,
    paramUpdate: Buffer.from(encoder.encode(new Map([[5, 1_234_567]]))).toString('hex'),
  });

  // A hard fork that builds on the first: proposed after it left, it tells the first was enacted.
  await block(182);
  const nextHardFork = await seed.tx('ab'.repeat(32));
  await seed.proposal(nextHardFork, 0, {
    type: 'hard_fork_initiation',
    deposit: '100000000000',
    returnAddressId: 1,
    previous: { txHash: hashOf(HARD_FORK), index: 0 },
  });

  const info = { txHash: hashOf(INFO), index: 0, since: 166, until: 171 };
  const hardFork = { txHash: hashOf(HARD_FORK), index: 0, since: 179, until: 184 };
  const withdrawal = { txHash: hashOf(TREASURY), index: 0, since: 183, until: 188 };
  await seed.governanceSnapshot(172, [info]);
  await seed.governanceSnapshot(173, []);
  await seed.governanceSnapshot(180, [hardFork]);
  await seed.governanceSnapshot(181, []);
  await seed.governanceSnapshot(189, [withdrawal]);
  await seed.governanceSnapshot(190, []);
});

describe('GET /governance/proposals/{tx_hash}/{cert_index} and /{gov_action_id}', () => {
  it.each([INFO, HARD_FORK])('$testName: both forms answer as hosted Blockfrost', async (fixture) => {
    const [byTx, byId] = fixture.endpoints;
    expect(
      (await getValid(stack.app, '/governance/proposals/{tx_hash}/{cert_index}', `/${byTx}`)).body,
    ).toEqual(fixture.response);
    expect((await getValid(stack.app, '/governance/proposals/{gov_action_id}', `/${byId}`)).body).toEqual(
      fixture.response,
    );
  });

  it('leaves the outcome null where nothing stored tells it: a withdrawal that left after its last epoch', async () => {
    const { body } = await getValid(
      stack.app,
      '/governance/proposals/{gov_action_id}',
      `/${TREASURY.endpoints[1]}`,
    );
    expect(body).toEqual({
      ...TREASURY.response,
      ratified_epoch: null,
      enacted_epoch: null,
      dropped_epoch: null,
      expired_epoch: null,
    });
  });

  it.each([
    ['an unknown proposal', `/governance/proposals/${hashOf(INFO)}/1`, 404],
    ['a tx hash in upper case', `/governance/proposals/${hashOf(INFO).toUpperCase()}/0`, 404],
    ['a negative index', `/governance/proposals/${hashOf(INFO)}/-1`, 404],
    ['an index beyond int4', `/governance/proposals/${hashOf(INFO)}/99999999999`, 404],
  ])('answers 404 for %s', async (_, url, status) => {
    const response = await get(stack.app, url);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ status_code: 404, error: 'Not Found' });
  });

  it("answers Blockfrost's 400s for a malformed index or gov action id", async () => {
    expect((await get(stack.app, `/governance/proposals/${hashOf(INFO)}/x`)).body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'params/cert_index must be integer',
    });
    for (const url of [
      `/governance/proposals/${hashOf(INFO)}`,
      `/governance/proposals/${hashOf(INFO)}/votes`,
    ]) {
      expect((await get(stack.app, url)).body).toEqual({
        status_code: 400,
        error: 'Bad Request',
        message: 'Invalid or malformed gov action id.',
      });
    }
  });
});

describe('GET /governance/proposals/{…}/parameters', () => {
  // The seeded ones: the key deposit change, and the information action (which has none: 404).
  it.each([keyDepositFixture(), PARAMETERS.find((f) => f.testName.includes('info_action'))!])(
    '$testName: as hosted Blockfrost, by both forms',
    async (fixture) => {
      const found = 'parameters' in fixture.response;
      for (const endpoint of fixture.endpoints) {
        const schema = endpoint.includes('gov_action1')
          ? '/governance/proposals/{gov_action_id}/parameters'
          : '/governance/proposals/{tx_hash}/{cert_index}/parameters';
        const response = found
          ? await getValid(stack.app, schema, `/${endpoint}`)
          : await get(stack.app, `/${endpoint}`);
        expect(response.body).toEqual(fixture.response);
      }
    },
  );
});

describe('GET /governance/proposals', () => {
  it('lists every proposal in chain order, with its CIP-129 id', async () => {
    const { body } = await getValid(
      stack.app,
      '/governance/proposals',
      '/governance/proposals?order=desc&count=2',
    );
    expect(body).toEqual([
      {
        id: expect.stringMatching(/^gov_action1/),
        tx_hash: 'ab'.repeat(32),
        cert_index: 0,
        governance_type: 'hard_fork_initiation',
      },
      {
        id: keyDepositFixture().response.id,
        tx_hash: keyDepositFixture().response.tx_hash,
        cert_index: 0,
        governance_type: 'parameter_change',
      },
    ]);
  });
});

describe('GET /governance/proposals/{…}/withdrawals and /votes', () => {
  it("a treasury withdrawal's payments; none for another action or an unknown one", async () => {
    const [byTx, byId] = TREASURY.endpoints;
    const expected = [{ stake_address: PAYEE, amount: '1000000000000' }];
    expect(
      (
        await getValid(
          stack.app,
          '/governance/proposals/{tx_hash}/{cert_index}/withdrawals',
          `/${byTx}/withdrawals`,
        )
      ).body,
    ).toEqual(expected);
    expect(
      (await getValid(stack.app, '/governance/proposals/{gov_action_id}/withdrawals', `/${byId}/withdrawals`))
        .body,
    ).toEqual(expected);
    expect((await get(stack.app, `/${INFO.endpoints[0]}/withdrawals`)).body).toEqual([]);
  });

  it("the votes in chain order, each voter's latest counted", async () => {
    const [byTx, byId] = HARD_FORK.endpoints;
    const expected = [
      {
        tx_hash: 'ee'.repeat(32),
        cert_index: 0,
        voter_role: 'drep',
        voter: expect.stringMatching(/^drep1/),
        vote: 'no',
        counted: false,
      },
      {
        tx_hash: 'ee'.repeat(32),
        cert_index: 0,
        voter_role: 'spo',
        voter: expect.stringMatching(/^pool1/),
        vote: 'yes',
        counted: true,
      },
      {
        tx_hash: 'ef'.repeat(32),
        cert_index: 0,
        voter_role: 'drep',
        voter: expect.stringMatching(/^drep1/),
        vote: 'yes',
        counted: true,
      },
      // RYO answers a committee member by its hot credential's hash in hex.
      {
        tx_hash: 'ef'.repeat(32),
        cert_index: 0,
        voter_role: 'constitutional_committee',
        voter: MEMBER.hash,
        vote: 'yes',
        counted: true,
      },
    ];
    expect(
      (await getValid(stack.app, '/governance/proposals/{tx_hash}/{cert_index}/votes', `/${byTx}/votes`))
        .body,
    ).toEqual(expected);
    const { body } = await getValid(
      stack.app,
      '/governance/proposals/{gov_action_id}/votes',
      `/${byId}/votes?order=desc&count=1`,
    );
    expect(body).toEqual([expected[3]]);
  });

  it.each(VOTE_ERRORS.map((f) => [f.endpoints[0]!, f.response]))(
    "GET %s answers Blockfrost's 400",
    async (endpoint, response) => {
      expect((await get(stack.app, `/${endpoint}`)).body).toEqual(response);
    },
  );
});

describe('blockfrost-js 6.2.0 governance proposal methods', () => {
  let api: BlockFrostAPI;

  beforeAll(async () => {
    api = await blockfrostClient(stack.app);
  });

  it('proposals and proposal return the API bodies', async () => {
    const proposals = await api.governance.proposals({ count: 100 });
    expect(proposals).toEqual((await get(stack.app, '/governance/proposals')).body);
    expect(await api.governance.proposal(hashOf(HARD_FORK), 0)).toEqual(HARD_FORK.response);
  });

  it('proposalWithdrawals(All) and proposalVotes(All) page through the API bodies', async () => {
    const withdrawals = (await get(stack.app, `/${TREASURY.endpoints[0]}/withdrawals`)).body;
    expect(await api.governance.proposalWithdrawals(hashOf(TREASURY), 0)).toEqual(withdrawals);
    expect(await api.governance.proposalWithdrawalsAll(hashOf(TREASURY), 0)).toEqual(withdrawals);
    const votes = (await get(stack.app, `/${HARD_FORK.endpoints[0]}/votes`)).body;
    expect(await api.governance.proposalVotes(hashOf(HARD_FORK), 0)).toEqual(votes);
    expect(await api.governance.proposalVotesAll(hashOf(HARD_FORK), 0, { batchSize: 2 })).toEqual(votes);
  });

  it('proposalParameters returns the API body', async () => {
    const { tx_hash } = keyDepositFixture().response as { tx_hash: string };
    expect(await api.governance.proposalParameters(tx_hash, 0)).toEqual(keyDepositFixture().response);
  });

  it('drepsByIdVotes, poolsByIdVotes and committeeVotes return the API bodies', async () => {
    const drep = drepIdFromCredential({ type: 'key', hash: DREP.hash });
    expect(await api.governance.drepsByIdVotes(drep)).toEqual(
      (await get(stack.app, `/governance/dreps/${drep}/votes`)).body,
    );
    const pool = poolIdFromHash(POOL.hash);
    expect(await api.poolsByIdVotes(pool)).toEqual((await get(stack.app, `/pools/${pool}/votes`)).body);
    expect(await api.governance.committeeVotes()).toEqual(
      (await get(stack.app, '/governance/committee/votes')).body,
    );
  });

  it("surfaces an unknown proposal as BlockfrostServerError with Blockfrost's 404", async () => {
    const error = await rejectionOf(api.governance.proposal(hashOf(INFO), 7));
    expect(error).toBeInstanceOf(BlockfrostServerError);
    expect(error).toMatchObject({ status_code: 404, error: 'Not Found' });
  });
});

describe('votes by voter', () => {
  const drepVotes = [
    {
      tx_hash: 'ee'.repeat(32),
      cert_index: 0,
      proposal_id: HARD_FORK.response.id,
      proposal_tx_hash: hashOf(HARD_FORK),
      proposal_cert_index: 0,
      vote: 'no',
    },
    {
      tx_hash: 'ef'.repeat(32),
      cert_index: 0,
      proposal_id: HARD_FORK.response.id,
      proposal_tx_hash: hashOf(HARD_FORK),
      proposal_cert_index: 0,
      vote: 'yes',
    },
    {
      tx_hash: 'ef'.repeat(32),
      cert_index: 1,
      proposal_id: INFO.response.id,
      proposal_tx_hash: hashOf(INFO),
      proposal_cert_index: 0,
      vote: 'abstain',
    },
  ];
  const endpoint = '/governance/dreps/{drep_id}/votes';

  it("GET /governance/dreps/{drep_id}/votes: a DRep's votes by its CIP-129 or legacy id", async () => {
    const cip129 = drepIdFromCredential({ type: 'key', hash: DREP.hash });
    const legacy = encodeBech32('drep', Buffer.from(DREP.hash, 'hex'));
    expect((await getValid(stack.app, endpoint, `/governance/dreps/${cip129}/votes`)).body).toEqual(
      drepVotes,
    );
    expect(
      (await getValid(stack.app, endpoint, `/governance/dreps/${legacy}/votes?order=desc&count=1`)).body,
    ).toEqual([drepVotes[2]]);
    // The same hash as a script credential is another DRep; the predefined DReps never vote.
    const script = encodeBech32('drep_script', Buffer.from(DREP.hash, 'hex'));
    expect((await getValid(stack.app, endpoint, `/governance/dreps/${script}/votes`)).body).toEqual([]);
    expect((await getValid(stack.app, endpoint, '/governance/dreps/drep_always_abstain/votes')).body).toEqual(
      [],
    );
  });

  it.each([
    ['a pool id', poolIdFromHash(POOL.hash)],
    ['a CIP-129 header of another key type', encodeBech32('drep', Buffer.from(`12${DREP.hash}`, 'hex'))],
    ['a broken checksum', 'drep1ygr9tkwdc0ksg9ak6m6mk3l6y7gj4jnscdm7m7h2dqfktwcz5ue8q'],
  ])("answers Blockfrost's 400 for %s", async (_, id) => {
    expect((await get(stack.app, `/governance/dreps/${id}/votes`)).body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'Invalid or malformed drep id.',
    });
  });

  it("GET /pools/{pool_id}/votes: the pool's votes; 404 for an unknown pool, 400 for a malformed id", async () => {
    const { body } = await getValid(
      stack.app,
      '/pools/{pool_id}/votes',
      `/pools/${poolIdFromHash(POOL.hash)}/votes`,
    );
    expect(body).toEqual([{ tx_hash: 'ee'.repeat(32), cert_index: 0, vote: 'yes' }]);
    expect((await get(stack.app, `/pools/${poolIdFromHash('0b'.repeat(28))}/votes`)).status).toBe(404);
    expect((await get(stack.app, '/pools/pool1nope/votes')).body).toMatchObject({ status_code: 400 });
  });

  it('GET /governance/committee/votes: every member vote with its proposal, block and CIP-129 hot id', async () => {
    const { body } = await getValid(stack.app, '/governance/committee/votes', '/governance/committee/votes');
    expect(body).toEqual([
      {
        tx_hash: 'ef'.repeat(32),
        voter_hot_id: encodeBech32('cc_hot', Buffer.from(`03${MEMBER.hash}`, 'hex')),
        proposal_id: HARD_FORK.response.id,
        proposal_tx_hash: hashOf(HARD_FORK),
        proposal_index: 0,
        governance_type: 'hard_fork_initiation',
        vote: 'yes',
        metadata_url: null,
        metadata_hash: null,
        block_height: 3,
        block_time: 3,
      },
    ]);
  });
});
