import { eraSeconds, fitCost, mainnetProfile } from './sync-estimate.js';

const transactionsUpTo = (at: Date) =>
  mainnetProfile(at).reduce((total, era) => total + era.blocks * era.txPerBlock, 0);

describe('the mainnet sync-time estimate', () => {
  it('recovers the fixed and per-transaction cost of two runs on one line', () => {
    // 1 ms per block + 0.5 ms per transaction
    const model = fitCost(
      { blocks: 20_000, transactions: 400_000, seconds: 20_000 * 0.011 },
      { blocks: 10_000, transactions: 10_000, seconds: 10_000 * 0.0015 },
    );
    expect(model.secondsPerBlock).toBeCloseTo(0.001, 9);
    expect(model.secondsPerTransaction).toBeCloseTo(0.0005, 9);
    expect(eraSeconds({ era: 'x', blocks: 1000, txPerBlock: 10 }, model)).toBeCloseTo(6, 6);
  });

  it('needs two different block fullnesses', () => {
    const run = { blocks: 10, transactions: 20, seconds: 1 };
    expect(() => fitCost(run, { ...run, seconds: 2 })).toThrow(/different transactions per block/);
  });

  it('counts Byron by slot and later eras at 21,600 blocks an epoch between the hard forks', () => {
    const eras = mainnetProfile(new Date('2026-11-25T00:00:00Z'));
    expect(eras.map((e) => e.era)).toEqual([
      'Byron',
      'Shelley',
      'Allegra',
      'Mary',
      'Alonzo',
      'Babbage',
      'Conway',
    ]);
    expect(eras[0]!.blocks).toBe(4_492_800);
    expect(eras[1]!.blocks).toBe((236 - 208) * 21_600);
    expect(eras[5]!.blocks).toBe((507 - 365) * 21_600);
    // 2026-11-25 falls in epoch 669 (Shelley's first epoch began 2020-07-29T21:44:51Z, epochs of 5 days).
    expect(eras[6]!.blocks).toBe((670 - 507) * 21_600);
  });

  it('adds up to the published cumulative transaction counts it is calibrated on', () => {
    expect(transactionsUpTo(new Date('2021-12-03T00:00:00Z')) / 20e6).toBeCloseTo(1, 1);
    expect(transactionsUpTo(new Date('2026-06-01T00:00:00Z')) / 121e6).toBeCloseTo(1, 1);
  });
});
