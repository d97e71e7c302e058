import type {
  AccountAmountRow,
  AccountDelegationRow,
  AccountRegistrationRow,
  AccountRow,
} from '@frostline/db';
import {
  drepId,
  poolIdFromHash,
  type Account,
  type AccountDelegations,
  type AccountRegistrations,
  type AccountWithdrawals,
  type DRep,
} from '@frostline/model';

/** Blockfrost's account plus `registered` (schema 0.1.8x; our model's type predates it). */
export type AccountResponse = Account & { registered: boolean };

/**
 * `active` is what Blockfrost's SQL makes of it: whether a pool delegation is in effect (the account is
 * registered and delegated since; docs/semantics.md#accounts-registration-delegation-and-drep), not the bare registration state its
 * schema's description suggests — that is `registered`.
 */
export function toAccount(row: AccountRow): AccountResponse {
  return {
    stake_address: row.stake_address,
    active: row.pool_hash !== null,
    registered: row.registered,
    active_epoch: row.active_epoch,
    controlled_amount: row.controlled_amount,
    rewards_sum: row.rewards_sum,
    withdrawals_sum: row.withdrawals_sum,
    reserves_sum: row.reserves_sum,
    treasury_sum: row.treasury_sum,
    withdrawable_amount: row.withdrawable_amount,
    pool_id: row.pool_hash === null ? null : poolIdFromHash(row.pool_hash),
    drep_id: row.drep_kind === null ? null : drepId(toDRep(row.drep_kind, row.drep_hash)),
  };
}

/** delegation_vote.drep_kind is key | script | abstain | no_confidence (schema comment). */
function toDRep(kind: string, hash: string | null): DRep {
  switch (kind) {
    case 'abstain':
      return { type: 'abstain' };
    case 'no_confidence':
      return { type: 'noConfidence' };
    case 'key':
    case 'script':
      if (hash === null) break;
      return { type: 'registered', credential: { type: kind, hash } };
  }
  throw new Error(`delegation_vote row with drep_kind "${kind}" and hash ${hash}`);
}

/** RYO's keys, in its order; the pool as its bech32 id. */
export function toAccountDelegations(rows: AccountDelegationRow[]): AccountDelegations {
  return rows.map((row) => ({
    active_epoch: row.active_epoch,
    tx_hash: row.tx_hash,
    amount: row.amount,
    pool_id: poolIdFromHash(row.pool_hash),
    tx_slot: row.tx_slot,
    block_height: row.block_height,
    block_time: row.block_time,
  }));
}

export function toAccountRegistrations(rows: AccountRegistrationRow[]): AccountRegistrations {
  return rows.map((row) => ({
    tx_hash: row.tx_hash,
    action: row.action,
    deposit: row.deposit,
    tx_slot: row.tx_slot,
    block_height: row.block_height,
    block_time: row.block_time,
  }));
}

/** A withdrawal or a MIR payment (the two schemas have the same fields). */
export function toAccountAmounts(rows: AccountAmountRow[]): AccountWithdrawals {
  return rows.map((row) => ({
    tx_hash: row.tx_hash,
    amount: row.amount,
    tx_slot: row.tx_slot,
    block_height: row.block_height,
    block_time: row.block_time,
  }));
}
