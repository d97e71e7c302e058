import type { PrismaClient } from '../client.js';
import { hexBytes, readSqlFile, sqlByDirection } from './sql-file.js';
import {
  historyPage,
  historyTransaction,
  type HistoryPage,
  type HistoryTransactionRow,
  type TransactionPageParams,
} from './tx-range.js';

const SQL = sqlByDirection(readSqlFile('assets_asset_transactions'));

/** One page of the transactions that created an output holding the asset, in chain order. */
export function assetsAssetTransactions(
  db: PrismaClient,
  { policyId, assetName }: { policyId: string; assetName: string },
  page: TransactionPageParams,
): Promise<HistoryPage<HistoryTransactionRow>> {
  return historyPage(
    db,
    SQL[page.order],
    [hexBytes(policyId), hexBytes(assetName)],
    page,
    historyTransaction,
  );
}
