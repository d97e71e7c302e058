import type { HistoryTotals } from '@frostline/db';

/** received_sum, sent_sum and tx_count of /addresses/{address}/total and /accounts/{stake_address}/addresses/total. */
export interface TotalsResponse {
  received_sum: { unit: string; quantity: string }[];
  sent_sum: { unit: string; quantity: string }[];
  tx_count: number;
}

/** Lovelace first, then each asset by unit, as RYO lists them. */
export function toTotals(totals: HistoryTotals): TotalsResponse {
  return {
    received_sum: [{ unit: 'lovelace', quantity: totals.received }, ...totals.receivedAssets],
    sent_sum: [{ unit: 'lovelace', quantity: totals.sent }, ...totals.sentAssets],
    tx_count: totals.txCount,
  };
}
