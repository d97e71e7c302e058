import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { readTestData } from '../test-support/test-data.js';
import type { EpochParameters } from '../types.js';
import { epochParameters, namedCostModel, type OgmiosProtocolParameters } from './epoch-parameters.js';

const { getSchemaForEndpoint } = createRequire(import.meta.url)('@blockfrost/openapi') as {
  getSchemaForEndpoint(path: string): { response: Record<string, object> };
};
const validate = new Ajv({ strict: false, allErrors: true }).compile(
  getSchemaForEndpoint('/epochs/{number}/parameters').response['200']!,
);

const vectors = readTestData<{ file: string; result: OgmiosProtocolParameters }[]>(
  'ogmios_protocol_parameters_vectors.json',
);
const blockfrostEpochs = readTestData<{ network: string; endpoint: string; response: EpochParameters }[]>(
  'blockfrost_epoch_parameters.json',
);
const mainnet444 = blockfrostEpochs.find((epoch) => epoch.endpoint === 'epochs/444/parameters')!.response;

const NONCE = '1a3be38bcbb7911969283716ad7aa550250226b76a61fc51cc9a9a35d9276d81';
const lovelace = (n: number) => ({ ada: { lovelace: n } });

/** Mainnet's parameters of epoch 444 (Babbage, protocol 8) written as Ogmios v6 reports parameters. */
const babbage: OgmiosProtocolParameters = {
  minFeeCoefficient: 44,
  minFeeConstant: lovelace(155381),
  minUtxoDepositCoefficient: 4310,
  minUtxoDepositConstant: lovelace(0),
  maxBlockBodySize: { bytes: 90112 },
  maxBlockHeaderSize: { bytes: 1100 },
  maxTransactionSize: { bytes: 16384 },
  maxValueSize: { bytes: 5000 },
  stakeCredentialDeposit: lovelace(2000000),
  stakePoolDeposit: lovelace(500000000),
  stakePoolRetirementEpochBound: 18,
  stakePoolPledgeInfluence: '3/10',
  minStakePoolCost: lovelace(340000000),
  desiredNumberOfStakePools: 500,
  monetaryExpansion: '3/1000',
  treasuryExpansion: '1/5',
  collateralPercentage: 150,
  maxCollateralInputs: 3,
  plutusCostModels: {
    'plutus:v1': mainnet444.cost_models_raw!.PlutusV1 as number[],
    'plutus:v2': mainnet444.cost_models_raw!.PlutusV2 as number[],
  },
  scriptExecutionPrices: { memory: '577/10000', cpu: '721/10000000' },
  maxExecutionUnitsPerTransaction: { memory: 14000000, cpu: 10000000000 },
  maxExecutionUnitsPerBlock: { memory: 62000000, cpu: 20000000000 },
  version: { major: 8, minor: 0 },
};

describe('epochParameters', () => {
  it('answers every Ogmios v6.14 protocol-parameters test vector in the shape the OpenAPI spec declares', () => {
    expect(vectors.length).toBeGreaterThan(20);
    for (const { file, result } of vectors) {
      const body = epochParameters(7, result, NONCE);
      expect({ file, valid: validate(body), errors: validate.errors ?? null }).toEqual({
        file,
        valid: true,
        errors: null,
      });
    }
  });

  it("answers mainnet's epoch 444 exactly as Blockfrost does", () => {
    expect(epochParameters(444, babbage, mainnet444.nonce)).toEqual(mainnet444);
  });

  it('takes the minimum UTxO value from the constant before Alonzo and leaves the Alonzo fields null', () => {
    const shelley: OgmiosProtocolParameters = {
      ...babbage,
      minUtxoDepositCoefficient: 0,
      minUtxoDepositConstant: lovelace(1000000),
      federatedBlockProductionRatio: '9/10',
      extraEntropy: 'neutral',
      plutusCostModels: undefined,
      scriptExecutionPrices: undefined,
      maxExecutionUnitsPerTransaction: undefined,
      maxExecutionUnitsPerBlock: undefined,
      maxValueSize: undefined,
      collateralPercentage: undefined,
      maxCollateralInputs: undefined,
    };
    expect(epochParameters(211, shelley, NONCE)).toMatchObject({
      min_utxo: '1000000',
      coins_per_utxo_size: null,
      coins_per_utxo_word: null,
      decentralisation_param: 0.9,
      extra_entropy: null,
      cost_models: null,
      cost_models_raw: null,
      price_mem: null,
      max_val_size: null,
      collateral_percent: null,
    });
  });

  it('keeps integers Ogmios wrote as text and an extra-entropy hash', () => {
    const big = {
      ...babbage,
      maxExecutionUnitsPerBlock: { memory: '62000000', cpu: '18446744073709551615' },
    };
    const body = epochParameters(1, { ...big, extraEntropy: NONCE }, NONCE);
    expect(body.max_block_ex_steps).toBe('18446744073709551615');
    expect(body.extra_entropy).toBe(NONCE);
  });

  it('serves the Conway governance parameters', () => {
    const conway = vectors.find((v) => v.result.delegateRepresentativeVotingThresholds)!.result;
    const body = epochParameters(500, conway, NONCE);
    const [n, d] = conway.delegateRepresentativeVotingThresholds!.treasuryWithdrawals.split('/');
    expect(body.dvt_treasury_withdrawal).toBe(Number(n) / Number(d));
    expect(body.drep_deposit).toBe(String(conway.delegateRepresentativeDeposit!.ada.lovelace));
    expect(body.min_fee_ref_script_cost_per_byte).toBe(conway.minFeeReferenceScripts!.base);
    expect(body.pvt_p_p_security_group).toBe(body.pvtpp_security_group);
  });
});

describe('namedCostModel', () => {
  it('names each parameter as Blockfrost does for every epoch of its mainnet, preprod and preview fixtures', () => {
    const withCostModels = blockfrostEpochs.filter((epoch) => epoch.response.cost_models_raw);
    expect(withCostModels.length).toBeGreaterThan(5);
    for (const { network, endpoint, response } of withCostModels) {
      for (const [language, raw] of Object.entries(response.cost_models_raw!)) {
        const named = namedCostModel(language as 'PlutusV1' | 'PlutusV2', raw as number[]);
        expect({ network, endpoint, named }).toEqual({
          network,
          endpoint,
          named: response.cost_models![language],
        });
      }
    }
  });

  it('names parameters beyond the known ones by their index', () => {
    const long = Array.from({ length: 400 }, (_, i) => i);
    const named = namedCostModel('PlutusV3', long);
    expect(Object.keys(named)).toHaveLength(400);
    expect(named['399']).toBe(399);
  });
});
