import { nutlinkTickerNames, type DecodedTransaction, type MetadataJson } from '@frostline/model';
import type { BatchState, TxInBlock } from './batch-state.js';

const REGISTRATION_LABEL = '1967';
const TICKERS_LABEL = '1968';

/** nut.link oracle records: label 1967 registers the oracle's outputs' addresses, label 1968 posts tickers to them. */
export function projectNutlink(state: BatchState, { blockId, tx, txId }: TxInBlock): void {
  const { rows, ids } = state;
  for (const metadatum of tx.metadata) {
    if (metadatum.label === REGISTRATION_LABEL) {
      for (const output of tx.outputs) {
        rows.nutlinkRegistrations.push({
          id: ids.take('nutlink_registration'),
          txId,
          addressId: state.addressId(output, blockId),
          paymentCred: output.paymentCredential?.hash ?? null,
        });
      }
    }
    if (metadatum.label === TICKERS_LABEL) {
      const tickers = nutlinkTickerNames(metadatum.json);
      // Blockfrost answers 500 for an oracle whose 1968 value is not a map; we index the maps only.
      if (tickers.kind !== 'tickers') continue;
      // One row per output to the address and per ticker: a tx paying the oracle twice counts twice.
      for (const output of tx.outputs) {
        for (const ticker of tickers.names) {
          rows.nutlinkTickers.push({
            id: ids.take('nutlink_ticker'),
            txId,
            addressId: state.addressId(output, blockId),
            paymentCred: output.paymentCredential?.hash ?? null,
            ticker,
          });
        }
      }
    }
  }
}

/** The label-1967 JSON of a transaction that registers an oracle (an output to register), else undefined. */
export function registersOracle(tx: DecodedTransaction): MetadataJson | null | undefined {
  if (tx.outputs.length === 0) return undefined;
  return tx.metadata.find((metadatum) => metadatum.label === REGISTRATION_LABEL)?.json;
}
