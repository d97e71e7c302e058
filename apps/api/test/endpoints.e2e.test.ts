import { readFileSync } from 'node:fs';
import { applyTotalsAsIndexer, refillHistory } from '@frostline/indexer/testing/database';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  MAINNET_NETWORK_ID,
  decodeShelleyAddress,
  encodeShelleyAddress,
  paymentCredentialFromBech32,
  paymentCredentialToBech32,
  poolIdFromHash,
  drepIdFromCredential,
} from '@frostline/model';
import { describeErrorFixtures, testData } from './support/error-fixtures.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { ChainSeed, enterpriseAddressOf, paymentCredentialOf } from './support/seed.js';
import { get, openTestDatabase, startApp, testConfig, TOKEN } from './support/test-app.js';

// Real mainnet values (blockfrost-tests fixtures) so the block response can be compared verbatim.
const [, blockFixture] = testData('mainnet-blocks-slot-slot-number.json') as {
  response: Record<string, unknown>;
}[];
const ADDRESS =
  'addr1qxcdc0jacmjcvz8rzc26ppntl03mdqtav6qa749d6wczckmswj8ngt9puck7f0cqxzsfe62un6ln88yy8c8tguz8twmq64snl8';
const PAYMENT_CRED = 'b0dc3e5dc6e58608e31615a0866bfbe3b6817d6681df54add3b02c5b';
/** Another (enterprise) address with the same payment credential. */
const SAME_CRED_ADDRESS = 'addr1vxcdc0jacmjcvz8rzc26ppntl03mdqtav6qa749d6wczckcrrkq0h';
const BYRON = 'Ae2tdPwUPEYwNguM7TB3dMnZMfZxn1pjGHyGdjaF4mFqZF9L3bj6cdhiH8t';
const UNSEEN_ADDRESS =
  'addr1q9y2gschak8ny3cet4dymth3xtq8fycnzpzg4svvvmdy7vnhxc96x8daz6yw33kxv07qqpxyn6w9e2ydcfhqk85ckehqrgssre';
const ORACLE =
  'addr1q85yx2w7ragn5sx6umgmtjpc3865s9sg59sz4rrh6f90kgwfwlzu3w8ttacqg89mkdgwshwnplj5c5n9f8dhp0h55q2q7qm63t';
/** The StakeNuts oracle's payment credential, and an enterprise address of it that registers later. */
const ORACLE_ENTERPRISE = enterpriseAddressOf(ORACLE);
const ORACLE_CRED = paymentCredentialOf(ORACLE);
// The StakeNuts registration, its metadata and its first two ADAUSD records, as RYO's unit fixtures answer them.
const ryoNutlink = testData('ryo-nutlink.fixtures.json').cases as {
  name: string;
  response: { metadata_url: string; metadata_hash: string; metadata: object } & { payload: unknown }[];
}[];
const ryoCase = (name: string) => ryoNutlink.find((c) => c.name === name)!.response;
const {
  metadata_url: NUTLINK_URL,
  metadata_hash: NUTLINK_HASH,
  metadata: STAKENUTS_METADATA,
} = ryoCase('respond with success and data on /nutlink/:address');
const [{ payload: ADAUSD_1 }, { payload: ADAUSD_2 }] = ryoCase(
  'respond with success and data on /nutlink/:address/tickers/:ticker 1',
);
const STAKE = 'stake1u9fzg77vrgfqlplkjqe9hntdcvsurpvxd60yp2fhn73002qsv9pdk';
const STAKE_RAW = 'e152247bcc1a120f87f690325bcd6dc321c185866e9e40a9379fa2f7a8';
const POLICY = '00000002df633853f6a47465c9496721d2d5b1291b8398016c0e87ae';
const NUTCOIN = '6e7574636f696e';
const POOL = '3bc1bf1a04ba85d8fd6119a08ee7f4ad659add075e2208b2886254a1';
const DREP = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c';
const hash = (n: number) => n.toString(16).padStart(64, '0');

let app: NestFastifyApplication;
let close: () => Promise<void>;

/** Every 2xx and error body is checked against the spec for its endpoint and status. */
async function request(endpoint: string, url: string) {
  const response = await get(app, url);
  expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
  return response;
}

