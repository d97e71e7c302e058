import { readFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { blake2b256, bytesToHex, drepIdFromCredential, stakeAddressFromCredential } from '@frostline/model';
import { ChainSeed } from './support/seed.js';
import { get, getValid, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// Blockfrost's own answers (blockfrost-tests, test-data/SOURCES.md) for mainnet DReps, seeded with the
// certificates that give them; the rest checks RYO's rules on a small chain of our own.
interface Fixture {
  testName: string;
  endpoints: string[];
  response: unknown;
}
const fixtures = (name: string) =>
  JSON.parse(readFileSync(new URL(`../test-data/${name}`, import.meta.url), 'utf8')) as Fixture[];
const drepFixtures = fixtures('mainnet-governance-drep.json');
const updateFixtures = fixtures('mainnet-governance-drep-updates.json');
const metadataFixtures = fixtures('mainnet-governance-drep-metadata.json');
interface MetadataBody {
  url: string;
  hash: string;
  json_metadata: unknown;
  bytes: string | null;
  error?: { code: string; message: { args: [string] } };
}
const [documentCase, failedCase] = metadataFixtures.map((f) => f.response as MetadataBody);
const UNFETCHED = '27651b562492d5a22ae2f354edd552d22cce8292d094dea93e9fa41b';
const fixture = (all: Fixture[], testName: string) => all.find((f) => f.testName === testName)!;

/** The fixture's body with its matchers replaced by what our chain gives. */
const withValues = (response: unknown, values: Record<string, unknown>) => ({
  ...(response as object),
  ...values,
});

// The DReps of the fixtures: hash, and the epochs of their certificates.
const RETIRED = '76e4bdf17fd1872e3748293049aa9373948386a672808180996072ce';
const KEY = '7bdef7aaf3c925e97ca42d36f119b0469a12cca4a17ecfefc6900350';
const SCRIPT = '2bccc3b22a9d63fe5f85ea1f48536cc434ff17e8a8917111119159f4';
const UPDATED = 'a865b3916bd1d4eb06b2c650d928991db042f54f3658c0fb8dfe1af4';
const IDLE = '11'.repeat(28);
/** Registered as long ago as IDLE, but it votes: a vote is activity too. */
const VOTER = '12'.repeat(28);
const CURRENT_EPOCH = 530;
const DREP_ACTIVITY = 20;
const anchor = { url: 'https://example.com/drep.jsonld', hash: 'ab'.repeat(32) };

let app: NestFastifyApplication;
let close: () => Promise<void>;
let seed: ChainSeed;
const accounts: string[] = [];

beforeAll(async () => {
  const db = await openTestDatabase();
  seed = new ChainSeed(db.sql);
  let height = 0;
  const inEpoch = async (epoch: number, hash?: string) => {
    height += 1;
    await seed.block({
      hash: height.toString(16).padStart(64, '0'),
      height,
      slot: height,
      epoch,
      epochSlot: height,
      time: 1_700_000_000 + height,
    });
    return seed.tx(hash ?? `${height.toString(16).padStart(4, '0')}${'c'.repeat(60)}`);
  };
  await seed.protocolParameters(CURRENT_EPOCH, { delegateRepresentativeMaxIdleTime: DREP_ACTIVITY });

  // Registered in 500 and 510, retired in 505 and 521.
  await seed.drepCertificate(await inEpoch(500), 'key', RETIRED, '500000000');
  await seed.drepCertificate(await inEpoch(505), 'key', RETIRED, '-500000000');
  await seed.drepCertificate(await inEpoch(510), 'key', RETIRED, '500000000');
  await seed.drepCertificate(await inEpoch(521), 'key', RETIRED, '-500000000');
  // Registered in 507 (with an anchor), updated in 525: still active.
  await seed.drepCertificate(await inEpoch(507), 'key', KEY, '500000000', 0, anchor);
  await seed.drepCertificate(await inEpoch(525), 'key', KEY, null);
  await seed.drepCertificate(await inEpoch(517), 'script', SCRIPT, '500000000');
  // Registered in 500, never active since: expired.
  await seed.drepCertificate(await inEpoch(500), 'key', IDLE, '500000000');
  const [registration, ...updates] = fixture(updateFixtures, 'governance drep updates').response as {
    tx_hash: string;
  }[];
  await seed.drepCertificate(await inEpoch(510, registration!.tx_hash), 'key', UPDATED, '500000000');
  for (const [i, update] of updates.entries()) {
    // The latest update carries the anchor of Blockfrost's metadata fixture.
    const withAnchor = i === updates.length - 1 ? { url: documentCase!.url, hash: documentCase!.hash } : null;
    await seed.drepCertificate(await inEpoch(511, update.tx_hash), 'key', UPDATED, null, 0, withAnchor);
  }
  await seed.governanceAnchor(documentCase!.url, documentCase!.hash, {
    bytes: documentCase!.bytes!.slice(2),
    json: documentCase!.json_metadata,
  });
  const failed = { url: failedCase!.url, hash: failedCase!.hash };
  await seed.drepCertificate(await inEpoch(512), 'key', UNFETCHED, '500000000', 0, failed);
  await seed.governanceAnchor(failed.url, failed.hash, {
    errorCode: failedCase!.error!.code,
    errorMessage: failedCase!.error!.message.args[0],
  });
  await seed.drepCertificate(await inEpoch(500), 'key', VOTER, '500000000');
  const action = { txHash: 'ac'.repeat(32), index: 0 };
  await seed.vote(await inEpoch(526), 0, { role: 'drep', hash: VOTER, hasScript: false }, action, 'yes');

  // Vote delegations: three to UPDATED (one moves on to no-confidence, one deregisters), one to abstain.
  const tx = await inEpoch(528);
  for (let i = 0; i < 4; i++) {
    const credential = { type: 'key' as const, hash: (0xa0 + i).toString(16).repeat(28) };
    const view = stakeAddressFromCredential(credential, 1);
    accounts.push(view);
    const id = await seed.stakeAddress(view, `e1${credential.hash}`);
    await seed.stakeRegistration(tx, id, false, i);
    await seed.balances(id, { utxo: `${(i + 1) * 1_000_000}`, reward: '5' });
  }
  await seed.voteDelegation(tx, 1, 'key', UPDATED, 10);
  await seed.voteDelegation(tx, 2, 'key', UPDATED, 11);
  await seed.voteDelegation(tx, 3, 'key', UPDATED, 12);
  await seed.voteDelegation(tx, 4, 'abstain', null, 13);
  const later = await inEpoch(529);
  await seed.voteDelegation(later, 2, 'no_confidence', null);
  await seed.stakeRegistration(later, 3, true, 1);

  await seed.drepSnapshot(CURRENT_EPOCH - 1, { id: 'old', kind: 'key', hash: KEY }, '1');
  await seed.drepSnapshot(CURRENT_EPOCH, { id: 'key', kind: 'key', hash: KEY }, '7000000');
  await seed.drepSnapshot(CURRENT_EPOCH, { id: 'script', kind: 'script', hash: SCRIPT }, '9000000');
  await seed.drepSnapshot(
    CURRENT_EPOCH,
    { id: 'drep_always_abstain', kind: 'abstain', hash: null },
    '4000005',
  );

  app = await startApp(testConfig(db.database));
  close = db.close;
});

afterAll(async () => {
  await app?.close();
  await close?.();
});

describe('GET /governance/dreps/{drep_id}', () => {
  const endpoint = '/governance/dreps/{drep_id}';
  const answers = async (testName: string, values: Record<string, unknown>) => {
    const { endpoints, response } = fixture(drepFixtures, testName);
    for (const path of endpoints) {
      const { status, body } = await getValid(app, endpoint, `/${path}`);
      expect({ path, status, body }).toEqual({ path, status: 200, body: withValues(response, values) });
    }
  };

  it("answers Blockfrost's fixtures: retired, active with a CIP-129 key or script id, the predefined DRep", async () => {
    await answers('governance drep with multiple registrations and deregistrations (inactive)', {
      amount: '0',
    });
    await answers(
      'governance drep cip129 drep id (same as legacy drep1000002hneyj7jl9y95m0zxdsg6dp9n9y59lvlm7xjqp4qh2jx7h)',
      {
        amount: '7000000',
        last_active_epoch: 525,
      },
    );
    await answers(
      'governance drep cip129 scriptHash drep id (same as legacy drep_script190xv8v32n43luhu9ag05s5mvcs6079lg4zghzyg3j9vlgle68y3)',
      {
        amount: '9000000',
        last_active_epoch: 517,
      },
    );
    // Known from a vote delegation to it; no snapshot names it.
    await answers('drep drep_always_no_confidence', { amount: '0' });
  });

  it('counts a vote as activity, as RYO: a DRep registered long ago that votes has not expired', async () => {
    const { body } = await getValid(
      app,
      endpoint,
      `/governance/dreps/${drepIdFromCredential({ type: 'key', hash: VOTER })}`,
    );
    expect(body).toMatchObject({ active_epoch: 500, last_active_epoch: 526, expired: false });
  });

  it('answers a legacy id with the legacy id and the bare hash, and keys its fields in the schema order', async () => {
    const { body } = await getValid(
      app,
      endpoint,
      '/governance/dreps/drep_script190xv8v32n43luhu9ag05s5mvcs6079lg4zghzyg3j9vlgle68y3',
    );
    expect(Object.keys(body)).toEqual([
      'drep_id',
      'hex',
      'amount',
      'active',
      'active_epoch',
      'has_script',
      'retired',
      'expired',
      'last_active_epoch',
    ]);
    expect(body).toMatchObject({
      drep_id: 'drep_script190xv8v32n43luhu9ag05s5mvcs6079lg4zghzyg3j9vlgle68y3',
      hex: SCRIPT,
      has_script: true,
    });
  });

  it('counts a DRep idle for more than drep_activity epochs as expired, and the abstain DRep with its voting power', async () => {
    const idle = await getValid(
      app,
      endpoint,
      '/governance/dreps/drep1ygg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg42v5vz',
    );
    expect(idle.body).toMatchObject({
      active: true,
      active_epoch: 500,
      last_active_epoch: 500,
      expired: true,
    });
    const abstain = await getValid(app, endpoint, '/governance/dreps/drep_always_abstain');
    expect(abstain.body).toEqual({
      drep_id: 'drep_always_abstain',
      hex: '',
      amount: '4000005',
      active: true,
      active_epoch: null,
      has_script: false,
      retired: false,
      expired: false,
      last_active_epoch: null,
    });
  });

  it("answers 404 for a DRep nothing names (a script hash asked as a key) and Blockfrost's 400 for a malformed id", async () => {
    for (const path of [
      '/governance/dreps/drep190xv8v32n43luhu9ag05s5mvcs6079lg4zghzyg3j9vlgsm80cs',
      '/governance/dreps/drep1yg4uesaj92wk8ljlsh4p7jzndnzrflchaz5fzug3zxg4naqknfvsk',
    ]) {
      expect((await get(app, path)).body).toEqual({
        status_code: 404,
        error: 'Not Found',
        message: 'The requested component has not been found.',
      });
    }
    const malformed = await getValid(
      app,
      endpoint,
      '/governance/dreps/drep_vkh1000002hneyj7jl9y95m0zxdsg6dp9n9y59lvlm7xjqp4q3dfmhd',
    );
    expect(malformed.body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'Invalid or malformed drep id.',
    });
  });
});

describe('GET /governance/dreps/{drep_id}/updates', () => {
  const endpoint = '/governance/dreps/{drep_id}/updates';

  it("answers Blockfrost's fixtures, by legacy and CIP-129 id, and its pagination errors", async () => {
    for (const { endpoints, response } of updateFixtures) {
      for (const path of endpoints) {
        const { status, body } = await getValid(app, endpoint, `/${path}`);
        expect({ path, body }).toEqual({ path, body: response });
        expect(status).toBe((response as { status_code?: number }).status_code ?? 200);
      }
    }
  });

  it('pages in chain order either way, and an unknown DRep has none', async () => {
    const all = fixture(updateFixtures, 'governance drep updates').response as unknown[];
    const base = '/governance/dreps/drep14pjm8ytt682wkp4jcegdj2yerkcy9a20xevvp7udlcd0ggjxdud/updates';
    expect((await getValid(app, endpoint, `${base}?count=3&page=2`)).body).toEqual(all.slice(3, 6));
    expect((await getValid(app, endpoint, `${base}?order=desc&count=2`)).body).toEqual(
      all.slice(-2).reverse(),
    );
    expect((await getValid(app, endpoint, '/governance/dreps/drep_always_abstain/updates')).body).toEqual([]);
  });
});

describe('GET /governance/dreps/{drep_id}/delegators', () => {
  const endpoint = '/governance/dreps/{drep_id}/delegators';
  const path = (id: string, query = '') => `/governance/dreps/${id}/delegators${query}`;

  it("lists the accounts whose latest vote delegation is the DRep's, with what each controls", async () => {
    const { body } = await getValid(
      app,
      endpoint,
      path('drep1y25xtvu3d0gaf6cxktr9pkfgnywmqsh4fum93s8m3hlp4aqj3uqdp'),
    );
    // The second account moved its vote on, the third deregistered.
    expect(body).toEqual([{ address: accounts[0], amount: '1000005' }]);
    expect((await getValid(app, endpoint, path('drep_always_abstain'))).body).toEqual([
      { address: accounts[3], amount: '4000005' },
    ]);
    expect((await getValid(app, endpoint, path('drep_always_no_confidence', '?order=desc'))).body).toEqual([
      { address: accounts[1], amount: '2000005' },
    ]);
  });

  it('lists none for a retired DRep or an unknown one', async () => {
    expect(
      (await getValid(app, endpoint, path('drep1wmjtmutl6xrjud6g9ycyn25nww2g8p4xw2qgrqyevpevuv3p4jf'))).body,
    ).toEqual([]);
    expect((await get(app, path('drep1wmjtmutl6xrjud6g9ycyn25nww2g8p4xw2qgrqyevpevuv3p4jg'))).status).toBe(
      400,
    );
  });
});

describe('GET /governance/dreps', () => {
  const endpoint = '/governance/dreps';
  const ids = async (query: string) =>
    (
      (await getValid(app, endpoint, `/governance/dreps${query}`)).body as { drep_id: string; hex: string }[]
    ).map((drep) => drep.hex);
  // First named: RETIRED, KEY, SCRIPT, IDLE, UPDATED, UNFETCHED, VOTER (certificates), then abstain and
  // no-confidence (delegations).
  const named = [
    '22' + RETIRED,
    '22' + KEY,
    '23' + SCRIPT,
    '22' + IDLE,
    '22' + UPDATED,
    '22' + UNFETCHED,
    '22' + VOTER,
    '',
    '',
  ];

  it('lists every DRep by its CIP-129 id in the order each was first named, with its latest anchor', async () => {
    const { body } = await getValid(app, endpoint, '/governance/dreps');
    expect(body.map((drep: { hex: string }) => drep.hex)).toEqual(named);
    expect(body[1]).toEqual({
      drep_id: 'drep1yfaaaaa270yjt6tu5skndugekprf5ykv5jshanl0c6gqx5qpstskf',
      hex: '22' + KEY,
      amount: '7000000',
      has_script: false,
      retired: false,
      expired: false,
      last_active_epoch: 525,
      metadata: { url: anchor.url, hash: anchor.hash, json_metadata: null, bytes: null },
    });
    expect(
      body.slice(7).map((drep: { drep_id: string; metadata: unknown }) => [drep.drep_id, drep.metadata]),
    ).toEqual([
      ['drep_always_abstain', null],
      ['drep_always_no_confidence', null],
    ]);
    // A failed fetch shows its error beside the anchor; a fetched document its JSON and bytes.
    expect(body[5].metadata).toEqual({
      url: failedCase!.url,
      hash: failedCase!.hash,
      json_metadata: null,
      bytes: null,
      error: { code: 'HTTP_RESPONSE_ERROR', message: failedCase!.error!.message.args[0] },
    });
    expect(body[4].metadata).toMatchObject({ url: documentCase!.url, bytes: documentCase!.bytes });
    expect(await ids('?order=desc&count=2&page=2')).toEqual(named.slice().reverse().slice(2, 4));
  });

  it('orders by voting power, ties in first-named order, and filters retired and expired DReps', async () => {
    expect(await ids('?order_by=amount&order=desc&count=3')).toEqual(['23' + SCRIPT, '22' + KEY, '']);
    expect((await ids('?order_by=amount')).slice(0, 3)).toEqual([
      '22' + RETIRED,
      '22' + IDLE,
      '22' + UPDATED,
    ]);
    expect(await ids('?retired=true')).toEqual(['22' + RETIRED]);
    expect(await ids('?expired=true')).toEqual(['22' + IDLE]);
    const { body } = await getValid(app, endpoint, '/governance/dreps');
    expect(body[6]).toMatchObject({ hex: '22' + VOTER, last_active_epoch: 526, expired: false });
    // the list's figures are the DRep's own
    for (const { drep_id, amount, retired, expired, last_active_epoch } of body) {
      const own = (await getValid(app, '/governance/dreps/{drep_id}', `/governance/dreps/${drep_id}`)).body;
      expect({ drep_id, ...own }).toMatchObject({ drep_id, amount, retired, expired, last_active_epoch });
    }
    expect(await ids('?retired=false&expired=false')).toEqual([
      '22' + KEY,
      '23' + SCRIPT,
      '22' + UPDATED,
      '22' + UNFETCHED,
      '22' + VOTER,
      '',
      '',
    ]);
    for (const { endpoints } of fixtures('common-governance-dreps.json')) {
      expect((await getValid(app, endpoint, `/${endpoints[0]}`)).status).toBe(200);
    }
  });

  it("answers Ajv's 400s for a bad order_by, retired or expired, after the pagination params", async () => {
    const message = async (query: string) =>
      (await getValid(app, endpoint, `/governance/dreps${query}`)).body.message;
    expect(await message('?order_by=stake')).toBe(
      'querystring/order_by must be equal to one of the allowed values',
    );
    expect(await message('?retired=yes')).toBe('querystring/retired must be boolean');
    expect(await message('?expired=1')).toBe('querystring/expired must be boolean');
    expect(await message('?count=0&order_by=stake')).toBe('querystring/count must be >= 1');
  });
});

describe('GET /governance/dreps/{drep_id}/metadata', () => {
  const endpoint = '/governance/dreps/{drep_id}/metadata';

  it("answers Blockfrost's fixtures: a fetched CIP-119 document, and a failed fetch with its error", async () => {
    const [fetched, failing] = metadataFixtures;
    const document = await getValid(app, endpoint, `/${fetched!.endpoints[0]}`);
    expect(document.body).toEqual(fetched!.response);
    const failure = await getValid(app, endpoint, `/${failing!.endpoints[0]}`);
    expect(failure.body).toEqual({
      ...(failing!.response as object),
      error: { code: 'HTTP_RESPONSE_ERROR', message: failedCase!.error!.message.args[0] },
    });
  });

  it('answers with the CIP-129 id as asked, and 404 for a DRep without an anchor', async () => {
    const { body } = await getValid(
      app,
      endpoint,
      '/governance/dreps/drep1y25xtvu3d0gaf6cxktr9pkfgnywmqsh4fum93s8m3hlp4aqj3uqdp/metadata',
    );
    expect(body).toMatchObject({
      drep_id: 'drep1y25xtvu3d0gaf6cxktr9pkfgnywmqsh4fum93s8m3hlp4aqj3uqdp',
      hex: `22${UPDATED}`,
    });
    for (const path of [
      '/governance/dreps/drep_always_abstain/metadata',
      '/governance/dreps/drep1wmjtmutl6xrjud6g9ycyn25nww2g8p4xw2qgrqyevpevuv3p4jf/metadata',
    ]) {
      expect((await get(app, path)).status).toBe(404);
    }
  });

  it("keeps Blockfrost's document: its bytes hash to the anchor's hash and parse to its JSON, as the anchor job checks", () => {
    const bytes = Buffer.from(documentCase!.bytes!.slice(2), 'hex');
    expect(bytesToHex(blake2b256(bytes))).toBe(documentCase!.hash);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(documentCase!.json_metadata);
  });
});

describe('GET /governance/committee', () => {
  const endpoint = '/governance/committee';

  it('answers 404 before the first snapshot, then the latest snapshot’s quorum and members', async () => {
    expect((await get(app, '/governance/committee')).status).toBe(404);
    await seed.committeeSnapshot(
      CURRENT_EPOCH,
      [2, 3],
      [
        {
          coldKind: 'script',
          coldHash: 'ff9babf23fef3f54ec29132c07a8e23807d7b395b143ecd8ff79f4c7',
          status: 'active',
          mandateEpoch: 580,
          hot: {
            status: 'authorized',
            kind: 'script',
            hash: '64bf0826f74edf688a28eabdfcbd191292ef41ca047afd6b807924b7',
          },
        },
        {
          coldKind: 'key',
          coldHash: '13493790d9b03483a1e1e684ea4faf1ee48a58f402574e7f2246f4d4',
          status: 'expired',
          mandateEpoch: 520,
          hot: { status: 'resigned' },
        },
        {
          coldKind: 'key',
          coldHash: '22'.repeat(28),
          status: 'active',
          mandateEpoch: 600,
          hot: { status: 'none' },
        },
        {
          coldKind: 'key',
          coldHash: '00'.repeat(28),
          status: 'unrecognized',
          mandateEpoch: 600,
          hot: { status: 'none' },
        },
      ],
    );
    const { status, body } = await getValid(app, endpoint, '/governance/committee');
    expect(status).toBe(200);
    const notAuthorized = { cc_hot_id: null, cc_hot_hex: null, cc_hot_has_script: null };
    expect(body).toEqual({
      gov_action_id: null,
      proposal_tx_hash: null,
      proposal_index: null,
      is_dissolved: false,
      quorum: { numerator: 2, denominator: 3 },
      members: [
        {
          cc_cold_id: 'cc_cold1zgf5jdusmxcrfqapu8ngf6j04u0wfzjc7sp9wnnlyfr0f4q68as9w',
          cc_cold_hex: '13493790d9b03483a1e1e684ea4faf1ee48a58f402574e7f2246f4d4',
          cc_cold_has_script: false,
          ...notAuthorized,
          status: 'resigned',
          expiration_epoch: 520,
        },
        {
          cc_cold_id: expect.stringMatching(/^cc_cold1/),
          cc_cold_hex: '22'.repeat(28),
          cc_cold_has_script: false,
          ...notAuthorized,
          status: 'not_authorized',
          expiration_epoch: 600,
        },
        {
          cc_cold_id: 'cc_cold1z0leh2lj8lhn748v9yfjcpaguguq04anjkc58mxclaulf3cmxjf0t',
          cc_cold_hex: 'ff9babf23fef3f54ec29132c07a8e23807d7b395b143ecd8ff79f4c7',
          cc_cold_has_script: true,
          cc_hot_id: 'cc_hot1qdjt7zpx7a8d76y29r4tml9aryff9m6pegz84lttspujfdcrkr62j',
          cc_hot_hex: '64bf0826f74edf688a28eabdfcbd191292ef41ca047afd6b807924b7',
          cc_hot_has_script: true,
          status: 'authorized',
          expiration_epoch: 580,
        },
      ],
    });
  });
});
