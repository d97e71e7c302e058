import { isNetworkName, type NetworkName } from '../networks/networks.js';

/** Sizes and switches of a generated chain. Every field has a default (DEFAULT_OPTIONS). */
export interface GenerateOptions {
  /** Same seed + same options ⇒ identical output bytes. */
  seed: number;
  network: NetworkName;
  /** Blocks on the final chain (blocks of abandoned fork branches come on top). */
  blocks: number;
  /** Mean transactions per block; blocks carry between half and one and a half times this, a few none. */
  txPerBlock: number;
  /** Most recipient outputs of a payment (plus change). */
  outputsPerTx: number;
  /** Payment wallets (base, enterprise, pointer and native-script addresses). */
  wallets: number;
  /** Stake credentials shared by the base addresses (a quarter are native-script credentials). */
  accounts: number;
  /** Most assets minted by one minting transaction. */
  assetsPerMint: number;
  /**
   * Stake pools registered on chain; they make blocks once registered, as the network's genesis pools
   * do from the first Praos block.
   */
  pools: number;
  /** DReps (key and script credentials) that register and retire. */
  dreps: number;
  /** nut.link oracles posting tickers. */
  oracles: number;
  /** Forks: alternately a `rollback` and a `fork` event, each followed by the winning branch. */
  forks: number;
  /** Deepest fork (blocks abandoned); depths cycle 1…maxForkDepth. */
  maxForkDepth: number;
  /**
   * Epoch of the Babbage → Conway hard fork in the generated chain; MIR certificates only exist before
   * it. Undefined: the network preset's Conway epoch (custom: 4), or two epochs after Babbage when a
   * preset starts in Conway, so that a default chain has both eras.
   */
  conwayEpoch?: number;
  /** Add each transaction's CBOR (`--include-transaction-cbor`); the indexer needs it for MIR pots. */
  includeCbor: boolean;
  /**
   * Start in the Byron era (custom network: epochs 0–1): epoch-boundary blocks, main blocks with Byron
   * transactions spending the Byron genesis (AVVM voucher included), then the hard fork, where the
   * Byron funds are swept into Shelley wallets. Other networks' Byron genesis is not the generator's:
   * their chains start in Babbage either way.
   */
  byron: boolean;
}

export const DEFAULT_OPTIONS: GenerateOptions = {
  seed: 1,
  network: 'custom',
  blocks: 300,
  txPerBlock: 6,
  outputsPerTx: 3,
  wallets: 40,
  accounts: 16,
  assetsPerMint: 3,
  pools: 3,
  dreps: 4,
  oracles: 2,
  forks: 2,
  maxForkDepth: 3,
  includeCbor: true,
  byron: true,
};

/** `devnet generate` arguments: generator options plus where to write. */
export interface GenerateCommand {
  options: GenerateOptions;
  /** Chain file (JSON lines); standard output when absent. */
  out?: string;
  /** Expected indexer state (JSON); not written when absent. */
  expected?: string;
}

const NUMBER_FLAGS: Record<string, keyof GenerateOptions> = {
  '--seed': 'seed',
  '--blocks': 'blocks',
  '--tx-per-block': 'txPerBlock',
  '--outputs-per-tx': 'outputsPerTx',
  '--wallets': 'wallets',
  '--accounts': 'accounts',
  '--assets-per-mint': 'assetsPerMint',
  '--pools': 'pools',
  '--dreps': 'dreps',
  '--oracles': 'oracles',
  '--forks': 'forks',
  '--max-fork-depth': 'maxForkDepth',
  '--conway-epoch': 'conwayEpoch',
};

export const GENERATE_USAGE = `devnet generate [options]
  --seed N                 (default ${DEFAULT_OPTIONS.seed})
  --network NAME           mainnet | preprod | preview | custom (default ${DEFAULT_OPTIONS.network})
  --blocks N               blocks on the final chain (default ${DEFAULT_OPTIONS.blocks})
  --tx-per-block N         mean transactions per block (default ${DEFAULT_OPTIONS.txPerBlock})
  --outputs-per-tx N       most recipient outputs per payment (default ${DEFAULT_OPTIONS.outputsPerTx})
  --wallets N              payment wallets (default ${DEFAULT_OPTIONS.wallets})
  --accounts N             stake credentials (default ${DEFAULT_OPTIONS.accounts})
  --assets-per-mint N      most assets per minting transaction (default ${DEFAULT_OPTIONS.assetsPerMint})
  --pools N                registered stake pools (default ${DEFAULT_OPTIONS.pools})
  --dreps N                DReps (default ${DEFAULT_OPTIONS.dreps})
  --oracles N              nut.link oracles (default ${DEFAULT_OPTIONS.oracles})
  --forks N                forks / rollbacks (default ${DEFAULT_OPTIONS.forks})
  --max-fork-depth N       deepest fork in blocks (default ${DEFAULT_OPTIONS.maxForkDepth})
  --conway-epoch N         Babbage → Conway epoch (default: network preset, custom: 4)
  --no-cbor                leave transaction CBOR out of the blocks
  --no-byron               start in Babbage, without the custom network's Byron era (epochs 0–1)
  --out FILE               chain file (default: standard output)
  --expected FILE          write the expected indexer state (JSON) there`;

export function parseGenerateOptions(args: string[]): GenerateCommand {
  const options: GenerateOptions = { ...DEFAULT_OPTIONS };
  const command: GenerateCommand = { options };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    const value = () => {
      const next = args[++i];
      if (next === undefined) throw new Error(`${flag} needs a value\n${GENERATE_USAGE}`);
      return next;
    };
    const numberKey = NUMBER_FLAGS[flag];
    if (numberKey !== undefined) {
      const text = value();
      const parsed = Number(text);
      if (!Number.isSafeInteger(parsed) || parsed < 0)
        throw new Error(`${flag} needs a non-negative integer, got "${text}"`);
      (options as unknown as Record<string, number>)[numberKey] = parsed;
    } else if (flag === '--network') {
      const name = value();
      if (!isNetworkName(name)) throw new Error(`unknown network "${name}"\n${GENERATE_USAGE}`);
      options.network = name;
    } else if (flag === '--no-cbor') {
      options.includeCbor = false;
    } else if (flag === '--no-byron') {
      options.byron = false;
    } else if (flag === '--out') {
      command.out = value();
    } else if (flag === '--expected') {
      command.expected = value();
    } else {
      throw new Error(`unknown option "${flag}"\n${GENERATE_USAGE}`);
    }
  }
  if (options.txPerBlock < 1 || options.wallets < 4 || options.accounts < 2 || options.outputsPerTx < 1) {
    throw new Error('--tx-per-block and --outputs-per-tx must be at least 1, --wallets 4 and --accounts 2');
  }
  return command;
}
