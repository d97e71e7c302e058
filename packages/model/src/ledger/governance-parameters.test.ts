import { Encoder, Tag } from 'cbor-x';
import { readTestData } from '../test-support/test-data.js';
import { parameterChangeJson } from './governance-parameters.js';

// Hosted Blockfrost's answers for two preprod parameter changes (test-data/governance/SOURCES.md); the updates
// are encoded here from what the answers show changed.
const fixtures = readTestData<{ testName: string; response: { parameters?: Record<string, unknown> } }[]>(
  'governance/preprod-proposal-parameters.json',
).filter((f) => f.response.parameters);
const encoder = new Encoder({ mapsAsObjects: false, useRecords: false });
const update = (entries: [number, unknown][]) => encoder.encode(new Map(entries)) as Uint8Array;

describe('parameterChangeJson', () => {
  it('answers a key deposit change as Blockfrost, every other parameter null', () => {
    const ryan = fixtures.find((f) => f.response.parameters!.key_deposit === '1234567')!;
    const json = parameterChangeJson(update([[5, 1_234_567]]));
    expect(json).toEqual(ryan.response.parameters);
    // The response schema's order, which Blockfrost's serialiser writes.
    expect(Object.keys(json)).toEqual(Object.keys(ryan.response.parameters!));
  });

  it('answers a Plutus V3 cost model change as Blockfrost', () => {
    const costs = fixtures.find((f) => f.response.parameters!.cost_models)!;
    const { PlutusV3 } = costs.response.parameters!.cost_models as { PlutusV3: number[] };
    expect(parameterChangeJson(update([[18, new Map([[2, PlutusV3]])]]))).toEqual(costs.response.parameters);
  });

  it('reads ratios as doubles, and as text what the response schema says is a string', () => {
    const json = parameterChangeJson(
      update([
        [10, new Tag([3, 1000], 30)],
        [19, [new Tag([577, 10_000], 30), new Tag([721, 10_000_000], 30)]],
        [20, [14_000_000, 10_000_000_000]],
        [17, 4310],
        [25, [1, 2, 3, 4, 5].map((n) => new Tag([n, 10], 30))],
        [30, 100_000_000_000],
      ]),
    );
    expect(json).toMatchObject({
      rho: 0.003,
      price_mem: 0.0577,
      price_step: 0.0000721,
      max_tx_ex_mem: '14000000',
      max_tx_ex_steps: '10000000000',
      min_utxo: '4310',
      coins_per_utxo_size: '4310',
      coins_per_utxo_word: '4310',
      pvt_motion_no_confidence: 0.1,
      pvtpp_security_group: 0.5,
      pvt_p_p_security_group: 0.5,
      gov_action_deposit: '100000000000',
    });
  });
});
