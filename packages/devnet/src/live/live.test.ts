/// <reference types="jest" />
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { stringifyJson } from '../chain/json.js';
import { genesisStakePoolIds } from '../networks/genesis.js';
import { loadNetwork } from '../networks/networks.js';
import {
  adaOutput,
  bigNum,
  demoKey,
  fundingBlock,
  FUNDING_TX,
  input,
  inputs,
  outputs,
  payFromFunding,
  sign,
  transactionId,
} from '../ledger/test-support/transactions.js';
import { startDevnet, type Devnet } from '../server/devnet.js';
import { follow } from '../server/test-support/ogmios-client.js';
import { RawClient } from '../server/test-support/ws-client.js';

const alice = demoKey(1);
const bob = demoKey(2);
const FUNDS = 100_000_000n;

const chainFunding = fundingBlock(alice, FUNDS);

const payBob = (lovelace: bigint) => payFromFunding(alice, bob, FUNDS, lovelace);

/** Registers alice's stake key (deposit 2 ada) and delegates it to the first genesis pool. */
function registerAndDelegate(pool: string): Uint8Array {
  const fee = 300_000n;
  const deposit = 2_000_000n;
  const stake = CSL.Credential.from_keyhash(alice.hash);
  const certificates = CSL.Certificates.new();
  certificates.add(
    CSL.Certificate.new_reg_cert(CSL.StakeRegistration.new_with_explicit_deposit(stake, bigNum(deposit))),
  );
  certificates.add(
    CSL.Certificate.new_stake_delegation(
      CSL.StakeDelegation.new(stake, CSL.Ed25519KeyHash.from_bech32(pool)),
    ),
  );
  const body = CSL.TransactionBody.new_tx_body(
    inputs([input({ transaction: { id: FUNDING_TX }, index: 0 })]),
    outputs([adaOutput(alice.address, FUNDS - fee - deposit)]),
    bigNum(fee),
  );
  body.set_certs(certificates);
  return sign(body, [alice]);
}

