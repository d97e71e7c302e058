import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ogmiosVectorParameters, storeProtocolParameters } from './support/evaluate-cases.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { get, openTestDatabase, startApp, testConfig, type TestContext } from './support/test-app.js';

const parameters = ogmiosVectorParameters();
const NONCE_5 = '5a'.repeat(32);
const NONCE_7 = '7b'.repeat(32);
const ENDPOINT = '/epochs/{number}/parameters';

let app: NestFastifyApplication;
let db: TestContext & { close(): Promise<void> };

async function request(url: string) {
  const response = await get(app, url);
  const endpoint = url.includes('latest') ? '/epochs/latest/parameters' : ENDPOINT;
  expect(schemaErrors(endpoint, response.status, response.body)).toEqual([]);
  return response;
}

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startApp(testConfig(db.database));
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('GET /epochs/{number}/parameters and /epochs/latest/parameters', () => {
  it('answers 404 before the indexer stored any parameters', async () => {
    const response = await request('/epochs/latest/parameters');
    expect(response.status).toBe(404);
  });

  it('serves the stored parameters of an epoch in Blockfrost’s shape, the newest as latest', async () => {
    await storeProtocolParameters(db.sql, 5, parameters, NONCE_5);
    await storeProtocolParameters(db.sql, 7, parameters, NONCE_7);

    const epoch5 = await request('/epochs/5/parameters');
    expect(epoch5.status).toBe(200);
    expect(epoch5.body).toMatchObject({
      epoch: 5,
      nonce: NONCE_5,
      min_fee_a: parameters.minFeeCoefficient,
      min_fee_b: parameters.minFeeConstant.ada.lovelace,
      key_deposit: String(parameters.stakeCredentialDeposit.ada.lovelace),
      max_tx_ex_steps: BigInt(parameters.maxExecutionUnitsPerTransaction.cpu).toString(),
      protocol_major_ver: parameters.version.major,
      cost_models_raw: {
        PlutusV1: parameters.plutusCostModels['plutus:v1'],
        PlutusV2: parameters.plutusCostModels['plutus:v2'],
        PlutusV3: parameters.plutusCostModels['plutus:v3'],
      },
    });
    expect(epoch5.body.cost_models.PlutusV1['addInteger-cpu-arguments-intercept']).toBe(
      parameters.plutusCostModels['plutus:v1'][0],
    );

    const latest = await request('/api/v0/epochs/latest/parameters');
    expect(latest.status).toBe(200);
    expect(latest.body).toEqual({ ...epoch5.body, epoch: 7, nonce: NONCE_7 });
  });

  it('serves a rewritten row’s new parameters, never the answer mapped from the old one', async () => {
    await storeProtocolParameters(db.sql, 9, parameters, NONCE_5);
    const before = await request('/epochs/latest/parameters');
    expect(before.body).toMatchObject({ epoch: 9, min_fee_a: parameters.minFeeCoefficient, nonce: NONCE_5 });

    // As the indexer refreshes an epoch's row: same epoch, new answer.
    await db.sql.query(
      `UPDATE protocol_parameters SET params = jsonb_set(params, '{minFeeCoefficient}', $1::jsonb),
         nonce = decode($2, 'hex') WHERE epoch = 9`,
      [JSON.stringify(parameters.minFeeCoefficient + 1), NONCE_7],
    );
    const after = await request('/epochs/latest/parameters');
    expect(after.body).toEqual({
      ...before.body,
      min_fee_a: parameters.minFeeCoefficient + 1,
      nonce: NONCE_7,
    });
    expect(await request('/epochs/9/parameters')).toMatchObject({ body: after.body });
  });

  it('answers 404 for an epoch it has no parameters of', async () => {
    const response = await request('/epochs/6/parameters');
    expect(response.body).toEqual({
      status_code: 404,
      error: 'Not Found',
      message: 'The requested component has not been found.',
    });
  });

  it.each([
    ['abc', 'params/number must be integer'],
    ['1.5', 'params/number must be integer'],
    ['-1', 'Missing, out of range or malformed epoch_number.'],
    ['2147483648', 'Missing, out of range or malformed epoch_number.'],
  ])('rejects epoch %s with Blockfrost’s 400', async (number, message) => {
    const response = await request(`/epochs/${number}/parameters`);
    expect(response.body).toEqual({ status_code: 400, error: 'Bad Request', message });
  });
});
