import { readFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { schemaErrors } from './support/openapi-schemas.js';
import { ChainSeed } from './support/seed.js';
import { get, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// Blockfrost's answers for real preprod/mainnet transactions (blockfrost-tests fixtures), compared
// verbatim after seeding the rows the indexer stores for them.
const fixture = (name: string, index = 0) =>
  (JSON.parse(readFileSync(new URL(`../test-data/${name}`, import.meta.url), 'utf8')) as { response: any }[])[
    index
  ]!.response;

const donation = fixture('preprod-txs-tx.json', 10);
const utxos = fixture('preprod-txs-tx-utxos.json');
const metadata = fixture('preprod-txs-tx-metadata-cbor.json');
const cbor = fixture('mainnet-txs-tx-cbor.json');
const METADATA_TX = '0acadcce0e878b088bb7b856db7da4ef1fcd4505a5008becc13208440b3a601f';
const CBOR_TX = '11f648d477779bf1dd2e853d26b12e061e762c60e3277e079553c42de8a580bc';
const PLAIN_TX = 'ee'.repeat(32);
const hash = (n: number) => n.toString(16).padStart(64, '0');

let app: NestFastifyApplication;
let close: () => Promise<void>;

async function request(endpoint: string, url: string) {
  const response = await get(app, url);
  expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
  return response;
}

const lovelaceOf = (amount: { unit: string; quantity: string }[]) => amount[0]!.quantity;
const assetsOf = (amount: { unit: string; quantity: string }[]) =>
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
  // The outputs the utxos fixture's transaction spends and reads as collateral.
  const created = new Map<string, number>();
  for (const input of utxos.inputs) {
    if (input.collateral) continue;
    if (!created.has(input.tx_hash)) created.set(input.tx_hash, await seed.tx(input.tx_hash));
    await seed.output(created.get(input.tx_hash)!, input.output_index, {
      address: input.address,
      value: lovelaceOf(input.amount),
      assets: assetsOf(input.amount),
      dataHash: input.data_hash,
    });
  }
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

  const utxosTx = await seed.tx(utxos.hash);
  for (const input of utxos.inputs) {
    const [txHash, index] = [input.tx_hash as string, input.output_index as number];
    if (input.collateral) await seed.txInput(utxosTx, 'collateral', txHash, index);
  }
  const spentByUtxosTx = await db.sql.query<{ id: string }>(
    `SELECT o.id FROM tx_out o JOIN tx t ON t.id = o.tx_id WHERE t.hash = ANY($1::bytea[])`,
    [[...created.keys()].map((h) => Buffer.from(h, 'hex'))],
  );
  for (const { id } of spentByUtxosTx.rows) await seed.spend(Number(id), utxosTx);
  const consumers = new Map<string, number>();
  for (const output of utxos.outputs) {
    if (output.collateral) {
      await seed.collateralOutput(utxosTx, output.output_index, {
        address: output.address,
        value: lovelaceOf(output.amount),
      });
      continue;
    }
    const id = await seed.output(utxosTx, output.output_index, {
      address: output.address,
      value: lovelaceOf(output.amount),
      assets: assetsOf(output.amount),
      dataHash: output.data_hash,
    });
    if (!consumers.has(output.consumed_by_tx))
      consumers.set(output.consumed_by_tx, await seed.tx(output.consumed_by_tx));
    await seed.spend(id, consumers.get(output.consumed_by_tx)!);
  }

  const metadataTx = await seed.tx(METADATA_TX);
  for (const label of metadata) await seed.metadataCbor(metadataTx, Number(label.label), label.metadata);
  await seed.tx(CBOR_TX, { cbor: cbor.cbor });
  await seed.tx(PLAIN_TX);

  app = await startApp(testConfig(db.database));
  close = db.close;
});

afterAll(async () => {
  await app.close();
  await close();
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
  it("equals Blockfrost's preprod Alonzo script transaction (collateral input and output)", async () => {
    const response = await request('/txs/{hash}/utxos', `/api/v0/txs/${utxos.hash}/utxos`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(utxos);
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

describe.each(['', '/utxos', '/cbor', '/metadata/cbor'])('GET /txs/{hash}%s errors', (suffix) => {
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
