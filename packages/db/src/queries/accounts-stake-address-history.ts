import type { PrismaClient } from '../client.js';
import type { AddressUtxoRow } from './addresses-address-utxos-by-ids.js';
import { queryRows, readSqlFile, sqlByDirection, type Order } from './sql-file.js';

// The paged lists of one stake account: its certificates, withdrawals, MIRs, addresses and unspent outputs.

const SQL = {
  delegations: sqlByDirection(readSqlFile('accounts_stake_address_delegations')),
  registrations: sqlByDirection(readSqlFile('accounts_stake_address_registrations')),
  withdrawals: sqlByDirection(readSqlFile('accounts_stake_address_withdrawals')),
  mirs: sqlByDirection(readSqlFile('accounts_stake_address_mirs')),
  addresses: sqlByDirection(readSqlFile('accounts_stake_address_addresses')),
  utxos: sqlByDirection(readSqlFile('accounts_stake_address_utxos')),
  history: sqlByDirection(readSqlFile('accounts_stake_address_history')),
  rewards: sqlByDirection(readSqlFile('accounts_stake_address_rewards')),
};

export interface AccountPageParams {
  /** bech32, exactly as stored in stake_address.view */
  stakeAddress: string;
  limit: number;
  offset: number;
  order: Order;
}

/** One page of an account's list; `accountSeen` false means the stake address was never seen (404). */
export interface AccountPage<T> {
  accountSeen: boolean;
  rows: T[];
}

/** The transaction of an account history row; slots and times as float8, exact below 2^53. */
export interface AccountTxColumns {
  tx_hash: string;
  tx_slot: number;
  block_time: number;
  block_height: number;
}

export interface AccountDelegationRow extends AccountTxColumns {
  active_epoch: number;
  /** the delegating transaction's output sum, lovelace as a decimal string */
  amount: string;
  /** hex of the pool's cold-key hash */
  pool_hash: string;
}

export interface AccountRegistrationRow extends AccountTxColumns {
  action: 'registered' | 'deregistered';
  /** lovelace as a decimal string; null for deregistrations, or when no protocol parameters are known */
  deposit: string | null;
}

/** A withdrawal or a MIR payment: lovelace as a decimal string. */
export interface AccountAmountRow extends AccountTxColumns {
  amount: string;
}

/** The account's stake in the distribution active in an epoch (lovelace as a decimal string, pool hash hex). */
export interface AccountStakeHistoryRow {
  active_epoch: number;
  amount: string;
  pool_hash: string;
}

/** A reward paid to the account: lovelace as a decimal string, pool hash hex. */
export interface AccountRewardRow {
  epoch: number;
  amount: string;
  pool_hash: string;
  type: 'leader' | 'member' | 'pool_deposit_refund';
}

type Row<T> = T & { account_id: string | null };

/** Each query returns a lone row with null columns (but `account_id`) for an empty page. */
async function accountPage<T extends object>(
  db: PrismaClient,
  sql: Record<Order, string>,
  { stakeAddress, limit, offset, order }: AccountPageParams,
  present: keyof T,
): Promise<AccountPage<T>> {
  const rows = await queryRows<Row<T>>(db, sql[order], [stakeAddress, limit, offset]);
  return { accountSeen: rows[0]!.account_id !== null, rows: rows.filter((row) => row[present] !== null) };
}

export function accountsStakeAddressDelegations(db: PrismaClient, params: AccountPageParams) {
  return accountPage<AccountDelegationRow>(db, SQL.delegations, params, 'tx_hash');
}

export function accountsStakeAddressRegistrations(db: PrismaClient, params: AccountPageParams) {
  return accountPage<AccountRegistrationRow>(db, SQL.registrations, params, 'tx_hash');
}

export function accountsStakeAddressWithdrawals(db: PrismaClient, params: AccountPageParams) {
  return accountPage<AccountAmountRow>(db, SQL.withdrawals, params, 'tx_hash');
}

export function accountsStakeAddressMirs(db: PrismaClient, params: AccountPageParams) {
  return accountPage<AccountAmountRow>(db, SQL.mirs, params, 'tx_hash');
}

/** The first address of each payment credential paired with the account's stake credential. */
export function accountsStakeAddressAddresses(db: PrismaClient, params: AccountPageParams) {
  return accountPage<{ address: string }>(db, SQL.addresses, params, 'address');
}

/** The unspent outputs carrying the account's stake credential. */
export function accountsStakeAddressUtxos(db: PrismaClient, params: AccountPageParams) {
  return accountPage<AddressUtxoRow>(db, SQL.utxos, params, 'tx_hash');
}

/** The account's stake and pool in each snapshot it is in, by epoch. */
export function accountsStakeAddressHistory(db: PrismaClient, params: AccountPageParams) {
  return accountPage<AccountStakeHistoryRow>(db, SQL.history, params, 'active_epoch');
}

/** The rewards paid to the account, by the epoch that earned them. */
export function accountsStakeAddressRewards(db: PrismaClient, params: AccountPageParams) {
  return accountPage<AccountRewardRow>(db, SQL.rewards, params, 'epoch');
}
