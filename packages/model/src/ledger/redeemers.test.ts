import { decodeRedeemers } from './redeemers.js';
import type { OgmiosTransaction } from './ogmios-types.js';

const transaction = (spends: OgmiosTransaction['spends']): OgmiosTransaction => ({
  id: 'ab'.repeat(32),
  spends,
  inputs: [],
  outputs: [],
  redeemers: (['spend', 'mint', 'publish', 'withdraw', 'vote', 'propose'] as const).map((purpose, index) => ({
    validator: { purpose, index },
    redeemer: 'd87980',
    executionUnits: { memory: 1000 + index, cpu: 2n ** 60n },
  })),
});

describe('decodeRedeemers', () => {
  it('names the purposes as db-sync does and keeps the budgets exact', () => {
    expect(decodeRedeemers(transaction('inputs'))).toEqual(
      ['spend', 'mint', 'cert', 'reward', 'vote', 'propose'].map((purpose, index) => ({
        index,
        purpose,
        memory: BigInt(1000 + index),
        cpu: 2n ** 60n,
      })),
    );
  });

  it('gives a phase-2-invalid transaction none, as db-sync records none', () => {
    expect(decodeRedeemers(transaction('collaterals'))).toEqual([]);
  });
});
