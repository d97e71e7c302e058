import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile, sqlByDirection, type PageParams } from './sql-file.js';

const SQL = sqlByDirection(readSqlFile('assets'));

export interface AssetQuantityRow {
  /** policy id hex + asset name hex */
  asset: string;
  /** decimal string: the sum of the asset's mints and burns */
  quantity: string;
}

/** One page of every minted asset with its minted quantity, in the order of each asset's first mint. */
export function assets(db: PrismaClient, { limit, offset, order }: PageParams): Promise<AssetQuantityRow[]> {
  return queryRows<AssetQuantityRow>(db, SQL[order], [limit, offset]);
}
