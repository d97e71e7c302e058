import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { RewardAccountSummary } from '../../chain/events.js';
import type { Builder, Generation } from '../context.js';
import { bigNum } from '../tx.js';
import { ledgerCredential, pointerWallet, type StakeAccount } from '../wallets.js';
import { FEE_RESERVE, certificateDraft, gather } from './funding.js';

/**
 * Registers a stake credential: a legacy certificate before Conway (which also creates a pointer
 * address to it), a Conway certificate with explicit deposit after, sometimes combined with a pool
 * delegation (and an always-abstain vote delegation).
 */
export const registerStake: Builder = (g) => {
  const account = pickAccount(g, (summary) => summary === undefined);
  if (account === undefined) return undefined;
  const deposit = g.parameters.keyDeposit;
  const funding = gather(g, FEE_RESERVE + deposit);
  if (funding === undefined) return undefined;
  const pool = registeredPool(g);
  const combine = g.era === 'conway' && pool !== undefined && g.random.chance(0.4);
  const withVote = combine && g.random.chance(0.5);
  let certificate: CSL.Certificate;
  if (g.era === 'babbage') {
    certificate = CSL.Certificate.new_stake_registration(CSL.StakeRegistration.new(account.credential));
  } else if (!combine) {
    certificate = CSL.Certificate.new_reg_cert(
      CSL.StakeRegistration.new_with_explicit_deposit(account.credential, bigNum(deposit)),
    );
  } else if (withVote) {
    certificate = CSL.Certificate.new_stake_vote_registration_and_delegation(
      CSL.StakeVoteRegistrationAndDelegation.new(
        account.credential,
        pool.cold.hash,
        CSL.DRep.new_always_abstain(),
        bigNum(deposit),
      ),
    );
  } else {
    certificate = CSL.Certificate.new_stake_registration_and_delegation(
      CSL.StakeRegistrationAndDelegation.new(account.credential, pool.cold.hash, bigNum(deposit)),
    );
  }
  return {
    draft: certificateDraft(funding, {
      certificates: [certificate],
      deposits: deposit,
      // Legacy registrations need no witness (and an unneeded script witness is an error).
      signers: g.era === 'babbage' ? [] : [account.witness],
    }),
    apply: (tx) => {
      g.state.updateAccount(account.stakeAddress, {
        activeEpoch: g.epoch,
        ...(withVote ? { voteDelegationTx: tx.ordinal } : {}),
      });
      g.touchAccount(account.stakeAddress);
      if (g.era === 'babbage') {
        const wallet = pointerWallet(
          `${g.options.seed}/pointer/${account.index}/${g.slot}`,
          account,
          g.slot,
          g.txIndex,
          0,
          g.actors.networkId,
        );
        g.addWallet(wallet);
        g.state.pointerWallets.push(wallet.name);
      }
    },
  };
};

/** Delegates a registered credential to a registered pool (in Conway sometimes with a vote delegation). */
export const delegateStake: Builder = (g) => {
  const account = pickAccount(g, (summary) => summary !== undefined);
  const pool = registeredPool(g);
  if (account === undefined || pool === undefined) return undefined;
  const funding = gather(g, FEE_RESERVE);
  if (funding === undefined) return undefined;
  const withVote = g.era === 'conway' && g.random.chance(0.3);
  const certificate = withVote
    ? CSL.Certificate.new_stake_and_vote_delegation(
        CSL.StakeAndVoteDelegation.new(
          account.credential,
          pool.cold.hash,
          CSL.DRep.new_always_no_confidence(),
        ),
      )
    : CSL.Certificate.new_stake_delegation(CSL.StakeDelegation.new(account.credential, pool.cold.hash));
  return {
    draft: certificateDraft(funding, { certificates: [certificate], signers: [account.witness] }),
    apply: (tx) => {
      if (withVote) g.state.updateAccount(account.stakeAddress, { voteDelegationTx: tx.ordinal });
      g.touchAccount(account.stakeAddress);
    },
  };
};

/** Withdraws an account's whole reward balance (the ledger accepts nothing else). */
export const withdrawRewards: Builder = (g) => {
  const account = pickAccount(g, (summary) => summary !== undefined && rewardsOf(summary) > 0n);
  if (account === undefined) return undefined;
  const amount = rewardsOf(g.state.ledger.account(ledgerCredential(account))!);
  const funding = gather(g, FEE_RESERVE);
  if (funding === undefined) return undefined;
  return {
    draft: certificateDraft(funding, { withdrawals: [{ account, amount }], signers: [account.witness] }),
    apply: () => {
      const history = g.state.account(account.stakeAddress);
      g.state.updateAccount(account.stakeAddress, { withdrawals: history.withdrawals + amount });
      g.touchAccount(account.stakeAddress);
    },
  };
};

/**
 * Deregisters an account (never a pool owner), withdrawing its rewards in the same transaction since
 * the ledger refuses to deregister a non-empty reward account.
 */
export const deregisterStake: Builder = (g) => {
  const owners = new Set(g.actors.pools.map((pool) => pool.owner.stakeAddress));
  const account = pickAccount(
    g,
    (summary, candidate) => summary !== undefined && !owners.has(candidate.stakeAddress),
  );
  if (account === undefined) return undefined;
  const summary = g.state.ledger.account(ledgerCredential(account))!;
  const rewards = rewardsOf(summary);
  const deposit = BigInt(summary.deposit.ada.lovelace);
  const funding = gather(g, FEE_RESERVE);
  if (funding === undefined) return undefined;
  const certificate =
    g.era === 'babbage'
      ? CSL.Certificate.new_stake_deregistration(CSL.StakeDeregistration.new(account.credential))
      : CSL.Certificate.new_unreg_cert(
          CSL.StakeDeregistration.new_with_explicit_refund(account.credential, bigNum(deposit)),
        );
  const withdrawals = rewards > 0n ? [{ account, amount: rewards }] : [];
  return {
    draft: certificateDraft(funding, {
      certificates: [certificate],
      refunds: deposit,
      withdrawals,
      signers: [account.witness],
    }),
    apply: () => {
      const history = g.state.account(account.stakeAddress);
      g.state.updateAccount(account.stakeAddress, {
        activeEpoch: g.epoch,
        withdrawals: history.withdrawals + rewards,
      });
      g.touchAccount(account.stakeAddress);
    },
  };
};

/** A stake account whose reward account in the ledger (undefined: not registered) `accept`s. */
export function pickAccount(
  g: Generation,
  accept: (summary: RewardAccountSummary | undefined, account: StakeAccount) => boolean,
): StakeAccount | undefined {
  const start = g.random.int(g.actors.accounts.length);
  for (let i = 0; i < g.actors.accounts.length; i++) {
    const account = g.actors.accounts[(start + i) % g.actors.accounts.length]!;
    if (accept(g.state.ledger.account(ledgerCredential(account)), account)) return account;
  }
  return undefined;
}

export function rewardsOf(summary: RewardAccountSummary): bigint {
  return BigInt(summary.rewards.ada.lovelace);
}

function registeredPool(g: Generation) {
  const registered = g.actors.pools.filter((pool) => g.state.ledger.poolRegistered(pool.id));
  return registered.length === 0 ? undefined : g.random.pick(registered);
}