beforeAll(async () => {
  const db = await openTestDatabase();
  const seed = new ChainSeed(db.sql);
  const f = blockFixture.response;
  await seed.block({
    hash: f.hash as string,
    height: 5058628,
    slot: 16019999,
    epoch: 234,
    epochSlot: 295199,
    time: 1607586290,
    size: 392,
    txCount: 1,
    outSum: '6225908',
    fees: '173025',
    slotLeader: f.slot_leader as string,
    blockVrf: f.block_vrf as string,
    opCert: f.op_cert as string,
    opCertCounter: '1',
    previousHash: f.previous_block as string,
  });
  const stakeId = await seed.stakeAddress(STAKE, STAKE_RAW);
  const tx1 = await seed.tx(hash(1));
  await seed.output(tx1, 0, {
    address: ADDRESS,
    paymentCred: PAYMENT_CRED,
    value: '5000000',
    stakeAddressId: stakeId,
  });
  await seed.output(tx1, 1, {
    address: ADDRESS,
    paymentCred: PAYMENT_CRED,
    value: '2000000',
    dataHash: hash(0xd),
    inlineDatum: 'd87980',
    assets: [
      { policyId: POLICY, assetName: NUTCOIN, quantity: '100' },
      { policyId: POLICY, assetName: '', quantity: '7' },
    ],
  });
  const spent = await seed.output(tx1, 2, { address: ADDRESS, paymentCred: PAYMENT_CRED, value: '1' });
  await seed.output(tx1, 3, { address: BYRON, value: '3000000' });
  await seed.mint(tx1, POLICY, NUTCOIN, '150');
  await seed.mint(tx1, POLICY, '', '7');
  await seed.tokenMetadata(POLICY + NUTCOIN, {
    name: 'nutcoin',
    description: 'The legendary Nutcoin',
    ticker: 'NUT',
    decimals: 6,
  });
  await seed.stakeRegistration(tx1, stakeId, false);
  await seed.delegation(tx1, stakeId, POOL);
  await seed.voteDelegation(tx1, stakeId, 'key', DREP);
  await seed.drepCertificate(tx1, 'key', DREP, '500000000');
  await seed.nutlinkRegistration(tx1, ORACLE, ORACLE_CRED);
  await seed.metadata(tx1, 1967, { metadata: NUTLINK_URL, hash: NUTLINK_HASH }, 'a0');
  await seed.nutlinkMetadata(NUTLINK_URL, NUTLINK_HASH, STAKENUTS_METADATA);
  await seed.nutlinkTickers(tx1, ORACLE, ORACLE_CRED, ['ADAUSD', 'ADABTC']);
  await seed.metadata(
    tx1,
    1968,
    { ADAUSD: ADAUSD_1, ADABTC: [{ value: '7.96e-06', source: 'coinGecko' }] },
    'a0',
  );

  await seed.block({
    hash: f.next_block as string,
    height: 5058629,
    slot: 16020000,
    epoch: 234,
    epochSlot: 295200,
    time: 1607586291,
    previousHash: f.hash as string,
  });
  const tx2 = await seed.tx(hash(2));
  await seed.spend(spent, tx2);
  await seed.output(tx2, 0, {
    address: SAME_CRED_ADDRESS,
    paymentCred: PAYMENT_CRED,
    value: '4000000',
    referenceScriptHash: 'ab'.repeat(28),
  });
  await seed.mint(tx2, POLICY, NUTCOIN, '-50');
  await seed.withdrawal(tx2, stakeId, '1000');
  await seed.mir(tx2, stakeId, 'reserves', '300');
  await seed.mir(tx2, stakeId, 'treasury', '20');
  await seed.balances(stakeId, { utxo: '5000000', reward: '2500' });
  // Paid to both of the credential's addresses: a record for each, ADAUSD's DRAND-like object kept whole.
  await seed.nutlinkTickers(tx2, ORACLE, ORACLE_CRED, ['ADAEUR', 'ADAUSD']);
  await seed.nutlinkTickers(tx2, ORACLE_ENTERPRISE, ORACLE_CRED, ['ADAEUR', 'ADAUSD']);
  await seed.metadata(tx2, 1968, { ADAEUR: { round: 492700, randomness: 'ab' }, ADAUSD: ADAUSD_2 }, 'a0');
  // The enterprise address registers later, without a URL: the credential's latest registration.
  await seed.nutlinkRegistration(tx2, ORACLE_ENTERPRISE, ORACLE_CRED);
  await seed.metadata(tx2, 1967, { hash: 5 }, 'a0');
  await refillHistory(db.sql);

  app = await startApp(testConfig(db.database));
  close = db.close;
});

afterAll(async () => {
  await app.close();
  await close();
});

describe('GET /blocks/epoch/{epoch_number}/slot/{slot_number}', () => {
  const endpoint = '/blocks/epoch/{epoch_number}/slot/{slot_number}';

  it('returns the block of that epoch slot, as blockfrost-tests expects for epoch 234 slot 295199', async () => {
    const { status, body } = await request(endpoint, '/api/v0/blocks/epoch/234/slot/295199');
    expect(status).toBe(200);
    expect(body).toEqual({ ...blockFixture.response, confirmations: 1 });
    expect(Object.keys(body)).toEqual(Object.keys(toSchemaOrder(body)));
  });

  it('has null output and fees for a block without transactions, and no next block at the tip', async () => {
    const { body } = await request(endpoint, '/blocks/epoch/234/slot/295200');
    expect(body).toMatchObject({ output: null, fees: null, next_block: null, confirmations: 0, tx_count: 0 });
  });

  it.each([
    ['x', '1', 'params/epoch_number must be integer'],
    ['1', '1.5', 'params/slot_number must be integer'],
    ['-1', '1', 'Missing, out of range or malformed epoch_number.'],
    ['1', '2147483648', 'Missing, out of range or malformed slot_number.'],
  ])('rejects epoch %s slot %s with 400 "%s"', async (epoch, slot, message) => {
    const { status, body } = await request(endpoint, `/blocks/epoch/${epoch}/slot/${slot}`);
    expect([status, body.message]).toEqual([400, message]);
  });

  it('answers 404 for an empty slot', async () => {
    expect((await request(endpoint, '/blocks/epoch/234/slot/1')).status).toBe(404);
  });
});

function toSchemaOrder(body: Record<string, unknown>) {
  const order = [
    'time',
    'height',
    'hash',
    'slot',
    'epoch',
    'epoch_slot',
    'slot_leader',
    'size',
    'tx_count',
    'output',
    'fees',
    'block_vrf',
    'op_cert',
    'op_cert_counter',
    'previous_block',
    'next_block',
    'confirmations',
  ];
  return Object.fromEntries(order.map((key) => [key, body[key]]));
}

