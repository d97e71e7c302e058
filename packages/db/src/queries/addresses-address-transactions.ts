import type { PrismaClient } from '../client.js';
import { selectionParams, type AddressSelection } from './addresses-address-utxos-by-ids.js';
import { readSqlFile, sqlByDirection } from './sql-file.js';
import {
  historyPage,
  historyTransaction,
  type HistoryPage,
  type HistoryTransactionRow,
  type TransactionPageParams,
} from './tx-range.js';

const SQL = sqlByDirection(readSqlFile('addresses_address_transactions'));

/** One page of the transactions that touched an address or payment credential, in chain order. */
export function addressesAddressTransactions(
  db: PrismaClient,
  address: AddressSelection,
  page: TransactionPageParams,
): Promise<HistoryPage<HistoryTransactionRow>> {
  return historyPage(db, SQL[page.order], selectionParams(address), page, historyTransaction);
}
