import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '@frostline/devnet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { WebSocketServer } from 'ws';
import {
  aikenBudgets,
  aikenCase,
  aikenCases,
  aikenParameters,
  aikenUtxos,
  blockfrostFixtures,
  evaluateBody,
  evaluateTestData,
  type AikenCase,
} from './support/evaluate-cases.js';
import { openTestDatabase, startApp, testConfig, TOKEN } from './support/test-app.js';

// The Ogmios engine (OGMIOS_URL set, EVALUATOR defaulting to ogmios): v5 bodies become v6
// evaluateTransaction calls and the answers come back in the asked shape. Against the devnet, whose
// evaluateTransaction runs the same evaluator over its chain; and against a stub for the backend
// failures the devnet never produces.

const PATH = '/utils/txs/evaluate/utxos';
const directory = mkdtempSync(join(tmpdir(), 'api-evaluate-'));
let db: Awaited<ReturnType<typeof openTestDatabase>>;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await db.close();
});

/** A devnet whose chain file puts `parameters` in force (the devnet evaluates with them). */
async function devnetWith(network: 'preview' | 'mainnet', parameters: object): Promise<Devnet> {
  const file = join(directory, `${network}-${closers.length}.jsonl`);
  writeFileSync(file, `${JSON.stringify({ event: 'protocolParameters', slot: 0, parameters })}\n`);
  const devnet = await startDevnet({ chain: { file }, network, port: 0 });
  await devnet.replayed;
  closers.push(() => devnet.close());
  return devnet;
}

async function ogmiosApp(url: string): Promise<NestFastifyApplication> {
  const app = await startApp(testConfig(db.database, { OGMIOS_URL: url }));
  closers.push(() => app.close());
  return app;
}

async function post(app: NestFastifyApplication, payload: string, version?: string) {
  const response = await app.inject({
    method: 'POST',
    url: version ? `${PATH}?version=${version}` : PATH,
    headers: { project_id: TOKEN, 'content-type': 'application/json' },
    payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

const v5Budgets = (testCase: AikenCase) =>
  Object.fromEntries(
    aikenBudgets(testCase).map(({ validator, budget }) => [
      `${validator.purpose}:${validator.index}`,
      { memory: budget.memory, steps: budget.cpu },
    ]),
  );

describe('through the devnet', () => {
  it.each(
    aikenCases
      .filter((testCase) => testCase.expected_budgets !== null)
      .map((testCase) => [testCase.name, testCase] as const),
  )('%s: the expected budgets, v5 and v6', async (_name, testCase) => {
    const app = await ogmiosApp((await devnetWith(testCase.network, aikenParameters(testCase))).url);
    const body = evaluateBody(testCase.tx_cbor, aikenUtxos(testCase));
    const v5 = await post(app, body);
    expect(v5).toEqual({
      status: 200,
      body: {
        type: 'jsonwsp/response',
        version: '1.0',
        servicename: 'ogmios',
        methodname: 'EvaluateTx',
        result: { EvaluationResult: v5Budgets(testCase) },
        reflection: { id: expect.any(String) },
      },
    });
    const v6 = await post(app, body, '6');
    expect(v6).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        method: 'evaluateTransaction',
        result: aikenBudgets(testCase),
        id: expect.any(String),
      },
    });
  });

  describe('failures and the Blockfrost fixture', () => {
    let app: NestFastifyApplication;
    beforeAll(async () => {
      const { cost_models } = evaluateTestData<{
        cost_models: Record<string, { cost_models_raw: Record<string, number[]> }>;
      }>('cost_models.json');
      const latest = cost_models.mainnet_latest.cost_models_raw;
      app = await ogmiosApp(
        (
          await devnetWith('mainnet', {
            plutusCostModels: {
              'plutus:v1': latest.PlutusV1,
              'plutus:v2': latest.PlutusV2,
              'plutus:v3': latest.PlutusV3,
            },
            maxExecutionUnitsPerTransaction: { memory: 16_500_000, cpu: 10_000_000_000 },
          })
        ).url,
      );
    });

    it('fully offline mainnet fixture: the recorded answer', async () => {
      const fixture = blockfrostFixtures.find((entry) => entry.fully_offline)!;
      const { status, body } = await post(app, fixture.postBody!);
      expect(status).toBe(200);
      expect(body).toEqual({ ...fixture.response, reflection: { id: expect.any(String) } });
    });

    it('test_eval_4: validatorFailed in v5, 3010/3012 in v6', async () => {
      const testCase = aikenCase('test_eval_4');
      const body = evaluateBody(testCase.tx_cbor, aikenUtxos(testCase));
      expect((await post(app, body)).body.result).toEqual({
        EvaluationFailure: {
          ScriptFailures: { 'mint:0': [{ validatorFailed: { error: expect.any(String), traces: [] } }] },
        },
      });
      expect((await post(app, body, '6')).body.error).toMatchObject({
        code: 3010,
        data: [{ validator: { purpose: 'mint', index: 0 }, error: { code: 3012 } }],
      });
    });

    it('an input neither on the devnet chain nor supplied: CannotCreateEvaluationContext per redeemer', async () => {
      const testCase = aikenCase('test_eval_0');
      const { body } = await post(app, evaluateBody(testCase.tx_cbor));
      expect(
        body.result.EvaluationFailure.ScriptFailures['mint:0'].CannotCreateEvaluationContext.reason,
      ).toMatch(/^Unknown transaction input/);
    });

    it('CBOR that is not a transaction: 400 (Ogmios answers -32602)', async () => {
      expect(await post(app, '{"cbor":"84a400"}')).toEqual({
        status: 400,
        body: {
          error: 'Bad Request',
          message: expect.stringContaining('Deserialisation failure'),
          status_code: 400,
        },
      });
    });
  });
});

