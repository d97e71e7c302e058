import { overlappingAdditionalUtxo } from './ogmios-errors.js';
import type { OutputReference, RpcError } from './ogmios-types.js';

/**
 * Ogmios rejects additional UTxOs that are still unspent on chain (3002): they would shadow the real
 * entry. Entries already spent are fine. The caller supplies its own "is it live" lookup, since this
 * package has no chain state.
 */
export async function checkAdditionalUtxoOverlap(
  additional: readonly OutputReference[],
  isLive: (reference: OutputReference) => boolean | Promise<boolean>,
): Promise<RpcError | undefined> {
  const live = await Promise.all(additional.map(isLive));
  const overlapping = additional.filter((_, i) => live[i]);
  return overlapping.length > 0 ? overlappingAdditionalUtxo(overlapping) : undefined;
}