describe('GET /addresses/{address}/utxos/{asset}', () => {
  const endpoint = '/addresses/{address}/utxos/{asset}';
  const utxo = (tx: number, index: number, lovelace: string, extra: object = {}) => ({
    address: ADDRESS,
    tx_hash: hash(tx),
    tx_index: index,
    output_index: index,
    amount: [{ unit: 'lovelace', quantity: lovelace }],
    block: blockFixture.response.hash,
    data_hash: null,
    inline_datum: null,
    reference_script_hash: null,
    ...extra,
  });

  it('lists unspent outputs holding the asset with every asset of each output, sorted by unit', async () => {
    const { status, body } = await request(endpoint, `/addresses/${ADDRESS}/utxos/${POLICY}${NUTCOIN}`);
    expect(status).toBe(200);
    expect(body).toEqual([
      utxo(1, 1, '2000000', {
        amount: [
          { unit: 'lovelace', quantity: '2000000' },
          { unit: POLICY, quantity: '7' },
          { unit: POLICY + NUTCOIN, quantity: '100' },
        ],
        data_hash: hash(0xd),
        inline_datum: 'd87980',
      }),
    ]);
  });

  it('treats `lovelace` as outputs without native assets, spent outputs excluded', async () => {
    const { body } = await request(endpoint, `/addresses/${ADDRESS}/utxos/lovelace`);
    expect(body).toEqual([utxo(1, 0, '5000000')]);
  });

  it('matches every address of a payment credential (addr_vkh), in chain order and both directions', async () => {
    const vkh = paymentCredentialToBech32({ type: 'key', hash: PAYMENT_CRED });
    const asc = await request(endpoint, `/addresses/${vkh}/utxos/lovelace`);
    expect(asc.body.map((u: { address: string; tx_hash: string }) => [u.address, u.tx_hash])).toEqual([
      [ADDRESS, hash(1)],
      [SAME_CRED_ADDRESS, hash(2)],
    ]);
    expect(asc.body[1].reference_script_hash).toBe('ab'.repeat(28));
    const desc = await request(endpoint, `/addresses/${vkh}/utxos/lovelace?order=desc&count=1&page=1`);
    expect(desc.body.map((u: { tx_hash: string }) => u.tx_hash)).toEqual([hash(2)]);
    const page2 = await request(endpoint, `/addresses/${vkh}/utxos/lovelace?order=desc&count=1&page=2`);
    expect(page2.body.map((u: { tx_hash: string }) => u.tx_hash)).toEqual([hash(1)]);
  });

  it('serves Byron addresses', async () => {
    const { body } = await request(endpoint, `/addresses/${BYRON}/utxos/lovelace`);
    expect(body).toEqual([{ ...utxo(1, 3, '3000000'), address: BYRON }]);
  });

  it('answers [] for a seen address without a match, 404 for an unseen address or asset', async () => {
    expect(
      (await request(endpoint, `/addresses/${SAME_CRED_ADDRESS}/utxos/${POLICY}${NUTCOIN}`)).body,
    ).toEqual([]);
    expect((await request(endpoint, `/addresses/${UNSEEN_ADDRESS}/utxos/lovelace`)).status).toBe(404);
    expect((await request(endpoint, `/addresses/${ADDRESS}/utxos/${POLICY}00`)).status).toBe(404);
    // Upper-case hex is valid input that Blockfrost can never find.
    expect(
      (await request(endpoint, `/addresses/${ADDRESS}/utxos/${(POLICY + NUTCOIN).toUpperCase()}`)).status,
    ).toBe(404);
  });

  describeErrorFixtures({ [endpoint]: 'address-utxos-asset' });
});

describe('GET /addresses/{address}/transactions and /total of a payment credential', () => {
  const vkh = paymentCredentialToBech32({ type: 'key', hash: PAYMENT_CRED });

  it('lists each transaction of any of its addresses once: the one spending at one and paying the other too', async () => {
    const endpoint = '/addresses/{address}/transactions';
    const { body } = await request(endpoint, `/addresses/${vkh}/transactions`);
    expect(body.map((tx: { tx_hash: string }) => tx.tx_hash)).toEqual([hash(1), hash(2)]);
    expect((await request(endpoint, `/addresses/${ADDRESS}/transactions?order=desc`)).body).toEqual(
      body.toReversed(),
    );
    const only = await request(endpoint, `/addresses/${SAME_CRED_ADDRESS}/transactions`);
    expect(only.body.map((tx: { tx_hash: string }) => tx.tx_hash)).toEqual([hash(2)]);
  });

  it('sums what its addresses received and sent, and counts each transaction once', async () => {
    const { body } = await request('/addresses/{address}/total', `/addresses/${vkh}/total`);
    expect(body).toEqual({
      address: vkh,
      received_sum: [
        { unit: 'lovelace', quantity: '11000001' },
        { unit: POLICY, quantity: '7' },
        { unit: POLICY + NUTCOIN, quantity: '100' },
      ],
      sent_sum: [{ unit: 'lovelace', quantity: '1' }],
      tx_count: 2,
    });
  });
});

