// Mainnet sync-time estimate from the measured ingest costs: a cost per block = fixed + per
// transaction, fitted through two ingest runs of different block fullness, applied to mainnet's
// blocks by era.
//
// Block counts come from the era boundaries and the genesis parameters: Byron has a slot of 20 s
// and (almost) a block per slot up to slot 4,492,800 (end of epoch 207, the era summary Ogmios and
// Blockfrost's /network/eras report); from Shelley on an epoch has 432,000 one-second slots and an
// active-slot coefficient of 0.05 (mainnet-shelley-genesis.json), so 21,600 blocks. The hard forks:
// Shelley at epoch 208, Allegra 236, Mary 251, Alonzo 290, Babbage 365, Conway 507.
export interface EraProfile {
  era: string;
  blocks: number;
  txPerBlock: number;
}

const BYRON_BLOCKS = 4_492_800;
const SHELLEY_START_UNIX = 1_506_203_091 + BYRON_BLOCKS * 20;
const EPOCH_SECONDS = 432_000;
const BLOCKS_PER_EPOCH = EPOCH_SECONDS * 0.05;

/**
 * Average transactions per block by era: no per-era figure was found in the reference material, so
 * these are set to agree with two published cumulative counts: 20 million transactions on
 * 2021-12-03, 16 epochs into Alonzo (https://www.cnbctv18.com/cryptocurrency/cryptocurrency-cardano-hits-20-million-transactions-milestone-11678132.htm),
 * and 121 million in 2026 (https://cryptofact.co/post/cardano-passes-121-million-transactions-with-no-recorded-outages-9adeae).
 * The estimate is linear in them: an era costs blocks × (fixed + txPerBlock × per-transaction).
 */
const ERAS: { era: string; fromEpoch: number; txPerBlock: number }[] = [
  { era: 'Shelley', fromEpoch: 208, txPerBlock: 4 },
  { era: 'Allegra', fromEpoch: 236, txPerBlock: 6 },
  { era: 'Mary', fromEpoch: 251, txPerBlock: 10 },
  { era: 'Alonzo', fromEpoch: 290, txPerBlock: 17 },
  { era: 'Babbage', fromEpoch: 365, txPerBlock: 14 },
  { era: 'Conway', fromEpoch: 507, txPerBlock: 12 },
];
const BYRON_TX_PER_BLOCK = 0.3;

/** Mainnet's blocks by era up to the end of the epoch of `at`. */
export function mainnetProfile(at: Date): EraProfile[] {
  const currentEpoch = 208 + Math.floor((at.getTime() / 1000 - SHELLEY_START_UNIX) / EPOCH_SECONDS);
  return [
    { era: 'Byron', blocks: BYRON_BLOCKS, txPerBlock: BYRON_TX_PER_BLOCK },
    ...ERAS.map(({ era, fromEpoch, txPerBlock }, i) => {
      const untilEpoch = Math.min(ERAS[i + 1]?.fromEpoch ?? Infinity, currentEpoch + 1);
      return { era, blocks: Math.max(0, untilEpoch - fromEpoch) * BLOCKS_PER_EPOCH, txPerBlock };
    }),
  ];
}

export interface Run {
  blocks: number;
  transactions: number;
  /** seconds (wall-clock, or CPU) the run took */
  seconds: number;
}

export interface CostModel {
  secondsPerBlock: number;
  secondsPerTransaction: number;
}

/** The line through two runs' (transactions per block, seconds per block). */
export function fitCost(full: Run, sparse: Run): CostModel {
  const x1 = full.transactions / full.blocks;
  const x2 = sparse.transactions / sparse.blocks;
  if (x1 === x2) throw new Error('the two runs need different transactions per block');
  const y1 = full.seconds / full.blocks;
  const y2 = sparse.seconds / sparse.blocks;
  const secondsPerTransaction = (y1 - y2) / (x1 - x2);
  return { secondsPerBlock: y2 - secondsPerTransaction * x2, secondsPerTransaction };
}

export function eraSeconds(era: EraProfile, model: CostModel): number {
  return era.blocks * (model.secondsPerBlock + era.txPerBlock * model.secondsPerTransaction);
}
