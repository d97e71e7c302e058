import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Certificate, DelegateRepresentative } from '@cardano-ogmios/schema';
import type { RewardAccountSummary, RewardAccountUpdate } from '../chain/events.js';
import type { OgmiosTransaction } from '../convert/index.js';
import type { RpcError } from '../server/rpc.js';
import { credentialKey, type Credential } from './ledger-data.js';
import * as errors from './submit-errors.js';

/** What certificates read and change: reward accounts, and the stake pools and DReps registered. */
export interface DelegationState {
  /** The account of a registered stake credential, undefined when it is not registered. */
  account(credential: Credential): RewardAccountSummary | undefined;
  poolRegistered(id: string): boolean;
  drepRegistered(drep: Credential): boolean;
}

/** The new values of what one transaction's withdrawals and certificates touched. */
export interface DelegationChanges {
  accounts: Map<string, RewardAccountUpdate>;
  pools: Map<string, boolean>;
  dreps: Map<string, boolean>;
}

export const noDelegationChanges = (): DelegationChanges => ({
  accounts: new Map(),
  pools: new Map(),
  dreps: new Map(),
});

/** `base` after `changes`: what the next transaction of the mempool is validated against. */
export function withChanges(base: DelegationState, changes: DelegationChanges): DelegationState {
  return {
    account: (credential) => {
      const change = changes.accounts.get(credentialKey(credential));
      if (change === undefined) return base.account(credential);
      return 'registered' in change ? undefined : change;
    },
    poolRegistered: (id) => changes.pools.get(id) ?? base.poolRegistered(id),
    drepRegistered: (drep) => changes.dreps.get(credentialKey(drep)) ?? base.drepRegistered(drep),
  };
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
 * Applies a transaction's withdrawals (each empties its account), then its certificates in order, as the
 * ledger does: the first registration or delegation rule broken, or what changed. Pool retirements take
 * effect at an epoch boundary, which the devnet does not process: a retiring pool stays registered.
 */
export function applyDelegation(
  transaction: OgmiosTransaction,
  base: DelegationState,
  keyDeposit: bigint,
): { error: RpcError } | { changes: DelegationChanges } {
  const changes = noDelegationChanges();
  const state = withChanges(base, changes);
  const setAccount = (update: RewardAccountUpdate) => changes.accounts.set(credentialKey(update), update);
  for (const address of Object.keys(transaction.withdrawals ?? {})) {
    const account = state.account(rewardCredential(address));
    if (account !== undefined) setAccount({ ...account, rewards: lovelace(0n) });
  }
  for (const certificate of transaction.certificates ?? []) {
    const error = applyCertificate(certificate, state, keyDeposit, changes, setAccount);
    if (error !== undefined) return { error };
  }
  return { changes };
}

function applyCertificate(
  certificate: Certificate,
  state: DelegationState,
  keyDeposit: bigint,
  changes: DelegationChanges,
  setAccount: (update: RewardAccountUpdate) => void,
): RpcError | undefined {
  switch (certificate.type) {
    case 'stakeCredentialRegistration': {
      const { credential, from } = certificate;
      if (state.account({ from, credential }) !== undefined)
        return errors.credentialAlreadyRegistered(credential, from);
      const deposit = amount(certificate.deposit) ?? keyDeposit;
      if (deposit !== keyDeposit) return errors.credentialDepositMismatch(deposit, keyDeposit);
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
        !state.drepRegistered(drepCredential(delegateRepresentative))
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
      applyRegistration(certificate, changes);
      return undefined;
    case 'delegateRepresentativeRegistration':
    case 'delegateRepresentativeRetirement':
    case 'delegateRepresentativeUpdate': {
      const drep = certificate.delegateRepresentative;
      const registered = state.drepRegistered(drepCredential(drep));
      const registering = certificate.type === 'delegateRepresentativeRegistration';
      if (registering && registered) return errors.delegateRepresentativeAlreadyRegistered(drep);
      if (!registering && !registered) return errors.delegateRepresentativeNotRegistered(drep);
      applyRegistration(certificate, changes);
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * What a certificate changes in the stake pools and DReps registered, `changes.pools` and `changes.dreps`
 * (true: registered, false: retired), without checking it.
 */
export function applyRegistration(
  certificate: Certificate,
  changes: Pick<DelegationChanges, 'pools' | 'dreps'>,
): void {
  if (certificate.type === 'stakePoolRegistration') changes.pools.set(certificate.stakePool.id, true);
  if (certificate.type === 'delegateRepresentativeRegistration')
    changes.dreps.set(credentialKey(drepCredential(certificate.delegateRepresentative)), true);
  if (certificate.type === 'delegateRepresentativeRetirement')
    changes.dreps.set(credentialKey(drepCredential(certificate.delegateRepresentative)), false);
}

const lovelace = (quantity: bigint) => ({ ada: { lovelace: quantity } });

function amount(value: { ada: { lovelace: number | bigint } } | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(value.ada.lovelace);
}

/** The reward accounts a sequence of transactions changes, each in its final state. */
export function accountUpdates(changes: DelegationChanges[]): RewardAccountUpdate[] {
  const merged = new Map<string, RewardAccountUpdate>();
  changes.forEach(({ accounts }) => accounts.forEach((update, key) => merged.set(key, update)));
  return [...merged.values()];
}