describe('GET /addresses/{address}', () => {
  const endpoint = '/addresses/{address}';
  type AddressFixture = {
    testName: string;
    endpoints: string[];
    response: { address: string; amount: { unit: string; quantity: string }[] };
  };

  /**
   * blockfrost-tests' answers given in full (the others match any amount), seeded as one output per
   * payment credential holding the amount (an address asked by its credential gets an enterprise one), spent
   * when the amount is nothing.
   */
  it.each(['mainnet', 'preprod', 'preview'])("equals Blockfrost's exact %s answers", async (network) => {
    const fixtures = (testData(`${network}-address.json`) as AddressFixture[]).filter(
      (f) => !JSON.stringify(f.response).includes('$matcher') && !('status_code' in f.response),
    );
    expect(fixtures.length).toBeGreaterThan(1);
    const db = await openTestDatabase();
    const seed = new ChainSeed(db.sql);
    await seed.block({ hash: hash(0xe0), height: 1, slot: 1, epoch: 1, epochSlot: 1, time: 1 });
    const seeded = new Set<string>();
    // Addresses first: a credential asked for after its address sums that address's output.
    const byAddressFirst = [...fixtures].sort(
      (a, b) =>
        Number(paymentCredentialFromBech32(a.response.address) !== null) -
        Number(paymentCredentialFromBech32(b.response.address) !== null),
    );
    for (const { response } of byAddressFirst) {
      const credential = paymentCredentialFromBech32(response.address);
      const decoded = decodeShelleyAddress(response.address);
      const payment = credential ?? (decoded && 'payment' in decoded ? decoded.payment : null);
      if (payment === null || seeded.has(payment.hash)) continue;
      seeded.add(payment.hash);
      const networkId = network === 'mainnet' ? MAINNET_NETWORK_ID : 0;
      const address = credential
        ? encodeShelleyAddress({ type: 'enterprise', networkId, payment })
        : response.address;
      const [lovelace, ...assets] = response.amount;
      const output = await seed.output(await seed.tx(hash(0xe100 + seeded.size)), 0, {
        address,
        paymentCred: payment.hash,
        value: lovelace!.quantity,
        assets: assets.map(({ unit, quantity }) => ({
          policyId: unit.slice(0, 56),
          assetName: unit.slice(56),
          quantity,
        })),
      });
      if (lovelace!.quantity === '0') await seed.spend(output, await seed.tx(hash(0xe200 + seeded.size)));
    }
    const networkApp = await startApp(testConfig(db.database, { NETWORK: network }));
    try {
      for (const fixture of fixtures) {
        const response = await get(networkApp, `/${fixture.endpoints[0]}`);
        expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
        expect({ name: fixture.testName, body: response.body }).toEqual({
          name: fixture.testName,
          body: fixture.response,
        });
      }
    } finally {
      await networkApp.close();
      await db.close();
    }
  });

  it('sums every unspent output of the address, and of its payment credential', async () => {
    const { status, body } = await request(endpoint, `/addresses/${ADDRESS}`);
    expect(status).toBe(200);
    const utxos = (await request('/addresses/{address}/utxos', `/addresses/${ADDRESS}/utxos`)).body as {
      amount: { unit: string; quantity: string }[];
    }[];
    const sums = new Map<string, bigint>();
    for (const { unit, quantity } of utxos.flatMap((u) => u.amount))
      sums.set(unit, (sums.get(unit) ?? 0n) + BigInt(quantity));
    const [lovelace, ...assets] = [...sums].map(([unit, quantity]) => ({ unit, quantity: String(quantity) }));
    expect(body.amount).toEqual([lovelace, ...assets.sort((a, b) => (a.unit < b.unit ? -1 : 1))]);
    expect(body.type).toBe('shelley');
    const byCredential = await request(
      endpoint,
      `/addresses/${paymentCredentialToBech32({ type: 'key', hash: PAYMENT_CRED })}`,
    );
    expect(byCredential.body.stake_address).toBeNull();
    expect(BigInt(byCredential.body.amount[0].quantity)).toBeGreaterThanOrEqual(BigInt(lovelace!.quantity));
  });

  it('answers a Byron address as byron without a stake address', async () => {
    const { status, body } = await request(endpoint, `/addresses/${BYRON}`);
    expect([status, body.type, body.stake_address, body.script]).toEqual([200, 'byron', null, false]);
  });

  it("shows lovelace with 6 decimals and each asset's registry decimals in /extended", async () => {
    const plain = await request(endpoint, `/addresses/${ADDRESS}`);
    const { status, body } = await request('/addresses/{address}/extended', `/addresses/${ADDRESS}/extended`);
    expect(status).toBe(200);
    expect(body.amount[0]).toEqual({ ...plain.body.amount[0], decimals: 6, has_nft_onchain_metadata: false });
    expect(body.amount.map((a: { unit: string }) => a.unit)).toEqual(
      plain.body.amount.map((a: { unit: string }) => a.unit),
    );
    const display = (unit: string) => {
      const { decimals, has_nft_onchain_metadata } = body.amount.find(
        (a: { unit: string }) => a.unit === unit,
      );
      return { decimals, has_nft_onchain_metadata };
    };
    // nutcoin has a registry entry (6 decimals), the nameless asset none.
    expect([display(POLICY + NUTCOIN), display(POLICY)]).toEqual([
      { decimals: 6, has_nft_onchain_metadata: false },
      { decimals: null, has_nft_onchain_metadata: false },
    ]);
  });

  it('answers 404 for an address no output ever had', async () => {
    expect((await request(endpoint, `/addresses/${UNSEEN_ADDRESS}`)).status).toBe(404);
    expect(
      (await request('/addresses/{address}/extended', `/addresses/${UNSEEN_ADDRESS}/extended`)).status,
    ).toBe(404);
  });

  describeErrorFixtures({ [endpoint]: 'address' });
});

