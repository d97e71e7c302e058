import type { BatchState, TxInBlock } from './batch-state.js';

/**
 * The scripts of the transaction (reference scripts of its outputs, then its witness and auxiliary-data
 * scripts, in db-sync's order) and its datums (witnessed and inline), each stored once, with the
 * transaction that first showed it.
 */
export function projectScriptsAndDatums(state: BatchState, { tx, txId }: TxInBlock): void {
  const referenceScripts = tx.outputs.flatMap((output) => output.referenceScript ?? []);
  for (const script of [...referenceScripts, ...tx.scripts]) {
    if (!state.isNewScript(script.hash)) continue;
    state.rows.scripts.push({
      id: state.ids.take('script'),
      hash: script.hash,
      language: script.language,
      bytes: script.bytes,
      txId,
    });
  }
  for (const datum of tx.datums) {
    if (!state.isNewDatum(datum.hash)) continue;
    state.rows.datums.push({ id: state.ids.take('datum'), hash: datum.hash, bytes: datum.bytes, txId });
  }
}
