/**
 * CBOR → Ogmios v6 JSON, as Ogmios 6.14 emits it with `--include-cbor`.
 * Each module documents the CDDL it follows.
 */
import { byronTransaction } from './byron.js';
import { convertShelleyTransaction, type TransactionOptions } from './transaction.js';
import type { EraName, OgmiosTransaction } from './types.js';

export { convertBlock, type BlockOptions } from './block.js';
export { readImmutableChunk } from './chunk.js';
export { parseOgmios, stringifyOgmios } from './json.js';
export type { EraName, OgmiosBlock, OgmiosTransaction } from './types.js';
export type { TransactionOptions } from './transaction.js';

/**
 * Converts a full transaction as found in a block: Shelley+ `[body, witnesses, isValid?, auxData]`,
 * Byron `[tx, witnesses]`.
 */
export function convertTransaction(
  txCbor: Uint8Array,
  era: EraName,
  ctx: TransactionOptions = {},
): OgmiosTransaction {
  if (era === 'byron') {
    const tx = byronTransaction(txCbor, [0, txCbor.length]);
    if (ctx.includeCbor === false) delete tx.cbor;
    return tx;
  }
  return convertShelleyTransaction(txCbor, era, ctx);
}