describe('GET /addresses/{address}/utxos', () => {
  const endpoint = '/addresses/{address}/utxos';
  const txHashes = (body: { tx_hash: string; output_index: number }[]) =>
    body.map((u) => `${u.tx_hash.slice(0, 2)}#${u.output_index}`);

  it('lists every unspent output of the address, with or without assets, in chain order', async () => {
    const { status, body } = await request(endpoint, `/addresses/${ADDRESS}/utxos`);
    expect(status).toBe(200);
    expect(txHashes(body)).toEqual(['00#0', '00#1']);
    expect(body[1].amount).toEqual([
      { unit: 'lovelace', quantity: '2000000' },
      { unit: POLICY, quantity: '7' },
      { unit: POLICY + NUTCOIN, quantity: '100' },
    ]);
    const desc = await request(endpoint, `/addresses/${ADDRESS}/utxos?order=desc&count=1&page=2`);
    expect(txHashes(desc.body)).toEqual(['00#0']);
  });

  it('matches every address of a payment credential (addr_vkh) and serves Byron addresses', async () => {
    const vkh = paymentCredentialToBech32({ type: 'key', hash: PAYMENT_CRED });
    const { body } = await request(endpoint, `/addresses/${vkh}/utxos`);
    expect(body.map((u: { address: string }) => u.address)).toEqual([ADDRESS, ADDRESS, SAME_CRED_ADDRESS]);
    expect((await request(endpoint, `/addresses/${BYRON}/utxos`)).body).toHaveLength(1);
  });

  it('answers [] past the last page and 404 for an address no output ever had', async () => {
    expect((await request(endpoint, `/addresses/${ADDRESS}/utxos?page=2`)).body).toEqual([]);
    expect((await request(endpoint, `/addresses/${UNSEEN_ADDRESS}/utxos`)).status).toBe(404);
  });

  it('answers blockfrost-tests "with summit token" exactly, by address and by addr_vkh', async () => {
    const fixture = (
      testData('mainnet-address-utxos.json') as { testName: string; endpoints: string[]; response: any[] }[]
    ).find((f) => f.testName.includes('summit token'))!;
    const db = await openTestDatabase();
    const seed = new ChainSeed(db.sql);
    const [first] = fixture.response;
    await seed.block({ hash: first.block, height: 1, slot: 1, epoch: 1, epochSlot: 1, time: 1 });
    const tx = await seed.tx(first.tx_hash);
    const decoded = decodeShelleyAddress(first.address);
    if (decoded?.type !== 'base') throw new Error('the fixture address is a base address');
    const paymentCred = decoded.payment.hash;
    for (const utxo of fixture.response) {
      await seed.output(tx, utxo.output_index, {
        address: utxo.address,
        paymentCred,
        value: utxo.amount[0].quantity,
        assets: utxo.amount.slice(1).map((a: { unit: string; quantity: string }) => ({
          policyId: a.unit.slice(0, 56),
          assetName: a.unit.slice(56),
          quantity: a.quantity,
        })),
      });
    }
    const fixtureApp = await startApp(testConfig(db.database));
    try {
      for (const url of fixture.endpoints) {
        const response = await get(fixtureApp, `/${url}`);
        expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
        expect(response.body).toEqual(fixture.response);
      }
    } finally {
      await fixtureApp.close();
      await db.close();
    }
  });

  describeErrorFixtures({ [endpoint]: 'address-utxos' });
});

