import type { Block, Transaction } from '@cardano-ogmios/schema';

export type EraName = 'byron' | 'shelley' | 'allegra' | 'mary' | 'alonzo' | 'babbage' | 'conway';

/** Ogmios v6 block / transaction JSON; lovelace and asset quantities are bigint. */
export type OgmiosBlock = Block;
export type OgmiosTransaction = Transaction;

/** Hard-fork-combinator era tags (`[tag, block]` wrapping on the wire and in the ImmutableDB). */
export const ERA_TAGS: readonly EraName[] = [
  'byron',
  'byron',
  'shelley',
  'allegra',
  'mary',
  'alonzo',
  'babbage',
  'conway',
];
