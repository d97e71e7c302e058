import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { BlockFrostAPI, BlockfrostServerError } from '@blockfrost/blockfrost-js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  aikenBudgets,
  aikenCase,
  aikenCases,
  aikenParameters,
  aikenUtxos,
  blockfrostFixture,
  evaluateBody,
  evaluateTestData,
  seedUtxos,
  storeProtocolParameters,
  blockfrostFixtures,
  type AikenCase,
  type BlockfrostFixture,
  type Utxo,
} from './support/evaluate-cases.js';
import { ChainSeed } from './support/seed.js';
import { openTestDatabase, startApp, testConfig, TOKEN } from './support/test-app.js';

// POST /utils/txs/evaluate/utxos with the local engine (no OGMIOS_URL): the Aiken phase-2 cases and
// the Blockfrost fixtures that need no chain we do not have, with UTxOs from additionalUtxoSet or
// from the indexer's tables, in both Ogmios shapes; then every kind of malformed request.

const PATH = '/api/v0/utils/txs/evaluate/utxos';
type Database = Awaited<ReturnType<typeof openTestDatabase>>;
const databases: Database[] = [];
const apps: NestFastifyApplication[] = [];

async function localApp(env: Record<string, string> = {}) {
  const db = await openTestDatabase();
  databases.push(db);
  const app = await startApp(testConfig(db.database, env));
  apps.push(app);
  return { db, app, seed: new ChainSeed(db.sql) };
}

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(databases.map((db) => db.close()));
});

