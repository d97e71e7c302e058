import { readFileSync } from 'node:fs';
import { poolIdFromHash, poolIdToHash, rewardAddressBech32ToHex } from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type pg from 'pg';
import { schemaErrors } from './support/openapi-schemas.js';
import { poolRegistrationsCbor, type PoolUpdates } from './support/pool-certificates.js';
import { ChainSeed } from './support/seed.js';
import { get, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// Blockfrost's answers for real preprod/mainnet transactions (blockfrost-tests fixtures), compared
// verbatim after seeding the rows the indexer stores for them.
const fixture = (name: string, index = 0) =>
  (JSON.parse(readFileSync(new URL(`../test-data/${name}`, import.meta.url), 'utf8')) as { response: any }[])[
    index
  ]!.response;

/** Every entry of a fixture file: the transaction its endpoint names, and Blockfrost's answer. */
const entries = <T>(...names: string[]) =>
  names.flatMap((name) =>
    (
      JSON.parse(readFileSync(new URL(`../test-data/${name}`, import.meta.url), 'utf8')) as {
        endpoints: string[];
        response: T;
      }[]
    ).map(({ endpoints, response }) => ({
      tx: endpoints[0]!.split('/')[1]!,
      response,
      network: name.split('-')[0]!,
    })),
  );

type Stakes = { cert_index: number; address: string; registration: boolean }[];
type Delegations = { cert_index: number; address: string; pool_id: string; active_epoch: number }[];
type Withdrawals = { address: string; amount: string }[];
type Mirs = { pot: 'reserve' | 'treasury'; cert_index: number; address: string; amount: string }[];
const delegations = entries<Delegations>(
  'mainnet-txs-tx-delegations.json',
  'preprod-txs-tx-delegations.json',
  'preview-txs-tx-delegations.json',
);
const stakes = entries<Stakes>('mainnet-txs-tx-stakes.json');
const withdrawals = entries<Withdrawals>(
  'mainnet-txs-tx-withdrawals.json',
  'preprod-txs-tx-withdrawals.json',
  'preview-txs-tx-withdrawals.json',
);
const mirs = entries<Mirs>('mainnet-txs-tx-mirs.json');
const poolRetires = entries<{ cert_index: number; pool_id: string; retiring_epoch: number }[]>(
  'mainnet-txs-tx-pool-retires.json',
  'preprod-txs-tx-pool-retires.json',
  'preview-txs-tx-pool-retires.json',
);
const requiredSigners = entries<{ witness_hash: string }[]>(
  'mainnet-txs-tx-required-signers.json',
  'preview-txs-tx-required-signers.json',
);
const txMetadata = entries<unknown>('preprod-txs-tx-metadata.json');
// RYO joins db-sync's off-chain pool data, which the index does not fetch: the certificates whose pools
// had none show what the chain holds alone.
const poolUpdates = entries<PoolUpdates>(
  'mainnet-txs-tx-pool-updates.json',
  'preprod-txs-tx-pool-updates.json',
  'preview-txs-tx-pool-updates.json',
).filter(({ response }) =>
  response.every(({ metadata }) => metadata.ticker === null && metadata.name === null),
);

/**
 * The certificate and withdrawal rows the indexer stores for the fixtures' transactions, each in a block
 * of its own (two epochs before the delegations it holds take effect) unless seeded already.
 */
async function seedCertificates(seed: ChainSeed, sql: pg.Client): Promise<void> {
  const txIds = new Map<string, number>();
  const txId = async (txHash: string, epoch = 300) => {
    const stored = await sql.query<{ id: string }>(`SELECT id FROM tx WHERE hash = decode($1, 'hex')`, [
      txHash,
    ]);
    if (stored.rows[0]) txIds.set(txHash, Number(stored.rows[0].id));
    if (!txIds.has(txHash)) {
      const n = txIds.size;
      await seed.block({
        hash: hash(0xc000 + n),
        height: 5_000 + n,
        slot: 50_000 + n,
        epoch,
        epochSlot: 1_000 + n,
        time: 1_700_000_000 + n,
      });
      txIds.set(txHash, await seed.tx(txHash));
    }
    return txIds.get(txHash)!;
  };
  const accounts = new Map<string, number>();
  const account = async (view: string) => {
    if (!accounts.has(view))
      accounts.set(view, await seed.stakeAddress(view, rewardAddressBech32ToHex(view)!));
    return accounts.get(view)!;
  };
  for (const { tx, response } of delegations) {
    const id = await txId(tx, response[0]!.active_epoch - 2);
    for (const d of response)
      await seed.delegation(id, await account(d.address), poolIdToHash(d.pool_id)!, d.cert_index);
  }
  for (const { tx, response } of stakes) {
    const id = await txId(tx);
    for (const r of response)
      await seed.stakeRegistration(id, await account(r.address), !r.registration, r.cert_index);
  }
  for (const { tx, response } of withdrawals) {
    const id = await txId(tx);
    for (const w of response) await seed.withdrawal(id, await account(w.address), w.amount);
  }
  for (const { tx, response } of poolRetires) {
    const id = await txId(tx);
    for (const r of response)
      await seed.poolRetirement(id, poolIdToHash(r.pool_id)!, r.retiring_epoch, r.cert_index);
  }
  for (const { tx, response } of requiredSigners) {
    const id = await txId(tx);
    for (const { witness_hash } of response) await seed.requiredSigner(id, witness_hash);
  }
  for (const { tx, response } of poolUpdates) {
    // A first registration of each pool, active two epochs after its block's.
    const id = await txId(tx, response[0]!.active_epoch - 2);
    await sql.query(
      `INSERT INTO tx_cbor (tx_id, bytes) VALUES ($1, decode($2, 'hex')) ON CONFLICT (tx_id) DO NOTHING`,
      [id, poolRegistrationsCbor(response)],
    );
    const { rows } = await sql.query(`SELECT 1 FROM pool_registration WHERE tx_id = $1`, [id]);
    if (rows.length === 0)
      for (const r of response) await seed.poolRegistration(id, poolIdToHash(r.pool_id)!, r.cert_index);
  }
  // One pool's certificates over four epochs: registered, updated twice in one block, retired, registered again.
  const poolHash = 'ee'.repeat(28);
  const pool = { ...poolUpdates[0]!.response[0]!, cert_index: 0, pool_id: poolIdFromHash(poolHash) };
  let poolBlocks = 0;
  const poolTx = async (txHash: string, epoch: number, newBlock = true) => {
    if (newBlock)
      await seed.block({
        hash: hash(0xd000 + ++poolBlocks),
        height: 6_000 + poolBlocks,
        slot: 60_000 + poolBlocks,
        epoch,
        epochSlot: 2_000 + poolBlocks,
        time: 1_710_000_000 + poolBlocks,
      });
    return seed.tx(txHash);
  };
  for (const [txHash, epoch, newBlock] of POOL_HISTORY) {
    const id = await poolTx(txHash, epoch, newBlock);
    if (txHash === POOL_RETIREMENT) {
      await seed.poolRetirement(id, poolHash, epoch + 1);
      continue;
    }
    await sql.query(`INSERT INTO tx_cbor (tx_id, bytes) VALUES ($1, decode($2, 'hex'))`, [
      id,
      poolRegistrationsCbor([pool]),
    ]);
    await seed.poolRegistration(id, poolHash);
  }
  for (const { tx, response } of mirs) {
    const id = await txId(tx);
    for (const m of response) {
      const pot = m.pot === 'reserve' ? 'reserves' : 'treasury';
      await seed.mir(id, await account(m.address), pot, m.amount, m.cert_index);
    }
  }
}

/** A pool's certificate transactions, with their blocks' epochs (and whether each opens a new block). */
const POOL_RETIREMENT = 'd2'.repeat(32);
const POOL_HISTORY: [string, number, boolean][] = [
  ['d0'.repeat(32), 10, true],
  ['d1'.repeat(32), 11, true],
  ['d3'.repeat(32), 11, false],
  [POOL_RETIREMENT, 11, true],
  ['d4'.repeat(32), 13, true],
];

const donation = fixture('preprod-txs-tx.json', 10);
const utxos = fixture('preprod-txs-tx-utxos.json');
// Reference inputs before spent ones, as RYO orders them on a db-sync synced from genesis.
const referenceUtxos = fixture('preview-txs-tx-utxos.json');
const utxosFixtures = [utxos, referenceUtxos];
const metadata = fixture('preprod-txs-tx-metadata-cbor.json');
const cbor = fixture('mainnet-txs-tx-cbor.json');
const METADATA_TX = '0acadcce0e878b088bb7b856db7da4ef1fcd4505a5008becc13208440b3a601f';
const CBOR_TX = '11f648d477779bf1dd2e853d26b12e061e762c60e3277e079553c42de8a580bc';
const PLAIN_TX = 'ee'.repeat(32);
const MID_CHAIN_TX = 'e2'.repeat(32);
const KNOWN_INPUT_ADDRESS = 'addr_test1vpu5vlrf4xkxv2qpwngf6cjhtw542ayty80v8dyr49rf5eg57c2qv';
const hash = (n: number) => n.toString(16).padStart(64, '0');

type Amount = { unit: string; quantity: string }[];
interface UtxosFixture {
  hash: string;
  inputs: {
    address: string;
    amount: Amount;
    tx_hash: string;
    output_index: number;
    data_hash: string | null;
    inline_datum: string | null;
    reference_script_hash: string | null;
    collateral: boolean;
    reference: boolean;
  }[];
  outputs: {
    address: string;
    amount: Amount;
    output_index: number;
    data_hash: string | null;
    inline_datum: string | null;
    collateral: boolean;
    reference_script_hash: string | null;
    consumed_by_tx: string | null;
  }[];
}

/**
 * The rows the indexer stores for a fixture's transaction: the outputs its inputs name (a collateral
 * input shows lovelace only, so the output takes what another input shows of it where one does), its
 * spends, collateral and reference inputs, and its outputs with the transactions that spent them.
 */
async function seedUtxos(seed: ChainSeed, f: UtxosFixture): Promise<void> {
  const txIds = new Map<string, number>();
  const txId = async (txHash: string) => {
    if (!txIds.has(txHash)) txIds.set(txHash, await seed.tx(txHash));
    return txIds.get(txHash)!;
  };
  const outputs = new Map<string, number>();
  const byCollateralLast = [...f.inputs].sort((a, b) => Number(a.collateral) - Number(b.collateral));
  for (const input of byCollateralLast) {
    const key = `${input.tx_hash}#${input.output_index}`;
    if (outputs.has(key)) continue;
    const id = await seed.output(await txId(input.tx_hash), input.output_index, {
      address: input.address,
      value: lovelaceOf(input.amount),
      assets: assetsOf(input.amount),
      dataHash: input.data_hash,
      inlineDatum: input.inline_datum,
      referenceScriptHash: input.reference_script_hash,
    });
    outputs.set(key, id);
  }
  const tx = await seed.tx(f.hash);
  for (const input of f.inputs) {
    const key = `${input.tx_hash}#${input.output_index}`;
    if (input.collateral) await seed.txInput(tx, 'collateral', input.tx_hash, input.output_index);
    else if (input.reference) await seed.txInput(tx, 'reference', input.tx_hash, input.output_index);
    else await seed.spend(outputs.get(key)!, tx);
  }
  for (const output of f.outputs) {
    const fields = { address: output.address, value: lovelaceOf(output.amount) };
    if (output.collateral) {
      await seed.collateralOutput(tx, output.output_index, fields);
      continue;
    }
    const id = await seed.output(tx, output.output_index, {
      ...fields,
      assets: assetsOf(output.amount),
      dataHash: output.data_hash,
      inlineDatum: output.inline_datum,
    });
    if (output.consumed_by_tx) await seed.spend(id, await txId(output.consumed_by_tx));
  }
}

let app: NestFastifyApplication;
/** The same database as a testnet API: accounts in its answers are testnet addresses. */
let testnetApp: NestFastifyApplication;
let close: () => Promise<void>;

async function request(endpoint: string, url: string) {
  const response = await get(app, url);
  expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
  return response;
}

const lovelaceOf = (amount: Amount) => amount[0]!.quantity;
const assetsOf = (amount: Amount) =>
  amount
    .slice(1)
    .map(({ unit, quantity }) => ({ policyId: unit.slice(0, 56), assetName: unit.slice(56), quantity }));

beforeAll(async () => {
  const db = await openTestDatabase();
  const seed = new ChainSeed(db.sql);
  await seed.block({
    hash: hash(0xb0),
    height: 100,
    slot: 1000,
    epoch: 1,
    epochSlot: 0,
    time: 1_654_000_000,
  });
  const f = donation;
  await seed.block({
    hash: f.block,
    height: f.block_height,
    slot: f.slot,
    epoch: 2,
    epochSlot: 5,
    time: f.block_time,
  });
  for (let i = 0; i < f.index; i++) await seed.tx(hash(0x100 + i));
  const donationTx = await seed.tx(f.hash, {
    fee: f.fees,
    outSum: f.output_amount[0].quantity,
    size: f.size,
    invalidHereafter: f.invalid_hereafter,
    treasuryDonation: f.treasury_donation,
  });
  const spentByDonation = await seed.tx(hash(0xd0));
  await seed.spend(
    await seed.output(spentByDonation, 0, { address: 'addr_test1…in', value: '24000000' }),
    donationTx,
  );
  await seed.output(donationTx, 0, { address: 'addr_test1…out', value: f.output_amount[0].quantity });

  for (const f of utxosFixtures) await seedUtxos(seed, f);
  // Spends an output the index holds and one created before its first block (tx_input kind 'spend').
  const known = await seed.output(await seed.tx(hash(0xe1)), 0, { address: KNOWN_INPUT_ADDRESS, value: '7' });
  const midChainTx = await seed.tx(MID_CHAIN_TX);
  await seed.txInput(midChainTx, 'spend', hash(0xf2), 1);
  await seed.spend(known, midChainTx);
  await seed.txInput(midChainTx, 'spend', hash(0x01), 3);
  await seed.output(midChainTx, 0, { address: KNOWN_INPUT_ADDRESS, value: '5' });

  const metadataTx = await seed.tx(METADATA_TX);
  for (const label of metadata) await seed.metadataCbor(metadataTx, Number(label.label), label.metadata);
  await seed.tx(CBOR_TX, { cbor: cbor.cbor });
  await seed.tx(PLAIN_TX);
  await seedCertificates(seed, db.sql);

  app = await startApp(testConfig(db.database));
  testnetApp = await startApp(testConfig(db.database, { NETWORK: 'preprod' }));
  close = db.close;
});

afterAll(async () => {
  await app?.close();
  await testnetApp?.close();
  await close?.();
});

describe('GET /txs/{hash}', () => {
  const endpoint = '/txs/{hash}';

  it("equals Blockfrost's preprod treasury-donation transaction", async () => {
    const response = await request(endpoint, `/api/v0/txs/${donation.hash}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(donation);
  });
});

describe('GET /txs/{hash}/utxos', () => {
  it.each([
    ['preprod Alonzo script transaction (collateral input and output)', utxos],
    ['preview transaction with reference inputs', referenceUtxos],
  ])("equals Blockfrost's %s", async (_name, f: UtxosFixture) => {
    const response = await request('/txs/{hash}/utxos', `/api/v0/txs/${f.hash}/utxos`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(f);
  });

  it('lists an input whose output the index never saw in its place, with an empty address and amount', async () => {
    const response = await request('/txs/{hash}/utxos', `/txs/${MID_CHAIN_TX}/utxos`);
    const unknown = { address: '', amount: [], data_hash: null, inline_datum: null };
    expect(response.body.inputs).toEqual(
      [
        { ...unknown, tx_hash: hash(0x01), output_index: 3 },
        {
          address: KNOWN_INPUT_ADDRESS,
          amount: [{ unit: 'lovelace', quantity: '7' }],
          tx_hash: hash(0xe1),
          output_index: 0,
          data_hash: null,
          inline_datum: null,
        },
        { ...unknown, tx_hash: hash(0xf2), output_index: 1 },
      ].map((input) => ({ ...input, reference_script_hash: null, collateral: false, reference: false })),
    );
  });

  it('counts such an input in utxo_count of GET /txs/{hash}', async () => {
    const response = await request('/txs/{hash}', `/txs/${MID_CHAIN_TX}`);
    expect(response.body.utxo_count).toBe(4);
  });
});

describe('GET /txs/{hash}/cbor', () => {
  const endpoint = '/txs/{hash}/cbor';

  it("equals Blockfrost's mainnet answer", async () => {
    const response = await request(endpoint, `/txs/${CBOR_TX}/cbor`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(cbor);
  });
});

describe('GET /txs/{hash}/metadata/cbor', () => {
  const endpoint = '/txs/{hash}/metadata/cbor';

  it("equals Blockfrost's preprod answer", async () => {
    const response = await request(endpoint, `/txs/${METADATA_TX}/metadata/cbor`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(metadata);
  });

  it('answers [] for a confirmed transaction without metadata (Blaze polls this status)', async () => {
    const response = await request(endpoint, `/txs/${PLAIN_TX}/metadata/cbor`);
    expect([response.status, response.body]).toEqual([200, []]);
  });
});

describe('GET /txs/{hash}/metadata', () => {
  const endpoint = '/txs/{hash}/metadata';

  it("equals Blockfrost's preprod answer, rendered from the stored CBOR as db-sync renders it", async () => {
    for (const { tx, response } of txMetadata) {
      expect(tx).toBe(METADATA_TX);
      expect((await request(endpoint, `/txs/${tx}/metadata`)).body).toEqual(response);
    }
  });

  it('answers [] for a transaction without metadata', async () => {
    const response = await request(endpoint, `/txs/${PLAIN_TX}/metadata`);
    expect([response.status, response.body]).toEqual([200, []]);
  });
});

describe.each([
  ['stakes', stakes],
  ['delegations', delegations],
  ['withdrawals', withdrawals],
  ['mirs', mirs],
  ['pool_retires', poolRetires],
  ['required_signers', requiredSigners],
] as const)('GET /txs/{hash}/%s', (path, fixtures) => {
  const endpoint = `/txs/{hash}/${path}`;

  it("equals Blockfrost's answers", async () => {
    expect(fixtures.length).toBeGreaterThan(0);
    for (const { tx, response } of fixtures) {
      const served = await request(endpoint, `/txs/${tx}/${path}`);
      expect({ tx, status: served.status, body: served.body }).toEqual({ tx, status: 200, body: response });
    }
  });

  it('answers [] for a transaction without any', async () => {
    const response = await request(endpoint, `/txs/${PLAIN_TX}/${path}`);
    expect([response.status, response.body]).toEqual([200, []]);
  });
});

describe('GET /txs/{hash}/pool_updates', () => {
  const endpoint = '/txs/{hash}/pool_updates';

  it("equals Blockfrost's answers, with the accounts of the API's network", async () => {
    expect(poolUpdates.length).toBeGreaterThan(0);
    for (const { tx, response, network } of poolUpdates) {
      const served = await get(network === 'mainnet' ? app : testnetApp, `/txs/${tx}/pool_updates`);
      expect(schemaErrors(endpoint, served.status, served.body)).toEqual([]);
      expect({ tx, status: served.status, body: served.body }).toEqual({
        tx,
        status: 200,
        body: response,
      });
    }
  });

  it('takes effect two epochs on for a pool not registered before, three for an update (db-sync)', async () => {
    const activeEpochs = [];
    for (const [txHash] of POOL_HISTORY.filter(([txHash]) => txHash !== POOL_RETIREMENT)) {
      const { body } = await request(endpoint, `/txs/${txHash}/pool_updates`);
      activeEpochs.push(body.map((cert: { active_epoch: number }) => cert.active_epoch));
    }
    // First registration; an update; another in the same block; the first after a retirement took effect.
    expect(activeEpochs).toEqual([[12], [14], [14], [15]]);
  });

  it('answers [] for a transaction without any', async () => {
    const response = await request(endpoint, `/txs/${PLAIN_TX}/pool_updates`);
    expect([response.status, response.body]).toEqual([200, []]);
  });
});

describe.each([
  '',
  '/utxos',
  '/cbor',
  '/metadata',
  '/metadata/cbor',
  '/stakes',
  '/delegations',
  '/withdrawals',
  '/mirs',
  '/pool_retires',
  '/pool_updates',
  '/required_signers',
])('GET /txs/{hash}%s errors', (suffix) => {
  const endpoint = `/txs/{hash}${suffix}`;

  // Blockfrost does not validate the hash: a malformed one is never found (RYO's fixture: 404 for stonks_tx).
  it('404 for an unknown, upper-case or malformed hash', async () => {
    for (const unknown of [
      hash(0xdead),
      PLAIN_TX.toUpperCase(),
      'stonks_tx',
      PLAIN_TX.slice(2),
      `${PLAIN_TX.slice(2)}zz`,
    ]) {
      const response = await request(endpoint, `/txs/${unknown}${suffix}`);
      expect(response.body).toEqual({
        error: 'Not Found',
        message: 'The requested component has not been found.',
        status_code: 404,
      });
    }
  });
});
