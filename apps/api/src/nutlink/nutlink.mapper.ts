import type { NutlinkTickerRecordRow, NutlinkTickerRow } from '@frostline/db';
import type { NutlinkOracleTickerRecord, NutlinkTicker, NutlinkTickerRecord } from '@frostline/model';

export function toNutlinkTicker(row: NutlinkTickerRow): NutlinkTicker {
  return { name: row.name, count: row.count, latest_block: row.latest_block };
}

/** The ticker's value as stored, JSON null included (RYO's serializer fails on null: a 500 there). */
export function toNutlinkTickerRecord(row: NutlinkTickerRecordRow): NutlinkTickerRecord {
  return {
    tx_hash: row.tx_hash,
    block_height: row.block_height,
    tx_index: row.tx_index,
    payload: row.payload as NutlinkTickerRecord['payload'],
  };
}

export function toNutlinkOracleTickerRecord(
  row: NutlinkTickerRecordRow & { address: string },
): NutlinkOracleTickerRecord {
  return { address: row.address, ...toNutlinkTickerRecord(row) };
}
