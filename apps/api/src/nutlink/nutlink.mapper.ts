import type { NutlinkTickerRow } from '@frostline/db';
import type { NutlinkTicker } from '@frostline/model';

export function toNutlinkTicker(row: NutlinkTickerRow): NutlinkTicker {
  return { name: row.name, count: row.count, latest_block: row.latest_block };
}
