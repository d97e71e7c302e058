import type { RewardAccountSummary } from '../chain/events.js';
import { referenceKey, transactionEffects, type OutputReference, type Utxo } from './utxo-index.js';
import type { OgmiosTransaction } from '../convert/index.js';
import { genesisProtocolParameters, genesisStakePoolIds } from '../networks/genesis.js';
import { genesisUtxos } from '../networks/genesis-utxos.js';
import type { Network } from '../networks/networks.js';
import { applyDelegation, type DelegationState } from './delegation.js';
import { credentialKey, type Credential } from './ledger-data.js';
import { parameterReader } from './parameters.js';

/**
 * A ledger state advanced one transaction at a time, with no chain behind it: the generator builds its
 * chain against it. A transaction changes it by the rules the served ledger applies (`transactionEffects`
 * for the UTxO set, `applyDelegation` for withdrawals and certificates); one breaking them is a bug of
 * whoever built it, so `apply` throws. Epoch boundaries are not processed here: rewards are credited
 * by whoever decides them.
 */
export class LedgerState implements DelegationState {
  private constructor(
    private readonly utxos: Map<string, Utxo>,
    private readonly accounts: Map<string, RewardAccountSummary>,
    private readonly pools: Set<string>,
    private readonly dreps: Set<string>,
    private readonly keyDeposit: bigint,
  ) {}

  /**
   * The network's genesis: its funds (and `extraFunds`, outputs taken to exist from the start) and
   * stake pools, no reward accounts.
   */
  static genesis(network: Network, extraFunds: readonly Utxo[] = []): LedgerState {
    const parameters = parameterReader(genesisProtocolParameters(network));
    return new LedgerState(
      new Map([...genesisUtxos(network), ...extraFunds].map((utxo) => [referenceKey(utxo), utxo])),
      new Map(),
      new Set(genesisStakePoolIds(network)),
      new Set(),
      parameters.lovelace('stakeCredentialDeposit'),
    );
  }

  utxo(reference: OutputReference): Utxo | undefined {
    return this.utxos.get(referenceKey(reference));
  }

  account(credential: Credential): RewardAccountSummary | undefined {
    return this.accounts.get(credentialKey(credential));
  }

  poolRegistered(id: string): boolean {
    return this.pools.has(id);
  }

  drepRegistered(drep: Credential): boolean {
    return this.dreps.has(credentialKey(drep));
  }

  /** Applies a transaction (Ogmios JSON); throws, changing nothing, when it breaks a ledger rule. */
  apply(transaction: OgmiosTransaction): void {
    const { consumed, produced } = transactionEffects(transaction);
    const missing = consumed.map(referenceKey).filter((key) => !this.utxos.has(key));
    if (missing.length > 0)
      throw new Error(`transaction ${transaction.id} spends unknown outputs ${missing}`);
    if (transaction.spends !== 'collaterals') {
      const outcome = applyDelegation(transaction, this, this.keyDeposit);
      if ('error' in outcome) throw new Error(`transaction ${transaction.id}: ${outcome.error.message}`);
      const { accounts, pools, dreps } = outcome.changes;
      accounts.forEach((update, key) => {
        if ('registered' in update) this.accounts.delete(key);
        else this.accounts.set(key, update);
      });
      pools.forEach((registered, id) => registered && this.pools.add(id));
      dreps.forEach((registered, key) => (registered ? this.dreps.add(key) : this.dreps.delete(key)));
    }
    consumed.forEach((reference) => this.utxos.delete(referenceKey(reference)));
    produced.forEach((utxo) => this.utxos.set(referenceKey(utxo), utxo));
  }

  /** Pays `lovelace` into a registered account (rewards, MIR transfers); false when it is not registered. */
  credit(credential: Credential, lovelace: bigint): boolean {
    const account = this.account(credential);
    if (account === undefined) return false;
    const rewards = BigInt(account.rewards.ada.lovelace) + lovelace;
    this.accounts.set(credentialKey(credential), { ...account, rewards: { ada: { lovelace: rewards } } });
    return true;
  }

  /** An independent copy (records are replaced, never mutated, so the maps are copied shallowly). */
  copy(): LedgerState {
    return new LedgerState(
      new Map(this.utxos),
      new Map(this.accounts),
      new Set(this.pools),
      new Set(this.dreps),
      this.keyDeposit,
    );
  }
}
