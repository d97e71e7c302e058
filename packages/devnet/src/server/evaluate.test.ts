/// <reference types="jest" />
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransactionSubmissionClient, type TransactionSubmission } from '@cardano-ogmios/client';
import {
  evaluate,
  resolveOgmiosUtxos,
  type ExecutionUnits,
  type PlutusCostModels,
  type UtxoJson,
} from '@frostline/evaluator';
import { stringifyJson } from '../chain/json.js';
import { genesisUtxos } from '../networks/genesis-utxos.js';
import { genesisProtocolParameters } from '../networks/genesis.js';
import { shelleySlotConfig } from '../networks/era-summaries.js';
import { loadNetwork } from '../networks/networks.js';
import { startDevnet, type Devnet } from './devnet.js';
import {
  aikenBudgets,
  aikenCase,
  aikenCases,
  aikenParameters,
  aikenUtxos,
  type AikenCase,
} from './test-support/aiken-cases.js';
import { lockAtScript, spendFromScript } from './test-support/always-succeeds.js';
import { pointOf, syntheticBlocks } from './test-support/fixtures.js';
import { connect } from './test-support/ogmios-client.js';

type Client = TransactionSubmission.TransactionSubmissionClient;

const directory = mkdtempSync(join(tmpdir(), 'devnet-evaluate-'));

/** A devnet on the case's network whose chain file sets the case's cost model and budget. */
async function devnetFor(testCase: AikenCase): Promise<Devnet> {
  const file = join(directory, `${testCase.name}.jsonl`);
  writeFileSync(
    file,
    stringifyJson({ event: 'protocolParameters', slot: 0, parameters: aikenParameters(testCase) }) + '\n',
  );
  const devnet = await startDevnet({ chain: { file }, network: testCase.network, port: 0 });
  await devnet.replayed;
  return devnet;
}

async function withClient<T>(devnet: Devnet, use: (client: Client) => Promise<T>): Promise<T> {
  const client = await createTransactionSubmissionClient(await connect(devnet.port));
  try {
    return await use(client);
  } finally {
    await client.shutdown();
  }
}

/** The Ogmios error the client rejects with. */
async function failure(evaluation: Promise<unknown>): Promise<{ code: number; message: string; data?: any }> {
  const rejection = await evaluation.then(
    (result) => {
      throw new Error(`expected an error, got ${stringifyJson(result)}`);
    },
    (error: unknown) => error as Record<string, any>,
  );
  return rejection.error ?? rejection;
}

describe('evaluateTransaction through @frostline/evaluator: Aiken phase-2 cases', () => {
  it.each(
    aikenCases
      .filter((testCase) => testCase.expected_budgets !== null)
      .map((testCase) => [testCase.name, testCase]),
  )('%s: the expected budgets, with the resolved UTxOs as additionalUtxo', async (_name, testCase) => {
    const devnet = await devnetFor(testCase);
    const result = await withClient(devnet, (client) =>
      client.evaluateTransaction(testCase.tx_cbor, aikenUtxos(testCase)),
    );
    expect(result).toEqual(aikenBudgets(testCase));
    await devnet.close();
  });

  describe('errors', () => {
    let devnet: Devnet;
    const testCase = aikenCase('test_eval_0');
    beforeAll(async () => {
      devnet = await devnetFor(testCase);
    });
    afterAll(() => devnet.close());

    it('a transaction without redeemers evaluates to []', async () => {
      const missing = aikenCase('eval_missing_redeemer');
      expect(
        await withClient(devnet, (client) =>
          client.evaluateTransaction(missing.tx_cbor, aikenUtxos(missing)),
        ),
      ).toEqual([]);
    });

    it('an input neither on chain nor in additionalUtxo: 3004 for every redeemer (in a 3010)', async () => {
      const error = await failure(
        withClient(devnet, (client) => client.evaluateTransaction(testCase.tx_cbor)),
      );
      expect(error.code).toBe(3010);
      expect(error.data).toEqual([
        {
          validator: { purpose: 'mint', index: 0 },
          error: {
            code: 3004,
            message: expect.any(String),
            data: {
              reason: expect.stringMatching(
                /^Unknown transaction input \(missing from UTxO set\): [0-9a-f]{64}#\d+$/,
              ),
            },
          },
        },
      ]);
    });

    it('a validator that fails: 3010 with the failing validator', async () => {
      const failing = aikenCase('test_eval_4');
      const error = await failure(
        withClient(devnet, (client) => client.evaluateTransaction(failing.tx_cbor, aikenUtxos(failing))),
      );
      expect(error).toMatchObject({ code: 3010, data: [{ validator: { purpose: 'mint', index: 0 } }] });
    });

    it('undecodable CBOR: -32602', async () => {
      const error = await failure(withClient(devnet, (client) => client.evaluateTransaction('84a400')));
      expect(error).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid transaction/) });
    });
  });
});