async function post(
  app: NestFastifyApplication,
  payload: string,
  { version, headers = {} }: { version?: string; headers?: Record<string, string> } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: version === undefined ? PATH : `${PATH}?version=${version}`,
    headers: { project_id: TOKEN, 'content-type': 'application/json', ...headers },
    payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

/** POST /utils/txs/evaluate: the transaction alone, as text or bytes. */
async function postCbor(
  app: NestFastifyApplication,
  payload: string | Buffer,
  contentType = 'application/cbor',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v0/utils/txs/evaluate',
    headers: { project_id: TOKEN, 'content-type': contentType },
    payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

const V5_ENVELOPE = {
  type: 'jsonwsp/response',
  version: '1.0',
  servicename: 'ogmios',
  methodname: 'EvaluateTx',
  reflection: { id: expect.any(String) },
};
const v5Success = (testCase: AikenCase) => ({
  ...V5_ENVELOPE,
  result: {
    EvaluationResult: Object.fromEntries(
      aikenBudgets(testCase).map(({ validator, budget }) => [
        `${validator.purpose}:${validator.index}`,
        { memory: budget.memory, steps: budget.cpu },
      ]),
    ),
  },
});
const v6Answer = (outcome: object) => ({
  jsonrpc: '2.0',
  method: 'evaluateTransaction',
  ...outcome,
  id: expect.any(String),
});

/** Both shapes of one request. */
async function bothVersions(app: NestFastifyApplication, payload: string) {
  const v5 = await post(app, payload);
  const v6 = await post(app, payload, { version: '6' });
  expect([v5.status, v6.status]).toEqual([200, 200]);
  return { v5: v5.body, v6: v6.body };
}

// blockfrost-tests matchers ({$matcher: any String}) as jest asymmetric matchers.
function withMatchers(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withMatchers);
  if (typeof json !== 'object' || json === null) return json;
  const { $matcher, args } = json as { $matcher?: string; args?: string[] };
  if ($matcher === 'any') return expect.any(String);
  if ($matcher === 'stringContaining') return expect.stringContaining(args![0]);
  return Object.fromEntries(Object.entries(json).map(([key, item]) => [key, withMatchers(item)]));
}

const withBudgets = aikenCases.filter((testCase) => testCase.expected_budgets !== null);

describe('Aiken phase-2 cases, local engine', () => {
  // Each case carries its own cost model: the test stores it as the latest epoch's parameters, which
  // is how the engine learns the model in force.
  let epoch = 0;
  let additional: Awaited<ReturnType<typeof localApp>>;
  let indexed: Awaited<ReturnType<typeof localApp>>;

  beforeAll(async () => {
    additional = await localApp();
    indexed = await localApp();
    // Several cases share UTxOs: the chain holds each once.
    const unique = new Map<string, Utxo>();
    for (const testCase of aikenCases) {
      for (const utxo of aikenUtxos(testCase)) unique.set(`${utxo.transaction.id}#${utxo.index}`, utxo);
    }
    await seedUtxos(indexed.db.sql, indexed.seed, [...unique.values()]);
  });

  /**
   * The case's parameters in force on both apps, then the case asked of each: with its UTxOs in
   * additionalUtxoSet, and with them resolved from the database.
   */
  async function askedOfBoth(testCase: AikenCase) {
    await inForce(testCase);
    return [
      [additional.app, evaluateBody(testCase.tx_cbor, aikenUtxos(testCase))],
      [indexed.app, evaluateBody(testCase.tx_cbor)],
    ] as const;
  }

  async function inForce(testCase: AikenCase) {
    epoch += 1;
    await storeProtocolParameters(additional.db.sql, epoch, aikenParameters(testCase));
    await storeProtocolParameters(indexed.db.sql, epoch, aikenParameters(testCase));
  }

  it.each(withBudgets.map((testCase) => [testCase.name, testCase] as const))(
    '%s: the expected budgets with the UTxOs in additionalUtxoSet, v5 and v6',
    async (_name, testCase) => {
      await inForce(testCase);
      const { v5, v6 } = await bothVersions(
        additional.app,
        evaluateBody(testCase.tx_cbor, aikenUtxos(testCase)),
      );
      expect(v5).toEqual(v5Success(testCase));
      expect(v6).toEqual(v6Answer({ result: aikenBudgets(testCase) }));
    },
  );

  it.each(withBudgets.map((testCase) => [testCase.name, testCase] as const))(
    '%s: the expected budgets with the UTxOs resolved from the database, v5 and v6',
    async (_name, testCase) => {
      await inForce(testCase);
      const { v5, v6 } = await bothVersions(indexed.app, evaluateBody(testCase.tx_cbor));
      expect(v5).toEqual(v5Success(testCase));
      expect(v6).toEqual(v6Answer({ result: aikenBudgets(testCase) }));
    },
  );

  it('eval_missing_redeemer: nothing to evaluate', async () => {
    const testCase = aikenCase('eval_missing_redeemer');
    for (const [app, body] of await askedOfBoth(testCase)) {
      const { v5, v6 } = await bothVersions(app, body);
      expect(v5).toEqual({ ...V5_ENVELOPE, result: { EvaluationResult: {} } });
      expect(v6).toEqual(v6Answer({ result: [] }));
    }
  });

  it('test_eval_4: the failing validator is an EvaluationFailure (200), 3010/3012 in v6', async () => {
    const testCase = aikenCase('test_eval_4');
    for (const [app, body] of await askedOfBoth(testCase)) {
      const { v5, v6 } = await bothVersions(app, body);
      expect(v5).toEqual({
        ...V5_ENVELOPE,
        result: {
          EvaluationFailure: {
            ScriptFailures: {
              'mint:0': [
                { validatorFailed: { error: 'the validator crashed / exited prematurely', traces: [] } },
              ],
            },
          },
        },
      });
      expect(v6).toEqual(
        v6Answer({
          error: {
            code: 3010,
            message: 'Some scripts of the transactions terminated with error(s).',
            data: [
              {
                validator: { purpose: 'mint', index: 0 },
                error: {
                  code: 3012,
                  message: expect.any(String),
                  data: { validationError: 'the validator crashed / exited prematurely', traces: [] },
                },
              },
            ],
          },
        }),
      );
    }
  });

  it('the latest stored epoch is in force: an older cost model gives other budgets', async () => {
    const testCase = aikenCase('test_eval_0');
    await inForce(testCase);
    epoch += 1;
    const { cost_models } = evaluateTestData<{
      cost_models: Record<string, { cost_models_raw: Record<string, number[]> }>;
    }>('cost_models.json');
    await storeProtocolParameters(indexed.db.sql, epoch, {
      ...aikenParameters(testCase),
      plutusCostModels: { 'plutus:v2': cost_models.mainnet_latest.cost_models_raw.PlutusV2 },
    });
    const { v6 } = await bothVersions(indexed.app, evaluateBody(testCase.tx_cbor));
    expect(v6.result).toEqual([{ validator: { purpose: 'mint', index: 0 }, budget: expect.any(Object) }]);
    expect(v6.result).not.toEqual(aikenBudgets(testCase));
  });

  it('lenient additionalUtxoSet: base64 cbor, datum_hash, "policy" asset keys, quantities beyond 2^53', async () => {
    const testCase = aikenCase('test_eval_7');
    await inForce(testCase);
    const [txIn, txOut] = JSON.parse(evaluateBody(testCase.tx_cbor, aikenUtxos(testCase)))
      .additionalUtxoSet[0];
    const datumHash = txOut.datumHash;
    delete txOut.datumHash;
    const others = JSON.parse(evaluateBody(testCase.tx_cbor, aikenUtxos(testCase))).additionalUtxoSet.slice(
      1,
    );
    // An extra UTxO the transaction does not use, with a token quantity no JS number holds exactly.
    const big = `[{"txId":"${'ab'.repeat(32)}","index":0},{"address":"${txOut.address}","value":{"coins":2000000,"assets":{"${'cd'.repeat(28)}":18446744073709551615,"${'cd'.repeat(28)}.4e4654":9007199254740993}}}]`;
    const body = `{"cbor":"${Buffer.from(testCase.tx_cbor, 'hex').toString('base64')}","additionalUtxoSet":[${JSON.stringify(
      [txIn, { ...txOut, datum_hash: datumHash }],
    )},${others.map((pair: unknown) => JSON.stringify(pair)).join(',')},${big}]}`;
    const { v5 } = await bothVersions(additional.app, body);
    expect(v5).toEqual(v5Success(testCase));
  });
});

describe('Blockfrost evaluate fixtures, local engine (shipped mainnet parameters: nothing stored yet)', () => {
  let app: NestFastifyApplication;
  const offline = blockfrostFixtures.find((fixture) => fixture.fully_offline)!;
  const offlineBody = JSON.parse(offline.postBody!) as { cbor: string; additionalUtxoSet: [any, any][] };
  const [offlineIn, offlineOut] = offlineBody.additionalUtxoSet[0];
  const inputsOf = (body: string) => {
    const inputs = CSL.Transaction.from_hex(JSON.parse(body).cbor).body().inputs();
    return Array.from({ length: inputs.len() }, (_, i) => ({
      id: inputs.get(i).transaction_id().to_hex(),
      index: inputs.get(i).index(),
    }));
  };
  // The mainnet "with missing additional utxo set" transaction has two inputs; the recorded answer
  // names the second, spent on chain by then, so the first was live.
  const missing = blockfrostFixture('with-missing-additional-utxo-set');
  const [live, spent] = inputsOf(missing.postBody!);
  const plainOutput = ({ id, index }: { id: string; index: number }): Utxo => ({
    transaction: { id },
    index,
    address: offlineOut.address,
    value: { ada: { lovelace: 5_000_000n } } as Utxo['value'],
  });
  // The preview "success" fixtures spend 4e9a66…#0 with the transaction of the fully offline case,
  // which spends FFFF…#0 instead and supplies it: the offline UTxO stands in for the preview one
  // (assumption: the collector built the offline case from it). It carries the PlutusV2 script as a
  // reference script and an inline datum, so resolving it exercises the script table.
  const preview = blockfrostFixtures.filter(
    (fixture) => fixture.network === 'preview' && fixture.endpoints[0] === 'utils/txs/evaluate/utxos',
  );
  const [previewInput] = inputsOf(preview[0].postBody!);
  const scriptOutput = ({ id, index }: { id: string; index: number }): Utxo => ({
    transaction: { id },
    index,
    address: offlineOut.address,
    value: { ada: { lovelace: BigInt(offlineOut.value.coins) } } as Utxo['value'],
    datum: offlineOut.datum.toLowerCase(),
    script: { language: 'plutus:v2', cbor: offlineOut.script['plutus:v2'].toLowerCase() },
  });

  beforeAll(async () => {
    const started = await localApp();
    app = started.app;
    // The offline case's FFFF…#0 is on chain too, but spent: supplying it again is fine, as in Ogmios.
    const offlineOnChain = { id: offlineIn.txId.toLowerCase(), index: offlineIn.index };
    await seedUtxos(
      started.db.sql,
      started.seed,
      [plainOutput(live), scriptOutput(previewInput)],
      [plainOutput(spent), scriptOutput(offlineOnChain)],
    );
  });

  it('fully offline (mainnet): the recorded answer with the cost model in force, v5 and v6', async () => {
    const { v5, v6 } = await bothVersions(app, offline.postBody!);
    expect(v5).toEqual(withMatchers(offline.response));
    expect(v6).toEqual(
      v6Answer({
        result: [{ validator: { purpose: 'spend', index: 0 }, budget: { memory: 15694, cpu: 3776164 } }],
      }),
    );
  });

  it.each(preview.map((fixture) => [fixture.id, fixture] as const))(
    'preview %s: cbor only, resolved from the database (reference script, inline datum)',
    async (_id, fixture) => {
      const { v5, v6 } = await bothVersions(app, fixture.postBody!);
      expect(v5).toEqual(withMatchers(fixture.response));
      expect(v6.result).toEqual([
        { validator: { purpose: 'spend', index: 0 }, budget: { memory: 15694, cpu: 3776164 } },
      ]);
    },
  );

  it.each([
    ['with-missing-additional-utxo-set', (fixture: BlockfrostFixture) => fixture.postBody!],
    ['with-spent-utxo', (fixture: BlockfrostFixture) => JSON.stringify({ cbor: fixture.postBody })],
  ])('mainnet %s: the input spent on chain is unknown', async (name, body) => {
    const fixture = blockfrostFixture(name);
    const { v5, v6 } = await bothVersions(app, body(fixture));
    expect(v5).toEqual(withMatchers(fixture.response));
    expect(v6).toEqual(
      v6Answer({
        error: {
          code: 3010,
          message: expect.any(String),
          data: [
            {
              validator: { purpose: 'spend', index: 0 },
              error: {
                code: 3004,
                message: expect.any(String),
                data: {
                  reason: `Unknown transaction input (missing from UTxO set): ${spent.id}#${spent.index}`,
                },
              },
            },
          ],
        },
      }),
    );
  });

  it('preview incompatible era: IncompatibleEra "Mary", 3000 in v6', async () => {
    const fixture = blockfrostFixture('incompatible-era');
    const { v5, v6 } = await bothVersions(app, JSON.stringify({ cbor: fixture.postBody }));
    expect(v5).toEqual(withMatchers(fixture.response));
    expect(v6).toEqual(
      v6Answer({ error: expect.objectContaining({ code: 3000, data: { incompatibleEra: 'mary' } }) }),
    );
  });

  it('preview ill-formed transaction: 400 carrying Ogmios v5 fault text', async () => {
    const fixture = blockfrostFixture('ill-formed-tx');
    for (const version of [undefined, '6']) {
      const { status, body } = await post(app, JSON.stringify({ cbor: fixture.postBody }), { version });
      expect(status).toBe(400);
      expect(body).toEqual({
        error: 'Bad Request',
        message: withMatchers((fixture.response as any).fault.string),
        status_code: 400,
      });
    }
  });

  it.each(['with-spent-utxo', 'incompatible-era'])(
    'POST /utils/txs/evaluate %s: the recorded answer from the hex text, the base64 text or the raw bytes',
    async (name) => {
      const fixture = blockfrostFixture(name);
      expect(fixture.endpoints).toEqual(['utils/txs/evaluate']);
      const bytes = Buffer.from(fixture.postBody!, 'hex');
      for (const payload of [fixture.postBody!, bytes.toString('base64'), bytes]) {
        const { status, body } = await postCbor(app, payload);
        expect([status, body]).toEqual([200, withMatchers(fixture.response)]);
      }
    },
  );

  it('POST /utils/txs/evaluate ill-formed transaction: 400 carrying Ogmios v5 fault text; JSON is 415', async () => {
    const fixture = blockfrostFixture('ill-formed-tx');
    const { status, body } = await postCbor(app, fixture.postBody!);
    expect([status, body.message]).toEqual([400, withMatchers((fixture.response as any).fault.string)]);
    const json = await postCbor(app, JSON.stringify({ cbor: fixture.postBody }), 'application/json');
    expect(json.status).toBe(415);
  });

  it('an additional UTxO that shadows a live one: AdditionalUtxoOverlap, 3002 in v6', async () => {
    const body = JSON.stringify({
      cbor: offlineBody.cbor,
      additionalUtxoSet: [
        [{ txId: live.id, index: live.index }, offlineOut],
        ...offlineBody.additionalUtxoSet,
      ],
    });
    const { v5, v6 } = await bothVersions(app, body);
    expect(v5).toEqual({
      ...V5_ENVELOPE,
      result: { EvaluationFailure: { AdditionalUtxoOverlap: [{ txId: live.id, index: live.index }] } },
    });
    expect(v6).toEqual(
      v6Answer({
        error: expect.objectContaining({
          code: 3002,
          data: { overlappingOutputReferences: [{ transaction: { id: live.id }, index: live.index }] },
        }),
      }),
    );
  });

  it('an additional UTxO equal to the live one is taken (Ogmios ≥ 6.5; Lucid sends its live inputs)', async () => {
    const repeated = [
      { txId: live.id, index: live.index },
      { address: offlineOut.address, value: { coins: 5_000_000 } },
    ];
    const body = JSON.stringify({
      ...offlineBody,
      additionalUtxoSet: [repeated, ...offlineBody.additionalUtxoSet],
    });
    const [withRepeat, without] = [
      await bothVersions(app, body),
      await bothVersions(app, JSON.stringify(offlineBody)),
    ];
    expect(withRepeat.v5.result).toHaveProperty('EvaluationResult');
    expect([withRepeat.v5.result, withRepeat.v6.result]).toEqual([without.v5.result, without.v6.result]);
  });

  it('covers every fixture but the preprod ones, whose UTxOs (scripts included) only the preprod chain has', () => {
    const covered = [
      offline,
      ...preview,
      missing,
      blockfrostFixture('with-spent-utxo'),
      blockfrostFixture('incompatible-era'),
      blockfrostFixture('ill-formed-tx'),
    ];
    // The two GET fixtures are answered by the router (see the malformed requests below).
    const gets = blockfrostFixtures.filter((fixture) => fixture.postBody === undefined);
    const rest = blockfrostFixtures.filter(
      (fixture) => !covered.includes(fixture) && !gets.includes(fixture),
    );
    expect(gets).toHaveLength(2);
    expect(rest.map((fixture) => fixture.network)).toEqual(['preprod', 'preprod', 'preprod', 'preprod']);
  });
});

describe('PlutusV3 (Conway), resolved from the database', () => {
  // `(program 1.1.0 (lam x (con unit ())))`: an always-succeeding V3 validator (packages/evaluator's
  // V3 test). The transaction spends an output it locks (inline datum) and runs it from a reference
  // input whose script the indexer keeps in the script table; no script is in the witness set.
  const ALWAYS_SUCCEEDS_V3 = '450101002499';
  const script = CSL.PlutusScript.new_v3(Buffer.from(ALWAYS_SUCCEEDS_V3, 'hex'));
  const address = CSL.EnterpriseAddress.new(0, CSL.Credential.from_scripthash(script.hash()))
    .to_address()
    .to_bech32('addr_test');
  const locked: Utxo = {
    transaction: { id: '11'.repeat(32) },
    index: 0,
    address,
    value: { ada: { lovelace: 5_000_000n } } as Utxo['value'],
    datum: 'd87980',
  };
  const holder: Utxo = {
    transaction: { id: '22'.repeat(32) },
    index: 0,
    address,
    value: { ada: { lovelace: 20_000_000n } } as Utxo['value'],
    script: { language: 'plutus:v3', cbor: ALWAYS_SUCCEEDS_V3 },
  };

  function spendWithReferenceScript(): string {
    const input = (utxo: Utxo) =>
      CSL.TransactionInput.new(CSL.TransactionHash.from_hex(utxo.transaction.id), utxo.index);
    const inputs = CSL.TransactionInputs.new();
    inputs.add(input(locked));
    const outputs = CSL.TransactionOutputs.new();
    outputs.add(
      CSL.TransactionOutput.new(
        CSL.Address.from_bech32(address),
        CSL.Value.new(CSL.BigNum.from_str('4000000')),
      ),
    );
    const body = CSL.TransactionBody.new_tx_body(inputs, outputs, CSL.BigNum.from_str('1000000'));
    const references = CSL.TransactionInputs.new();
    references.add(input(holder));
    body.set_reference_inputs(references);
    const redeemers = CSL.Redeemers.new();
    redeemers.add(
      CSL.Redeemer.new(
        CSL.RedeemerTag.new_spend(),
        CSL.BigNum.zero(),
        CSL.PlutusData.from_hex('d87980'),
        CSL.ExUnits.new(CSL.BigNum.zero(), CSL.BigNum.zero()),
      ),
    );
    const witnesses = CSL.TransactionWitnessSet.new();
    witnesses.set_redeemers(redeemers);
    return CSL.Transaction.new(body, witnesses).to_hex();
  }

  it('evaluates with the shipped V3 cost model on preview', async () => {
    const { db, app, seed } = await localApp({ NETWORK: 'preview' });
    await seedUtxos(db.sql, seed, [locked, holder]);
    const { v5, v6 } = await bothVersions(app, evaluateBody(spendWithReferenceScript()));
    expect(v6).toEqual(
      v6Answer({
        result: [
          {
            validator: { purpose: 'spend', index: 0 },
            budget: { memory: expect.any(Number), cpu: expect.any(Number) },
          },
        ],
      }),
    );
    const [{ budget }] = v6.result;
    expect(budget.memory).toBeGreaterThan(0);
    expect(budget.memory).toBeLessThan(1_000);
    expect(v5).toEqual({
      ...V5_ENVELOPE,
      result: { EvaluationResult: { 'spend:0': { memory: budget.memory, steps: budget.cpu } } },
    });
  });

  it('a custom network with no stored parameters has no cost model: 3115 missingCostModels', async () => {
    const { db, app, seed } = await localApp({ NETWORK: 'custom' });
    await seedUtxos(db.sql, seed, [locked, holder]);
    const { v5, v6 } = await bothVersions(app, evaluateBody(spendWithReferenceScript()));
    expect(v6.error).toMatchObject({
      code: 3010,
      data: [
        {
          validator: { purpose: 'spend', index: 0 },
          error: { code: 3115, data: { missingCostModels: ['plutus:v3'] } },
        },
      ],
    });
    expect(v5.result).toEqual({
      EvaluationFailure: { ScriptFailures: { 'spend:0': [{ noCostModelForLanguage: 'plutus:v3' }] } },
    });
  });
});

describe('malformed requests: 4xx with Blockfrost error bodies', () => {
  let app: NestFastifyApplication;
  const offline = blockfrostFixtures.find((fixture) => fixture.fully_offline)!;
  const bad = (message: string | jest.AsymmetricMatcher) => ({
    error: 'Bad Request',
    message,
    status_code: 400,
  });
  const pair = JSON.parse(offline.postBody!).additionalUtxoSet[0] as [
    Record<string, unknown>,
    Record<string, any>,
  ];
  const withPair = (txIn: unknown, txOut: unknown) =>
    JSON.stringify({ cbor: JSON.parse(offline.postBody!).cbor, additionalUtxoSet: [[txIn, txOut]] });

  beforeAll(async () => {
    ({ app } = await localApp());
  });

  async function send(payload: string | undefined, headers: Record<string, string>) {
    const response = await app.inject({
      method: 'POST',
      url: PATH,
      headers: { project_id: TOKEN, ...headers },
      payload,
    });
    return { status: response.statusCode, body: response.json() };
  }

  it('answers 415 to any other content type, and to none', async () => {
    expect(await send(offline.postBody, { 'content-type': 'text/plain' })).toEqual({
      status: 415,
      body: {
        error: 'Unsupported Media Type',
        message: 'Unsupported Media Type: text/plain',
        status_code: 415,
      },
    });
    expect(await send(undefined, {})).toEqual({
      status: 415,
      body: {
        error: 'Unsupported Media Type',
        message: 'Unsupported Media Type: undefined',
        status_code: 415,
      },
    });
    for (const type of ['application/cbor', 'application/x-www-form-urlencoded']) {
      expect(await send('84a0', { 'content-type': type })).toEqual({
        status: 415,
        body: {
          error: 'Unsupported Media Type',
          message: expect.stringContaining('Unsupported Media Type'),
          status_code: 415,
        },
      });
    }
    expect((await send(offline.postBody, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(
      200,
    );
  });

  it('checks sizes before decoding: the transaction against maxTransactionSize, the rest against EVALUATE_MAX_ADDITIONAL_UTXO_BYTES', async () => {
    const body = JSON.parse(offline.postBody!);
    const padded = (size: number) => JSON.stringify({ ...body, padding: 'x'.repeat(size) });
    const tooLarge = (message: string) => ({
      status: 413,
      body: { error: 'Payload Too Large', message, status_code: 413 },
    });
    const json = { 'content-type': 'application/json' };
    // The default bound is 256 KiB beside the transaction, the body limit that plus 64 KiB.
    expect((await send(padded(200 * 1024), json)).status).toBe(200);
    const over = padded(260 * 1024);
    expect(await send(over, json)).toEqual(
      tooLarge(
        `The additionalUtxoSet is ${over.length - body.cbor.length} bytes; at most 262144 are accepted.`,
      ),
    );
    expect(await send(padded(320 * 1024), json)).toEqual(tooLarge('Request body is too large'));
    // Nothing stored yet: mainnet's 16,384 bytes. Neither hex nor base64 is decoded to tell.
    const transaction = (bytes: number) => 'ab'.repeat(bytes);
    expect(await send(JSON.stringify({ cbor: transaction(16_385) }), json)).toEqual(
      tooLarge('The transaction is 16385 bytes; the protocol allows at most 16384.'),
    );
    const base64 = Buffer.alloc(16_386, 0xff).toString('base64'); // "////…": not hex
    expect(await send(JSON.stringify({ cbor: base64 }), json)).toEqual(
      tooLarge('The transaction is 16386 bytes; the protocol allows at most 16384.'),
    );
    expect((await postCbor(app, transaction(16_385))).status).toBe(413);
    // A bound of its own.
    const small = (await localApp({ EVALUATE_MAX_ADDITIONAL_UTXO_BYTES: '4096' })).app;
    expect((await post(small, padded(5000))).status).toBe(413);
    expect((await post(small, offline.postBody!)).status).toBe(200);
  });

  it.each([
    ['invalid JSON', '{"cbor": "84a0"', bad(expect.stringMatching(/^Body is not valid JSON/))],
    ['not an object', '["84a0"]', bad('body must be an object')],
    ['missing cbor', '{}', bad('cbor must be a string (hex or base64)')],
    ['cbor not a string', '{"cbor": 132}', bad('cbor must be a string (hex or base64)')],
    [
      'cbor neither hex nor base64',
      '{"cbor": "not-hex!"}',
      bad('failed to decode payload from base64 or base16'),
    ],
    [
      'CBOR that is not a transaction',
      '{"cbor": "d87980"}',
      bad(expect.stringContaining('Deserialisation failure while decoding serialised transaction')),
    ],
    [
      'additionalUtxoSet not an array',
      JSON.stringify({ cbor: '84a0', additionalUtxoSet: {} }),
      bad('additionalUtxoSet must be an array'),
    ],
    [
      'a pair of one element',
      JSON.stringify({ cbor: '84a0', additionalUtxoSet: [[pair[0]]] }),
      bad('additionalUtxoSet[0] must be a [TxIn, TxOut] pair of exactly two elements'),
    ],
    [
      'a pair of three elements',
      JSON.stringify({ cbor: '84a0', additionalUtxoSet: [[...pair, {}]] }),
      bad('additionalUtxoSet[0] must be a [TxIn, TxOut] pair of exactly two elements'),
    ],
    [
      'a TxIn without txId',
      withPair({ index: 0 }, pair[1]),
      bad('additionalUtxoSet[0][0].txId must be hex of the right length'),
    ],
    [
      'a TxIn with a negative index',
      withPair({ ...pair[0], index: -1 }, pair[1]),
      bad('additionalUtxoSet[0][0].index must be a non-negative integer'),
    ],
    [
      'a TxOut without address',
      withPair(pair[0], { ...pair[1], address: undefined }),
      bad('additionalUtxoSet[0][1].address must be a string'),
    ],
    [
      'a TxOut without coins',
      withPair(pair[0], { ...pair[1], value: {} }),
      bad('additionalUtxoSet[0][1].value.coins must be a non-negative integer'),
    ],
    [
      'a bad asset key',
      withPair(pair[0], { ...pair[1], value: { coins: 1, assets: { nope: 1 } } }),
      bad('additionalUtxoSet[0][1].value.assets has an invalid asset key "nope"'),
    ],
    [
      'an unknown script language',
      withPair(pair[0], { ...pair[1], script: { 'plutus:v9': '00' } }),
      bad('additionalUtxoSet[0][1].script has an unknown language "plutus:v9"'),
    ],
    [
      'an address the ledger cannot read',
      withPair(pair[0], { ...pair[1], address: 'addr1nope' }),
      bad(expect.stringContaining('Invalid additional UTxO')),
    ],
  ])('%s: 400', async (_what, payload, expected) => {
    for (const version of [undefined, '6']) {
      const response = await post(app, payload, { version });
      expect([response.status, response.body]).toEqual([400, expected]);
    }
  });

  it('answers 400 to a version other than 5 or 6', async () => {
    for (const version of ['7', 'x', '']) {
      expect(await post(app, offline.postBody!, { version })).toEqual({
        status: 400,
        body: bad('querystring/version must be 5 or 6'),
      });
    }
    expect((await post(app, offline.postBody!, { version: '5' })).body.type).toBe('jsonwsp/response');
  });

  it('answers GET with Blockfrost\'s 400 "Invalid path" (the fixtures for both evaluate paths)', async () => {
    for (const fixture of blockfrostFixtures.filter((entry) => entry.postBody === undefined)) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v0/${fixture.endpoints[0]}`,
        headers: { project_id: TOKEN },
      });
      expect([response.statusCode, response.json()]).toEqual([400, fixture.response]);
    }
  });

  it('applies the project token (403) and the rate limit (429) like every route', async () => {
    const { status, body } = await post(app, offline.postBody!, { headers: { project_id: 'wrong' } });
    expect([status, body]).toEqual([
      403,
      { error: 'Forbidden', message: 'Invalid project token.', status_code: 403 },
    ]);
    const limited = (await localApp({ RATE_LIMIT_BURST: '1', RATE_LIMIT_PER_SECOND: '0.001' })).app;
    expect((await post(limited, offline.postBody!)).status).toBe(200);
    expect(await post(limited, offline.postBody!)).toEqual({
      status: 429,
      body: { error: 'Project Over Limit', message: 'Usage is over limit.', status_code: 429 },
    });
  });
});

describe('blockfrost-js utilsTxsEvaluateUtxos against the listening app', () => {
  let api: BlockFrostAPI;
  const offline = blockfrostFixtures.find((fixture) => fixture.fully_offline)!;
  const { cbor, additionalUtxoSet } = JSON.parse(offline.postBody!);

  beforeAll(async () => {
    const { app } = await localApp();
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as { port: number };
    api = new BlockFrostAPI({ customBackend: `http://127.0.0.1:${port}/api/v0`, projectId: TOKEN });
  });

  it('gets the v5 envelope of the recorded answer', async () => {
    expect(await api.utilsTxsEvaluateUtxos(cbor, additionalUtxoSet)).toEqual(withMatchers(offline.response));
  });

  it('gets an EvaluationFailure as a result (HTTP 200), not an error', async () => {
    const failure = (await api.utilsTxsEvaluateUtxos(cbor, [])) as Record<string, any>;
    expect(
      failure.result.EvaluationFailure.ScriptFailures['spend:0'].CannotCreateEvaluationContext.reason,
    ).toMatch(/^Unknown transaction input/);
  });

  it('sends BigInt quantities as bare integers, which are read exactly', async () => {
    const [txIn, txOut] = additionalUtxoSet[0];
    const extra = [
      { txId: 'ab'.repeat(32), index: 0 },
      { address: txOut.address, value: { coins: 2_000_000n, assets: { ['cd'.repeat(28)]: 2n ** 64n - 1n } } },
    ];
    expect(await api.utilsTxsEvaluateUtxos(cbor, [[txIn, txOut], extra] as never)).toEqual(
      withMatchers(offline.response),
    );
  });

  it('utilsTxsEvaluate sends the hex text under application/cbor and gets the v5 envelope', async () => {
    const answer = (await api.utilsTxsEvaluate(cbor)) as Record<string, any>;
    expect(answer).toMatchObject({ type: 'jsonwsp/response', methodname: 'EvaluateTx' });
    // Its input is only in the fixture's additionalUtxoSet, which this endpoint has no way to take.
    expect(
      answer.result.EvaluationFailure.ScriptFailures['spend:0'].CannotCreateEvaluationContext.reason,
    ).toMatch(/^Unknown transaction input/);
  });

  it('raises BlockfrostServerError with the 400 body for a malformed transaction', async () => {
    const error = await api.utilsTxsEvaluateUtxos('80', []).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockfrostServerError);
    expect(error).toMatchObject({ status_code: 400, error: 'Bad Request' });
  });
});