describe('GET /assets/{asset}', () => {
  const endpoint = '/assets/{asset}';

  it('sums mints and burns, takes the first mint, the fingerprint and the registry entry', async () => {
    const { status, body } = await request(endpoint, `/assets/${POLICY}${NUTCOIN}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      asset: POLICY + NUTCOIN,
      policy_id: POLICY,
      asset_name: NUTCOIN,
      fingerprint: 'asset12h3p5l3nd5y26lr22am7y7ga3vxghkhf57zkhd',
      quantity: '100',
      initial_mint_tx_hash: hash(1),
      mint_or_burn_count: 2,
      onchain_metadata: null,
      onchain_metadata_standard: null,
      onchain_metadata_extra: null,
      metadata: {
        name: 'nutcoin',
        description: 'The legendary Nutcoin',
        ticker: 'NUT',
        url: null,
        logo: null,
        decimals: 6,
      },
    });
  });

  it('gives a null asset_name for the empty name and null metadata without a registry entry', async () => {
    const { body } = await request(endpoint, `/assets/${POLICY}`);
    expect(body).toMatchObject({
      asset: POLICY,
      asset_name: null,
      quantity: '7',
      mint_or_burn_count: 1,
      metadata: null,
    });
  });

  it('answers 400 for malformed units and 404 for unknown ones', async () => {
    for (const unit of ['asset1stonks', 'ab'.repeat(27), 'a'.repeat(121)]) {
      const { status, body } = await request(endpoint, `/assets/${unit}`);
      expect([status, body.message]).toEqual([400, 'Invalid or malformed asset format.']);
    }
    expect((await request(endpoint, `/assets/${POLICY}ff`)).status).toBe(404);
  });
});

describe('GET /assets/{asset}/addresses', () => {
  const endpoint = '/assets/{asset}/addresses';

  it('lists the addresses whose unspent outputs hold the asset, with the quantity held', async () => {
    const { status, body } = await request(endpoint, `/assets/${POLICY}${NUTCOIN}/addresses`);
    expect(status).toBe(200);
    expect(body).toEqual([{ address: ADDRESS, quantity: '100' }]);
  });

  it("answers blockfrost-tests' gimbal holders in order, summing outputs, without spent outputs or invalid transactions' collateral returns", async () => {
    const fixture = (
      testData('mainnet-asset-addresses.json') as {
        testName: string;
        endpoints: string[];
        response: { address: string; quantity: string }[];
      }[]
    ).find((f) => f.testName.endsWith('gimbal'))!;
    const unit = fixture.endpoints[0]!.split('/')[1]!;
    const db = await openTestDatabase();
    const seed = new ChainSeed(db.sql);
    await seed.block({ hash: hash(0xe0), height: 1, slot: 1, epoch: 1, epochSlot: 1, time: 1 });
    const asset = (quantity: string) => [
      { policyId: unit.slice(0, 56), assetName: unit.slice(56), quantity },
    ];
    for (const [i, holder] of fixture.response.entries()) {
      // Each holder gets the quantity in two outputs (summed), in the fixture's order of first transaction.
      const tx = await seed.tx(hash(0xe000 + i));
      const half = BigInt(holder.quantity) / 2n;
      await seed.output(tx, 0, { address: holder.address, value: '1500000', assets: asset(String(half)) });
      await seed.output(tx, 1, {
        address: holder.address,
        value: '1500000',
        assets: asset(String(BigInt(holder.quantity) - half)),
      });
    }
    const spender = await seed.tx(hash(0xe100));
    const spent = await seed.output(spender, 0, {
      address: UNSEEN_ADDRESS,
      value: '1500000',
      assets: asset('5'),
    });
    await seed.spend(spent, spender);
    const invalid = await seed.tx(hash(0xe101), { valid: false });
    await seed.output(invalid, 2, { address: UNSEEN_ADDRESS, value: '1500000', assets: asset('6') });
    // A failed transaction's collateral return to a holder adds nothing to what it holds.
    await seed.output(invalid, 3, {
      address: fixture.response[0]!.address,
      value: '1500000',
      assets: asset('7'),
    });
    await applyTotalsAsIndexer(db.sql);
    const fixtureApp = await startApp(testConfig(db.database));
    try {
      const response = await get(fixtureApp, `/${fixture.endpoints[0]}`);
      expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
      expect(response.body).toEqual(fixture.response);
      const desc = await get(fixtureApp, `/${fixture.endpoints[0]}?order=desc&count=1`);
      expect(desc.body).toEqual([fixture.response.at(-1)]);
    } finally {
      await fixtureApp.close();
      await db.close();
    }
  });

  it('answers [] past the last page and 404 for an asset never seen', async () => {
    expect((await request(endpoint, `/assets/${POLICY}${NUTCOIN}/addresses?page=2`)).body).toEqual([]);
    expect((await request(endpoint, `/assets/${POLICY}00/addresses`)).status).toBe(404);
  });

  describeErrorFixtures({ [endpoint]: 'asset-addresses' });
});

describe('GET /accounts/{stake_address}', () => {
  const endpoint = '/accounts/{stake_address}';

  it('derives every field from certificates, withdrawals, MIRs and balances', async () => {
    const { status, body } = await request(endpoint, `/accounts/${STAKE}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      stake_address: STAKE,
      active: true,
      registered: true,
      active_epoch: 234,
      controlled_amount: '5002500',
      rewards_sum: '3500',
      withdrawals_sum: '1000',
      reserves_sum: '300',
      treasury_sum: '20',
      withdrawable_amount: '2500',
      pool_id: poolIdFromHash(POOL),
      drep_id: drepIdFromCredential({ type: 'key', hash: DREP }),
    });
  });

  it('answers 400 for malformed or other-network stake addresses and 404 for unseen ones', async () => {
    for (const input of [
      'stake1stonks',
      'stake_test1uqqauqr2wtdq3jwl49z5j6zgzs98gqtjfgwuntw7up5pemc3dax4t',
      ADDRESS,
    ]) {
      const { status, body } = await request(endpoint, `/accounts/${input}`);
      expect([status, body.message]).toEqual([400, 'Invalid or malformed stake address format.']);
    }
    expect(
      (await request(endpoint, '/accounts/stake1u8zu4smzyf2r2mfqjd6tc6vxf2p8rccdfk82ye3eut2udkgs46q0w'))
        .status,
    ).toBe(404);
  });
});

describe('GET /nutlink/{address}/tickers', () => {
  const endpoint = '/nutlink/{address}/tickers';

  it('lists tickers alphabetically (asc) or by first appearance, newest first (desc)', async () => {
    const asc = await request(endpoint, `/nutlink/${ORACLE}/tickers`);
    expect(asc.body).toEqual([
      { name: 'ADABTC', count: 1, latest_block: 5058628 },
      { name: 'ADAEUR', count: 1, latest_block: 5058629 },
      { name: 'ADAUSD', count: 2, latest_block: 5058629 },
    ]);
    const desc = await request(endpoint, `/nutlink/${ORACLE}/tickers?order=desc&count=2`);
    expect(desc.body.map((ticker: { name: string }) => ticker.name)).toEqual(['ADAEUR', 'ADABTC']);
  });

  it('answers 404 for an address that never registered as an oracle', async () => {
    expect((await request(endpoint, `/nutlink/${ADDRESS}/tickers`)).status).toBe(404);
  });

  const fixtures = (
    testData('blockfrost_e2e_nutlink_fixtures.json').fixtures as {
      testName: string;
      endpoints: string[];
      response: { status_code?: number };
    }[]
  ).filter(
    (fixture) =>
      fixture.response.status_code === 400 && /\/tickers(\/ADAUSD)?(\?|$)/.test(fixture.endpoints[0]),
  );
  it.each(fixtures.map((fixture) => [fixture.testName, fixture] as const))(
    'blockfrost-tests: %s',
    async (_name, fixture) => {
      const url = `/${fixture.endpoints[0]}`;
      const { body } = await request(url.includes('/tickers/') ? `${endpoint}/{ticker}` : endpoint, url);
      expect(body).toEqual(fixture.response);
    },
  );
});

