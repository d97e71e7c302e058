/**
 * CBOR → Ogmios v6 JSON converter (Ogmios 6.14 with `--include-cbor`).
 * See README-style notes at the top of each module for the CDDL followed.
 */
import { convertShelleyTransaction, type TransactionOptions } from './transaction.js';
import type { EraName, OgmiosTransaction } from './types.js';

export type { EraName, OgmiosBlock, OgmiosTransaction } from './types.js';
export type { TransactionOptions } from './transaction.js';

/** Converts a full transaction as found in a block (`[body, witnesses, isValid?, auxData]`). */
export function convertTransaction(txCbor: Uint8Array, era: EraName, ctx: TransactionOptions = {}): OgmiosTransaction {
  if (era === 'byron') throw new Error('Byron transactions are not supported yet');
  return convertShelleyTransaction(txCbor, era, ctx);
}
