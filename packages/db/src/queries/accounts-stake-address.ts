import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile } from './sql-file.js';

const SQL = readSqlFile('accounts_stake_address');

/** Amounts are lovelace as decimal strings; hashes hex. */
export interface AccountRow {
  stake_address: string;
  registered: boolean;
  active_epoch: number | null;
  controlled_amount: string;
  rewards_sum: string;
  withdrawals_sum: string;
  reserves_sum: string;
  treasury_sum: string;
  withdrawable_amount: string;
  /** Pool of the delegation in effect, null if none. */
  pool_hash: string | null;
  /** DRep of the vote delegation in effect (key | script | abstain | no_confidence), null if none. */
  drep_kind: string | null;
  drep_hash: string | null;
}

/** The account, or null when the stake address was never seen. */
export async function accountsStakeAddress(
  db: PrismaClient,
  stakeAddress: string,
): Promise<AccountRow | null> {
  const rows = await queryRows<AccountRow>(db, SQL, [stakeAddress]);
  return rows[0] ?? null;
}
