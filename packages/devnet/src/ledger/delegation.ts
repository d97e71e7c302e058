import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Certificate, DelegateRepresentative, StakePool } from '@cardano-ogmios/schema';
import type { RewardAccountSummary, RewardAccountUpdate } from '../chain/events.js';
import type { OgmiosTransaction } from '../convert/index.js';
import type { RpcError } from '../server/rpc.js';
import { credentialKey, type Credential } from './ledger-data.js';
import {
  applyCommitteeCertificate,
  applyDrepCertificate,
  applyProposals,
  applyVotes,
  governanceWithChanges,
  type GovernanceChanges,
  type GovernanceView,
  type LedgerRules,
} from './governance.js';
import * as errors from './submit-errors.js';

/**
 * What withdrawals, certificates, proposals and votes read and change: reward accounts, the stake pools
 * registered, and the governance state (DReps, proposals, committee).
 */
export interface DelegationState extends GovernanceView {
  /** The account of a registered stake credential, undefined when it is not registered. */
  account(credential: Credential): RewardAccountSummary | undefined;
  /** The registered stake credentials whose vote is delegated to `drep`. */
  drepDelegators(drep: Credential): Credential[];
}

/** The new values of what one transaction's withdrawals, certificates, proposals and votes touched. */
export interface DelegationChanges extends GovernanceChanges {
  accounts: Map<string, RewardAccountUpdate>;
  /** Pool registrations (and re-registrations: new parameters) by pool id. */
  pools: Map<string, StakePool>;
  /** Pool id → the epoch at whose start it retires. */
  retirements: Map<string, number>;
}

export const noDelegationChanges = (): DelegationChanges => ({
  accounts: new Map(),
  pools: new Map(),
  retirements: new Map(),
  dreps: new Map(),
  proposals: new Map(),
  committee: new Map(),
});

/** `base` after `changes`: what the next transaction of the mempool is validated against. */
export function withChanges(base: DelegationState, changes: DelegationChanges): DelegationState {
  return {
    ...governanceWithChanges(base, changes),
    account: (credential) => {
      const change = changes.accounts.get(credentialKey(credential));
      if (change === undefined) return base.account(credential);
      return 'registered' in change ? undefined : change;
    },
    poolRegistered: (id) => changes.pools.has(id) || base.poolRegistered(id),
    drepDelegators: (drep) => {
      const unchanged = base
        .drepDelegators(drep)
        .filter((credential) => !changes.accounts.has(credentialKey(credential)));
      const changed = [...changes.accounts.values()].filter(
        (update): update is RewardAccountSummary => !('registered' in update) && delegatesTo(update, drep),
      );
      return [...unchanged, ...changed.map(({ from, credential }) => ({ from, credential }))];
    },
  };
}

/** Whether an account's vote is delegated to the registered DRep `drep`. */
export function delegatesTo(account: RewardAccountSummary, drep: Credential): boolean {
  const target = account.delegateRepresentative as DelegateRepresentative | undefined;
  return target?.type === 'registered' && target.from === drep.from && target.id === drep.credential;
}

/** The credential of a registered DRep (certificates only name those; abstain and no-confidence are not). */
export function drepCredential(drep: DelegateRepresentative): Credential {
  if (drep.type !== 'registered') throw new Error(`a ${drep.type} DRep has no credential`);
  return { from: drep.from, credential: drep.id };
}

/** The stake credential of a reward address (bech32 `stake…`). */
export function rewardCredential(rewardAddress: string): Credential {
  const credential = CSL.RewardAddress.from_address(CSL.Address.from_bech32(rewardAddress))!.payment_cred();
  const key = credential.to_keyhash();
  return key === undefined
    ? { from: 'script', credential: credential.to_scripthash()!.to_hex() }
    : { from: 'verificationKey', credential: key.to_hex() };
}

/**
 * Applies a transaction's withdrawals (each empties its account), then its certificates in order, then
 * its proposals and votes, as the ledger does: the first rule broken, or what changed. A pool retirement
 * is recorded for the epoch boundary that applies it (src/ledger/epoch-boundary.ts). `lenient` skips a
 * certificate, proposal or vote breaking a rule instead (a chain file that starts mid-chain certifies
 * what it never registered).
 */