describe('live devnet', () => {
  let devnet: Devnet;
  let file: string;

  beforeEach(async () => {
    file = join(mkdtempSync(join(tmpdir(), 'devnet-live-')), 'chain.jsonl');
    writeFileSync(file, stringifyJson(chainFunding) + '\n');
    devnet = await startDevnet({ chain: { file }, port: 0, forgeInterval: 50 });
    await devnet.replayed;
  });

  afterEach(() => devnet.close());

  it('accepts a payment, forges it into a block that followers receive, and appends it to the chain file', async () => {
    const follower = await follow(devnet.port);
    const client = await RawClient.connect(devnet.url);
    const cbor = payBob(10_000_000n);
    client.send({
      jsonrpc: '2.0',
      method: 'submitTransaction',
      params: { transaction: { cbor: Buffer.from(cbor).toString('hex') } },
      id: 1,
    });
    expect(await client.next()).toEqual({
      jsonrpc: '2.0',
      method: 'submitTransaction',
      result: { transaction: { id: transactionId(cbor) } },
      id: 1,
    });

    const lines = () => readFileSync(file, 'utf8').trim().split('\n');
    const forged = async () => {
      while (!lines().some((line) => line.includes(transactionId(cbor))))
        await new Promise((wake) => setTimeout(wake, 20));
    };
    await forged();
    const blockLine = lines().find((line) => line.includes(transactionId(cbor)))!;
    const block = JSON.parse(blockLine) as {
      id: string;
      slot: number;
      height: number;
      transactions: { id: string }[];
    };
    expect(block.transactions.map(({ id }) => id)).toEqual([transactionId(cbor)]);
    expect(block.slot).toBeGreaterThan(400);
    await follower.until((events) =>
      events.some((event) => 'forward' in event && event.forward === block.id),
    );

    client.send({
      jsonrpc: '2.0',
      method: 'queryLedgerState/utxo',
      params: { addresses: [bob.bech32] },
      id: 2,
    });
    expect((await client.next()).result).toEqual([
      {
        transaction: { id: transactionId(cbor) },
        index: 0,
        address: bob.bech32,
        value: { ada: { lovelace: 10_000_000 } },
      },
    ]);

    // Submitted again, its input is spent on chain: the duplicate error.
    client.send({
      jsonrpc: '2.0',
      method: 'submitTransaction',
      params: { transaction: { cbor: Buffer.from(cbor).toString('hex') } },
      id: 3,
    });
    expect((await client.next()).error).toMatchObject({
      code: 3117,
      data: { unknownOutputReferences: [{ transaction: { id: FUNDING_TX }, index: 0 }] },
    });
    client.close();
    await follower.shutdown();
  });

  it('refuses a second spend of an output a mempool transaction spends, and changes nothing on a bad one', async () => {
    const first = payBob(10_000_000n);
    expect(devnet.submitTransaction(first)).toEqual({
      result: { transaction: { id: transactionId(first) } },
    });
    expect(devnet.submitTransaction(payBob(20_000_000n))).toMatchObject({ error: { code: 3117 } });
    expect(devnet.submitTransaction(first)).toMatchObject({ error: { code: 3117 } });
    expect(devnet.submitTransaction(Buffer.from('00', 'hex'))).toMatchObject({ error: { code: -32602 } });
  });

  it('applies certificates: a forged registration and delegation is a reward account, also after a restart', async () => {
    const [pool] = genesisStakePoolIds(loadNetwork('custom'));
    const cbor = registerAndDelegate(pool!);
    expect(devnet.submitTransaction(cbor)).toEqual({ result: { transaction: { id: transactionId(cbor) } } });
    const summaries = async (port: number) => {
      const client = await RawClient.connect(`ws://127.0.0.1:${port}`);
      client.send({
        jsonrpc: '2.0',
        method: 'queryLedgerState/rewardAccountSummaries',
        params: { keys: [alice.hash.to_hex()] },
        id: 1,
      });
      const { result } = await client.next();
      client.close();
      return result;
    };
    const expected = [
      {
        from: 'verificationKey',
        credential: alice.hash.to_hex(),
        stakePool: { id: pool },
        rewards: { ada: { lovelace: 0 } },
        deposit: { ada: { lovelace: 2_000_000 } },
      },
    ];
    while (!readFileSync(file, 'utf8').includes(transactionId(cbor)))
      await new Promise((wake) => setTimeout(wake, 20));
    expect(await summaries(devnet.port)).toEqual(expected);
    await devnet.close();

    devnet = await startDevnet({ chain: { file }, port: 0, forgeInterval: 50 });
    await devnet.replayed;
    expect(await summaries(devnet.port)).toEqual(expected);
  });

  it('logs a block it cannot forge and goes on forging once the cause is gone', async () => {
    const height = () => {
      const tip = devnet.tip();
      return tip === 'origin' ? 0 : Number(tip.height);
    };
    // The chain file's folder disappears: appending a block fails until it is back.
    const folder = dirname(file);
    renameSync(folder, `${folder}.away`);
    const logged: string[] = [];
    const log = console.error;
    console.error = (line: string) => logged.push(line);
    try {
      while (logged.length < 2) await new Promise((wake) => setTimeout(wake, 20));
    } finally {
      console.error = log;
    }
    expect(logged[0]).toMatch(/^devnet: could not forge a block: ENOENT/);
    renameSync(`${folder}.away`, folder);
    const start = height();
    while (height() < start + 2) await new Promise((wake) => setTimeout(wake, 20));
  });

  it('keeps forging empty blocks while the mempool is empty', async () => {
    const height = () => {
      const tip = devnet.tip();
      return tip === 'origin' ? 0 : Number(tip.height);
    };
    const start = height();
    while (height() < start + 2) await new Promise((wake) => setTimeout(wake, 20));
    expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(3);
  });
});

describe('static devnet', () => {
  it('answers submitTransaction with an error and forges nothing', async () => {
    const devnet = await startDevnet({ chain: { blocks: [chainFunding] }, port: 0 });
    await devnet.replayed;
    expect(devnet.submitTransaction(payBob(10_000_000n))).toMatchObject({ error: { code: -32603 } });
    await devnet.close();
  });
});
