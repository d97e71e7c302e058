import type { PrismaClient } from '../client.js';
import { readSqlFile, sqlByDirection } from './sql-file.js';
import {
  historyPage,
  historyTransaction,
  type HistoryPage,
  type HistoryTransactionRow,
  type TransactionPageParams,
} from './tx-range.js';

const SQL = sqlByDirection(readSqlFile('accounts_stake_address_transactions'));

export type AccountTransactionRow = { address: string } & HistoryTransactionRow;

/** One page of an account's transactions, one row per transaction and address of the account it touched. */
export function accountsStakeAddressTransactions(
  db: PrismaClient,
  stakeAddress: string,
  page: TransactionPageParams,
): Promise<HistoryPage<AccountTransactionRow>> {
  return historyPage(db, SQL[page.order], [stakeAddress], page, (row: AccountTransactionRow) => ({
    address: row.address,
    ...historyTransaction(row),
  }));
}