export function applyDelegation(
  transaction: OgmiosTransaction,
  base: DelegationState,
  rules: LedgerRules,
  lenient = false,
): { error: RpcError } | { changes: DelegationChanges } {
  const changes = noDelegationChanges();
  const state = withChanges(base, changes);
  const setAccount = (update: RewardAccountUpdate) => changes.accounts.set(credentialKey(update), update);
  for (const address of Object.keys(transaction.withdrawals ?? {})) {
    const account = state.account(rewardCredential(address));
    if (account !== undefined) setAccount({ ...account, rewards: lovelace(0n) });
  }
  for (const certificate of transaction.certificates ?? []) {
    const error = applyCertificate(certificate, state, rules, changes, setAccount);
    if (error !== undefined && !lenient) return { error };
  }
  for (const apply of [applyProposals, applyVotes]) {
    const error = apply(transaction, state, rules, changes);
    if (error !== undefined && !lenient) return { error };
  }
  return { changes };
}

function applyCertificate(
  certificate: Certificate,
  state: DelegationState,
  rules: LedgerRules,
  changes: DelegationChanges,
  setAccount: (update: RewardAccountUpdate) => void,
): RpcError | undefined {
  switch (certificate.type) {
    case 'stakeCredentialRegistration': {
      const { credential, from } = certificate;
      if (state.account({ from, credential }) !== undefined)
        return errors.credentialAlreadyRegistered(credential, from);
      const deposit = amount(certificate.deposit) ?? rules.keyDeposit;
      if (deposit !== rules.keyDeposit) return errors.credentialDepositMismatch(deposit, rules.keyDeposit);
      setAccount({ from, credential, rewards: lovelace(0n), deposit: lovelace(deposit) });
      return undefined;
    }
    case 'stakeCredentialDeregistration': {
      const { credential, from } = certificate;
      const account = state.account({ from, credential });
      if (account === undefined) return errors.unknownCredential(credential, from);
      const rewards = BigInt(account.rewards.ada.lovelace);
      if (rewards !== 0n) return errors.nonEmptyRewardAccount(rewards);
      const refund = amount(certificate.deposit);
      const deposit = BigInt(account.deposit.ada.lovelace);
      if (refund !== undefined && refund !== deposit)
        return errors.credentialDepositMismatch(refund, deposit);
      setAccount({ from, credential, registered: false });
      return undefined;
    }
    case 'stakeDelegation': {
      const { credential, from, stakePool, delegateRepresentative } = certificate;
      const account = state.account({ from, credential });
      if (account === undefined) return errors.unknownCredential(credential, from);
      if (stakePool !== undefined && !state.poolRegistered(stakePool.id))
        return errors.unknownStakePool(stakePool.id);
      if (
        delegateRepresentative?.type === 'registered' &&
        state.drep(drepCredential(delegateRepresentative)) === undefined
      )
        return errors.delegateRepresentativeNotRegistered(delegateRepresentative);
      setAccount({
        ...account,
        ...(stakePool === undefined ? {} : { stakePool: { id: stakePool.id } }),
        ...(delegateRepresentative === undefined ? {} : { delegateRepresentative }),
      });
      return undefined;
    }
    case 'stakePoolRegistration':
      changes.pools.set(certificate.stakePool.id, certificate.stakePool);
      changes.retirements.delete(certificate.stakePool.id);
      return undefined;
    case 'stakePoolRetirement':
      if (!state.poolRegistered(certificate.stakePool.id))
        return errors.unknownStakePool(certificate.stakePool.id);
      changes.retirements.set(certificate.stakePool.id, certificate.stakePool.retirementEpoch);
      return undefined;
    case 'delegateRepresentativeRegistration':
    case 'delegateRepresentativeRetirement':
    case 'delegateRepresentativeUpdate': {
      const credential = drepCredential(certificate.delegateRepresentative);
      const error = applyDrepCertificate(certificate, credential, state, rules, changes);
      if (error !== undefined || certificate.type !== 'delegateRepresentativeRetirement') return error;
      // The ledger (Conway's GOVCERT rule) clears the vote delegations to a DRep that retires: a later
      // registration of the same credential starts without delegators.
      for (const delegator of state.drepDelegators(credential)) {
        const { delegateRepresentative: _, ...account } = state.account(delegator)!;
        setAccount(account);
      }
      return undefined;
    }
    case 'constitutionalCommitteeDelegation':
    case 'constitutionalCommitteeRetirement':
      return applyCommitteeCertificate(certificate, state, changes);
    default:
      return undefined;
  }
}

const lovelace = (quantity: bigint) => ({ ada: { lovelace: quantity } });

function amount(value: { ada: { lovelace: number | bigint } } | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(value.ada.lovelace);
}
