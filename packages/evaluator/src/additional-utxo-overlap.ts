import { overlappingAdditionalUtxo } from './ogmios-errors.js';
import type { OutputReference, RpcError, UtxoJson } from './ogmios-types.js';
import { resolveOgmiosUtxos } from './ogmios-utxo.js';

export type AdditionalUtxo = { ok: true; additional: UtxoJson[] } | { ok: false; error: RpcError };

/**
 * The request's additional UTxOs to evaluate with beside the ledger's, as Ogmios (since 6.5) takes
 * them: an entry for an output still unspent on chain is dropped when it is that very output (Lucid
 * sends every input it resolved, live ones included) and refused with 3002 when it differs, since it
 * would shadow the real one. Entries already spent on chain are kept. The caller supplies its own
 * lookup of live outputs, since this package has no chain state.
 */
export async function additionalUtxoBesideLedger(
  additional: readonly UtxoJson[],
  liveOutput: (reference: OutputReference) => UtxoJson | undefined | Promise<UtxoJson | undefined>,
): Promise<AdditionalUtxo> {
  const live = await Promise.all(additional.map(liveOutput));
  const kept: UtxoJson[] = [];
  const overlapping: OutputReference[] = [];
  additional.forEach((entry, i) => {
    const onChain = live[i];
    if (onChain === undefined) kept.push(entry);
    else if (!sameOutput(entry, onChain))
      overlapping.push({ transaction: { id: entry.transaction.id }, index: entry.index });
  });
  return overlapping.length > 0
    ? { ok: false, error: overlappingAdditionalUtxo(overlapping) }
    : { ok: true, additional: kept };
}

/** Equal as ledger outputs: both encoded the same way (an entry that cannot be encoded differs). */
function sameOutput(entry: UtxoJson, onChain: UtxoJson): boolean {
  const encoded = resolveOgmiosUtxos([entry, onChain]);
  return encoded.ok && Buffer.from(encoded.utxos[0].output).equals(Buffer.from(encoded.utxos[1].output));
}