describe('evaluateTransaction over the served chain (custom network)', () => {
  const network = loadNetwork('custom');
  const [faucet] = genesisUtxos(network);
  const lock = lockAtScript(faucet);
  const lockBlock = { ...syntheticBlocks(1, 1)[0], transactions: [lock] };
  const spend = spendFromScript(lock.id);
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startDevnet({ chain: { blocks: [lockBlock, ...syntheticBlocks(2, 3)] }, port: 0 });
    await devnet.replayed;
  });
  afterAll(() => devnet.close());

  /** What the engine answers for the spend given the locked output directly. */
  function directly() {
    const parameters = genesisProtocolParameters(network);
    const utxos = resolveOgmiosUtxos([
      { transaction: { id: lock.id }, index: 0, ...lock.outputs[0] } as unknown as UtxoJson,
    ]);
    if (!utxos.ok) throw new Error(utxos.error.message);
    return evaluate({
      transaction: Buffer.from(spend, 'hex'),
      utxos: utxos.utxos,
      costModels: parameters.plutusCostModels as PlutusCostModels,
      maxExecutionUnits: parameters.maxExecutionUnitsPerTransaction as ExecutionUnits,
      slotConfig: shelleySlotConfig(network),
    });
  }

  it('resolves a Plutus V3 spend from an output of a served block, with the genesis cost models', async () => {
    const expected = directly();
    expect(expected).toEqual({
      result: [
        {
          validator: { purpose: 'spend', index: 0 },
          budget: { memory: expect.any(Number), cpu: expect.any(Number) },
        },
      ],
    });
    expect(await withClient(devnet, (client) => client.evaluateTransaction(spend))).toEqual(
      (expected as { result: unknown }).result,
    );
  });

  it('takes additionalUtxo repeating a live output, rejects one differing from it with 3002; a spent genesis output may be supplied', async () => {
    const locked = { transaction: { id: lock.id }, index: 0, ...lock.outputs[0] };
    const repeated = withClient(devnet, (client) => client.evaluateTransaction(spend, [locked] as never));
    expect(await repeated).toHaveLength(1);
    const shadow = { ...locked, value: { ada: { lovelace: 1_000_000_000 } } };
    const error = await failure(
      withClient(devnet, (client) => client.evaluateTransaction(spend, [shadow] as never)),
    );
    expect(error).toMatchObject({
      code: 3002,
      data: { overlappingOutputReferences: [{ transaction: { id: lock.id }, index: 0 }] },
    });
    // The faucet's genesis output was spent by the locking transaction: no longer live, no overlap.
    const evaluation = withClient(devnet, (client) => client.evaluateTransaction(spend, [faucet] as never));
    expect(await evaluation).toHaveLength(1);
  });

  it('forgets outputs of rolled-back blocks and learns them again when they come back', async () => {
    devnet.rollBack('origin');
    const error = await failure(withClient(devnet, (client) => client.evaluateTransaction(spend)));
    expect(error.data[0].error).toMatchObject({
      code: 3004,
      data: { reason: expect.stringContaining(`${lock.id}#0`) },
    });
    // The faucet output is unspent again, so supplying something else in its place overlaps.
    const otherFaucet = { ...faucet, value: { ada: { lovelace: 1_000_000 } } };
    const overlap = await failure(
      withClient(devnet, (client) => client.evaluateTransaction(spend, [otherFaucet] as never)),
    );
    expect(overlap.code).toBe(3002);
    devnet.fork('origin', [lockBlock, ...syntheticBlocks(2, 3)]);
    expect(devnet.tip()).toEqual({ ...pointOf(3), height: 3 });
    expect(await withClient(devnet, (client) => client.evaluateTransaction(spend))).toHaveLength(1);
  });

  it('answers 3004 without running scripts when evaluation is turned off', async () => {
    const off = await startDevnet({ chain: { blocks: [lockBlock] }, port: 0, evaluation: false });
    const error = await failure(withClient(off, (client) => client.evaluateTransaction(spend)));
    expect(error).toMatchObject({ code: 3004, data: { reason: expect.stringContaining('evaluation') } });
    await off.close();
  });
});
