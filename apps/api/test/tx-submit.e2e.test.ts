import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlockFrostAPI } from '@blockfrost/blockfrost-js';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { firstConwayBlock, startDevnet, type Devnet } from '@frostline/devnet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { storeProtocolParameters } from './support/evaluate-cases.js';
import { openTestDatabase, startApp, testConfig, TOKEN, type TestContext } from './support/test-app.js';

// A live devnet whose chain file holds one block paying ALICE; transactions are built and signed with CSL.
const FUNDING_TX = 'ab'.repeat(32);
const FUNDS = 100_000_000n;
const FEE = 200_000n;
const key = (seed: number) => {
  const privateKey = CSL.PrivateKey.from_normal_bytes(Buffer.alloc(32, seed));
  const address = CSL.EnterpriseAddress.new(
    0,
    CSL.Credential.from_keyhash(privateKey.to_public().hash()),
  ).to_address();
  return { privateKey, address };
};
const ALICE = key(1);
const BOB = key(2);

/** Pays `lovelace` from output `index` of `from` (holding `held`) to BOB, the change back to ALICE. */
function payment(from: string, index: number, held: bigint, lovelace: bigint): { cbor: Buffer; id: string } {
  const inputs = CSL.TransactionInputs.new();
  inputs.add(CSL.TransactionInput.new(CSL.TransactionHash.from_hex(from), index));
  const outputs = CSL.TransactionOutputs.new();
  outputs.add(CSL.TransactionOutput.new(BOB.address, CSL.Value.new(CSL.BigNum.from_str(String(lovelace)))));
  const change = held - lovelace - FEE;
  outputs.add(CSL.TransactionOutput.new(ALICE.address, CSL.Value.new(CSL.BigNum.from_str(String(change)))));
  const body = CSL.TransactionBody.new_tx_body(inputs, outputs, CSL.BigNum.from_str(String(FEE)));
  const id = CSL.FixedTransaction.new_from_body_bytes(body.to_bytes()).transaction_hash();
  const witnesses = CSL.TransactionWitnessSet.new();
  const vkeys = CSL.Vkeywitnesses.new();
  vkeys.add(CSL.make_vkey_witness(id, ALICE.privateKey));
  witnesses.set_vkeys(vkeys);
  return { cbor: Buffer.from(CSL.Transaction.new(body, witnesses).to_bytes()), id: id.to_hex() };
}

let devnet: Devnet;
let db: TestContext & { close(): Promise<void> };
let app: NestFastifyApplication;

beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'api-submit-')), 'chain.jsonl');
  const fundingBlock = firstConwayBlock([
    {
      id: FUNDING_TX,
      spends: 'inputs',
      inputs: [],
      outputs: [{ address: ALICE.address.to_bech32(), value: { ada: { lovelace: Number(FUNDS) } } }],
    },
  ]);
  writeFileSync(file, JSON.stringify(fundingBlock) + '\n');
  devnet = await startDevnet({ chain: { file }, port: 0, forgeInterval: 100 });
  await devnet.replayed;
  db = await openTestDatabase();
  app = await startApp(testConfig(db.database, { OGMIOS_URL: devnet.url, NETWORK: 'custom' }));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await devnet?.close();
});

const post = (body: Buffer | string, contentType = 'application/cbor') =>
  app.inject({
    method: 'POST',
    url: '/api/v0/tx/submit',
    headers: { project_id: TOKEN, 'content-type': contentType },
    payload: body,
  });

describe('POST /tx/submit', () => {
  const first = payment(FUNDING_TX, 0, FUNDS, 10_000_000n);
  const secondHeld = FUNDS - 10_000_000n - FEE;
  const second = payment(first.id, 1, secondHeld, 5_000_000n);

  it('relays raw CBOR to the node and answers the transaction id as a JSON string', async () => {
    const response = await post(first.cbor);
    expect([response.statusCode, response.body]).toEqual([200, JSON.stringify(first.id)]);
  });

  it('passes the node’s rejection on as a 400 in cardano-submit-api’s words (here: its inputs are spent)', async () => {
    const response = await post(first.cbor);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('Bad Request');
    expect(JSON.parse(body.message)).toEqual({
      tag: 'TxSubmitFail',
      contents: {
        tag: 'TxCmdTxSubmitValidationError',
        contents: {
          tag: 'TxValidationErrorInCardanoMode',
          contents: {
            era: 'ShelleyBasedEraConway',
            kind: 'ShelleyTxValidationError',
            error: [
              `ConwayUtxowFailure (UtxoFailure (BadInputsUTxO (fromList [TxIn (TxId {unTxId = SafeHash "${FUNDING_TX}"}) (TxIx {unTxIx = 0})])))`,
            ],
          },
        },
      },
    });
  });

  it('takes the hex text of the CBOR too, chaining on the unconfirmed change of the first', async () => {
    const response = await post(second.cbor.toString('hex'));
    expect([response.statusCode, response.json()]).toEqual([200, second.id]);
  });

  it('works through blockfrost-js txSubmit, which reads the id and surfaces the node’s refusal', async () => {
    const api = new BlockFrostAPI({ customBackend: await listenUrl(), projectId: TOKEN });
    const third = payment(second.id, 1, secondHeld - 5_000_000n - FEE, 1_000_000n);
    expect(await api.txSubmit(third.cbor)).toBe(third.id);
    // BOB's output is not ALICE's to spend: the node refuses the missing witness.
    const stolen = payment(first.id, 0, 10_000_000n, 1_000_000n);
    await expect(api.txSubmit(stolen.cbor)).rejects.toMatchObject({ status_code: 400 });
  });

  it.each([
    [
      'an empty body',
      Buffer.alloc(0),
      'application/cbor',
      'The request body is empty: send the transaction CBOR.',
    ],
    [
      'garbage',
      Buffer.from('not a transaction'),
      'application/cbor',
      'The request body is not CBOR: send the transaction CBOR.',
    ],
    ['a JSON body', '{"cbor":"84a3"}', 'application/json', 'Content-Type must be: "application/cbor"'],
  ])('refuses %s with a 400 before the node', async (_name, body, contentType, message) => {
    const response = await post(body, contentType);
    expect(response.json()).toEqual({ status_code: 400, error: 'Bad Request', message });
  });

  it('refuses a transaction over the protocol’s maximum size with a 413', async () => {
    await storeProtocolParameters(db.sql, 1, { maxTransactionSize: { bytes: 100 } });
    try {
      const response = await post(payment(FUNDING_TX, 0, FUNDS, 2_000_000n).cbor);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ status_code: 413, error: 'Payload Too Large' });
    } finally {
      await db.sql.query('DELETE FROM protocol_parameters');
    }
  });

  it('says there is no node to submit to when OGMIOS_URL is not set', async () => {
    const nodeless = await startApp(testConfig(db.database, { NETWORK: 'custom' }));
    try {
      const response = await nodeless.inject({
        method: 'POST',
        url: '/tx/submit',
        headers: { project_id: TOKEN, 'content-type': 'application/cbor' },
        payload: first.cbor,
      });
      expect(response.json()).toEqual({
        status_code: 500,
        error: 'Internal Server Error',
        message: 'This deployment has no node to submit to (OGMIOS_URL is not set).',
      });
    } finally {
      await nodeless.close();
    }
  });
});

let listening: string | undefined;
async function listenUrl(): Promise<string> {
  if (!listening) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address() as { port: number };
    listening = `http://127.0.0.1:${address.port}/api/v0`;
  }
  return listening;
}