describe('backend failures (a stub Ogmios)', () => {
  /** Answers every request with `error`, or closes without answering when null. */
  async function stub(error: object | null): Promise<string> {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    server.on('connection', (socket) =>
      socket.on('message', (data) => {
        const { id, method } = JSON.parse(data.toString());
        if (error === null) socket.close();
        else socket.send(JSON.stringify({ jsonrpc: '2.0', method, error, id }));
      }),
    );
    await new Promise((resolve) => server.once('listening', resolve));
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    return `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  }
  const testCase = aikenCase('test_eval_0');
  const body = evaluateBody(testCase.tx_cbor, aikenUtxos(testCase));

  it('a full mempool is 425 Mempool Full', async () => {
    const app = await ogmiosApp(
      await stub({ code: -32603, message: 'The mempool is full; try again later.' }),
    );
    expect(await post(app, body)).toEqual({
      status: 425,
      body: {
        error: 'Mempool Full',
        message: 'Mempool is full, please try resubmitting again later.',
        status_code: 425,
      },
    });
  });

  it('any other backend error, a hang-up or no Ogmios at all is a 500', async () => {
    const internal = {
      status: 500,
      body: {
        error: 'Internal Server Error',
        message: 'An unexpected response was received from the backend.',
        status_code: 500,
      },
    };
    expect(
      await post(await ogmiosApp(await stub({ code: -32603, message: 'internal error' })), body),
    ).toEqual(internal);
    expect(await post(await ogmiosApp(await stub(null)), body)).toEqual(internal);
    expect(await post(await ogmiosApp('ws://127.0.0.1:9'), body)).toEqual(internal);
  });

  it('passes Ogmios verdicts through in either shape', async () => {
    const app = await ogmiosApp(
      await stub({
        code: 3003,
        message: 'tip too old',
        data: { currentNodeEra: 'mary', minimumRequiredEra: 'alonzo' },
      }),
    );
    expect((await post(app, body)).body.result).toEqual({
      EvaluationFailure: { NotEnoughSynced: { currentNodeEra: 'Mary', minimumRequiredEra: 'Alonzo' } },
    });
    expect((await post(app, body, '6')).body.error).toEqual({
      code: 3003,
      message: 'tip too old',
      data: { currentNodeEra: 'mary', minimumRequiredEra: 'alonzo' },
    });
  });
});