describe('GET /nutlink/{address}', () => {
  const endpoint = '/nutlink/{address}';

  it("answers the latest registration with the metadata the indexer's job cached for its URL and hash", async () => {
    const { status, body } = await request(endpoint, `/nutlink/${ORACLE}`);
    expect([status, body]).toEqual([
      200,
      {
        address: ORACLE,
        metadata_url: NUTLINK_URL,
        metadata_hash: NUTLINK_HASH,
        metadata: STAKENUTS_METADATA,
      },
    ]);
    const fixture = (
      testData('blockfrost_e2e_nutlink_fixtures.json').fixtures as { endpoints: string[]; response: object }[]
    ).find((f) => f.endpoints[0] === `nutlink/${ORACLE}`)!;
    // Hosted Blockfrost could not fetch the file: its answer is ours less the metadata.
    expect({ ...body, metadata: null }).toEqual(fixture.response);
  });

  it('by payment credential: the bech32 credential and the latest registration of its addresses', async () => {
    const vkh = paymentCredentialToBech32({ type: 'key', hash: ORACLE_CRED });
    const { body } = await request(endpoint, `/nutlink/${vkh}`);
    // The latest has no URL and a number for its hash: Blockfrost writes both as strings, and has no metadata.
    expect(body).toEqual({ address: vkh, metadata_url: '', metadata_hash: '5', metadata: null });
  });

  it('answers 404 for an address that never registered and 400 for a malformed one', async () => {
    expect((await request(endpoint, `/nutlink/${ADDRESS}`)).status).toBe(404);
    const { status, body } = await request(endpoint, '/nutlink/addr1stonks');
    expect([status, body.message]).toEqual([
      400,
      'Invalid address for this network or malformed address format.',
    ]);
  });
});

describe('GET /nutlink/{address}/tickers/{ticker}', () => {
  const endpoint = '/nutlink/{address}/tickers/{ticker}';
  const record = (tx: number, block_height: number, payload: unknown) => ({
    tx_hash: hash(tx),
    block_height,
    tx_index: 0,
    payload,
  });

  it("lists the ticker's records at the address in chain order, paged", async () => {
    const asc = await request(endpoint, `/nutlink/${ORACLE}/tickers/ADAUSD`);
    expect(asc.body).toEqual([record(1, 5058628, ADAUSD_1), record(2, 5058629, ADAUSD_2)]);
    const desc = await request(endpoint, `/nutlink/${ORACLE}/tickers/ADAUSD?order=desc&count=1&page=2`);
    expect(desc.body).toEqual([record(1, 5058628, ADAUSD_1)]);
    const eur = await request(endpoint, `/nutlink/${ORACLE}/tickers/ADAEUR`);
    expect(eur.body).toEqual([record(2, 5058629, { round: 492700, randomness: 'ab' })]);
    expect((await request(endpoint, `/nutlink/${ORACLE}/tickers/ADAUSD?page=3&count=1`)).body).toEqual([]);
  });

  it('by payment credential: every address of it, one record per output', async () => {
    const vkh = paymentCredentialToBech32({ type: 'key', hash: ORACLE_CRED });
    const { body } = await request(endpoint, `/nutlink/${vkh}/tickers/ADAUSD`);
    expect(body).toEqual([
      record(1, 5058628, ADAUSD_1),
      record(2, 5058629, ADAUSD_2),
      record(2, 5058629, ADAUSD_2),
    ]);
  });

  it('answers 404 for a ticker no oracle posted or an address that never registered', async () => {
    for (const url of [
      `/nutlink/${ORACLE}/tickers/NOPE`,
      `/nutlink/${ORACLE}/tickers/adausd`,
      `/nutlink/${ORACLE}/tickers/AD%00`,
      `/nutlink/${ADDRESS}/tickers/ADAUSD`,
    ])
      expect([url, (await request(endpoint, url)).status]).toEqual([url, 404]);
    // An oracle that never posted a ticker some other oracle posted: no records, as Blockfrost.
    expect((await request(endpoint, `/nutlink/${ORACLE_ENTERPRISE}/tickers/ADABTC`)).body).toEqual([]);
  });
});

describe('GET /nutlink/tickers/{ticker}', () => {
  const endpoint = '/nutlink/tickers/{ticker}';

  it("lists the ticker's records at every address in chain order, with the address, paged", async () => {
    const { body } = await request(endpoint, '/nutlink/tickers/ADAUSD');
    expect(body.map((r: { address: string; tx_hash: string }) => [r.address, r.tx_hash])).toEqual([
      [ORACLE, hash(1)],
      [ORACLE, hash(2)],
      [ORACLE_ENTERPRISE, hash(2)],
    ]);
    expect(body[0]).toEqual({
      address: ORACLE,
      tx_hash: hash(1),
      block_height: 5058628,
      tx_index: 0,
      payload: ADAUSD_1,
    });
    const desc = await request(endpoint, '/nutlink/tickers/ADAUSD?order=desc&count=2');
    expect(desc.body.map((r: { address: string }) => r.address)).toEqual([ORACLE_ENTERPRISE, ORACLE]);
  });

  it('answers 404 for a ticker no oracle posted', async () => {
    expect((await request(endpoint, '/nutlink/tickers/NOPE')).status).toBe(404);
    expect((await request(endpoint, '/nutlink/tickers/%00')).status).toBe(404);
  });
});

