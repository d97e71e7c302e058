import type { BatchState, TxInBlock } from './batch-state.js';

/**
 * Reference scripts of the outputs and the datums of the transaction (witnessed and inline), each
 * stored once, with the transaction that first showed it.
 */
export function projectScriptsAndDatums(state: BatchState, { tx, txId }: TxInBlock): void {
  for (const output of tx.outputs) {
    const script = output.referenceScript;
    if (!script || !state.isNewScript(script.hash)) continue;
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
