import { readFileSync } from 'node:fs';

export const NETWORK_NAMES = ['mainnet', 'preprod', 'preview', 'custom'] as const;
export type NetworkName = (typeof NETWORK_NAMES)[number];

export const ERAS = ['byron', 'shelley', 'allegra', 'mary', 'alonzo', 'babbage', 'conway'] as const;
export type Era = (typeof ERAS)[number];

/**
 * A genesis file as cardano-node reads it: deeply nested, era-specific JSON that the devnet only
 * reshapes into Ogmios' answers, so it stays untyped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GenesisFile = Record<string, any>;

/** The raw genesis files of a network, as cardano-node reads them. */
export interface GenesisFiles {
  byron: GenesisFile;
  shelley: GenesisFile;
  alonzo: GenesisFile;
  conway: GenesisFile;
}

export interface Network {
  name: NetworkName;
  genesis: GenesisFiles;
  /** Epoch at which each era starts, Byron first (epoch 0); eras starting together have zero length. */
  eraStartEpochs: Record<Era, number>;
}

/**
 * Hard-fork epochs of the public networks (era start epochs as reported by Ogmios' eraSummaries).
 * `custom` spends epochs 0–1 in Byron (the generator's Byron prefix: 50-slot epochs of 20 s), forks
 * straight to Babbage at epoch 2 (Shelley to Alonzo last no time) and to Conway at epoch 4, the
 * generator's default `--conway-epoch`, so a generated chain has MIR certificates (pre-Conway only)
 * and every era at the slots the era summaries say.
 */
const ERA_START_EPOCHS: Record<NetworkName, Record<Era, number>> = {
  mainnet: { byron: 0, shelley: 208, allegra: 236, mary: 251, alonzo: 290, babbage: 365, conway: 507 },
  preprod: { byron: 0, shelley: 4, allegra: 5, mary: 6, alonzo: 7, babbage: 12, conway: 163 },
  preview: { byron: 0, shelley: 0, allegra: 0, mary: 0, alonzo: 0, babbage: 3, conway: 646 },
  custom: { byron: 0, shelley: 2, allegra: 2, mary: 2, alonzo: 2, babbage: 2, conway: 4 },
};

const GENESIS_DIR = new URL('../../genesis/', import.meta.url);

export function isNetworkName(value: string): value is NetworkName {
  return (NETWORK_NAMES as readonly string[]).includes(value);
}

/**
 * A network's genesis files and era boundaries. `start` replaces the genesis' system start (both the
 * Byron and the Shelley one: they are the same instant), so that a chain can be served on a time line
 * of its own, e.g. one that ends now (`chainEndingNow`).
 */
export function loadNetwork(name: NetworkName, start?: Date): Network {
  const read = (era: keyof GenesisFiles) =>
    JSON.parse(readFileSync(new URL(`${name}/${era}.json`, GENESIS_DIR), 'utf8')) as GenesisFile;
  const byron = read('byron');
  const shelley = read('shelley');
  if (start !== undefined) {
    if (start.getTime() % 1000 !== 0) throw new Error('a system start is a whole second');
    byron.startTime = start.getTime() / 1000;
    shelley.systemStart = start.toISOString().replace('.000Z', 'Z');
  }
  return {
    name,
    genesis: { byron, shelley, alonzo: read('alonzo'), conway: read('conway') },
    eraStartEpochs: ERA_START_EPOCHS[name],
  };
}

export function networkMagic(network: Network): number {
  return network.genesis.shelley.networkMagic as number;
}

export function systemStart(network: Network): Date {
  return new Date(network.genesis.shelley.systemStart as string);
}

/** Byron epochs are 10k slots (not a genesis field). */
export function byronEpochLength(network: Network): number {
  return 10 * (network.genesis.byron.protocolConsts.k as number);
}