describe('routes', () => {
  it('answers unknown routes and wrong methods (GET on the evaluate route included) with 400 Invalid path', async () => {
    const invalidPath = {
      error: 'Bad Request',
      message: 'Invalid path. Please check https://docs.blockfrost.io/',
      status_code: 400,
    };
    for (const [method, url] of [
      ['GET', '/blocks/'],
      ['GET', '/nope'],
      ['POST', `/assets/${POLICY}`],
      ['GET', '/utils/txs/evaluate/utxos'],
    ] as const) {
      const response = await app.inject({ method, url, headers: { project_id: TOKEN } });
      expect([response.statusCode, response.json()]).toEqual([400, invalidPath]);
    }
  });

  it('collapses duplicate slashes, as Blaze sends every path after its base URL', async () => {
    const { status, body } = await request(
      '/addresses/{address}/utxos/{asset}',
      `/api/v0//addresses/${ADDRESS}/utxos/lovelace`,
    );
    expect([status, body.length]).toEqual([200, 1]);
  });

  it('serves /health and the reduced OpenAPI document without a token', async () => {
    expect((await get(app, '/health', {})).body).toEqual({ is_healthy: true });
    const { status, body } = await get(app, '/api/v0/openapi.json', {});
    expect(status).toBe(200);
    // Every operation the router serves, and only those.
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/accounts/{stake_address}',
        '/accounts/{stake_address}/addresses',
        '/accounts/{stake_address}/delegations',
        '/accounts/{stake_address}/mirs',
        '/accounts/{stake_address}/registrations',
        '/accounts/{stake_address}/utxos',
        '/accounts/{stake_address}/withdrawals',
        '/addresses/{address}',
        '/addresses/{address}/extended',
        '/accounts/{stake_address}/addresses/assets',
        '/accounts/{stake_address}/addresses/total',
        '/accounts/{stake_address}/transactions',
        '/addresses/{address}/total',
        '/addresses/{address}/transactions',
        '/addresses/{address}/txs',
        '/addresses/{address}/utxos',
        '/addresses/{address}/utxos/{asset}',
        '/assets',
        '/assets/policy/{policy_id}',
        '/assets/{asset}',
        '/assets/{asset}/addresses',
        '/assets/{asset}/transactions',
        '/assets/{asset}/txs',
        '/assets/{asset}/history',
        '/assets/{asset}/utxos',
        '/',
        '/blocks/epoch/{epoch_number}/slot/{slot_number}',
        '/blocks/latest',
        '/blocks/latest/txs',
        '/blocks/latest/txs/cbor',
        '/blocks/slot/{slot_number}',
        '/blocks/{hash_or_number}',
        '/blocks/{hash_or_number}/addresses',
        '/blocks/{hash_or_number}/next',
        '/blocks/{hash_or_number}/previous',
        '/blocks/{hash_or_number}/txs',
        '/blocks/{hash_or_number}/txs/cbor',
        '/epochs/latest/parameters',
        '/epochs/{number}/parameters',
        '/genesis',
        '/health',
        '/metadata/txs/labels',
        '/metadata/txs/labels/{label}',
        '/metadata/txs/labels/{label}/cbor',
        '/health/clock',
        '/network',
        '/network/eras',
        '/nutlink/{address}',
        '/nutlink/{address}/tickers',
        '/scripts',
        '/scripts/{script_hash}/redeemers',
        '/scripts/{script_hash}/utxos',
        '/nutlink/{address}/tickers/{ticker}',
        '/nutlink/tickers/{ticker}',
        '/tx/submit',
        '/txs/{hash}/delegations',
        '/txs/{hash}/metadata',
        '/txs/{hash}/mirs',
        '/txs/{hash}/pool_retires',
        '/txs/{hash}/pool_updates',
        '/txs/{hash}/redeemers',
        '/txs/{hash}/required_signers',
        '/txs/{hash}/stakes',
        '/txs/{hash}/withdrawals',
        '/utils/txs/evaluate',
        '/utils/txs/evaluate/utxos',
      ]),
    );
    // IPFS is Blockfrost's other service, not chain data: its paths are the ones left out.
    expect(body.paths['/ipfs/add']).toBeUndefined();
    expect(body.paths['/ipfs/pin/list']).toBeUndefined();
    expect(Object.keys(body.paths['/tx/submit'])).toEqual(['post']);
    expect(body.components.schemas.asset).toBeDefined();
    expect(body.components.schemas.account_reward_content).toBeDefined();
  });

  it("answers / with Blockfrost's banner, as blockfrost-tests expects", async () => {
    const [root] = testData('common-root.json') as { endpoints: string[]; response: { url: string } }[];
    for (const url of [`/${root.endpoints[0]}`, '/api/v0/', '/api/v0']) {
      const { status, body } = await request('/', url);
      expect({ url, status, body }).toEqual({
        url,
        status: 200,
        body: { url: root.response.url, version: expect.any(String) },
      });
    }
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect((await request('/', '/')).body.version).toBe(version);
  });

  it("answers /health/clock with the server's time in milliseconds, without a token like /health", async () => {
    const before = Date.now();
    const { status, body } = await get(app, '/api/v0/health/clock', {});
    const after = Date.now();
    expect(schemaErrors('/health/clock', status, body)).toEqual([]);
    expect(status).toBe(200);
    expect(body.server_time).toBeGreaterThanOrEqual(before);
    expect(body.server_time).toBeLessThanOrEqual(after);
  });
});
