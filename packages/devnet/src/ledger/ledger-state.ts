import type { StakePool } from '@cardano-ogmios/schema';
import type { RewardAccountSummary, RewardAccountUpdate } from '../chain/events.js';
import { referenceKey, transactionEffects, type OutputReference, type Utxo } from './outputs.js';
import type { OgmiosTransaction } from '../convert/index.js';
import { genesisConfiguration, genesisProtocolParameters } from '../networks/genesis.js';
import { genesisUtxos } from '../networks/genesis-utxos.js';
import type { Network } from '../networks/networks.js';
import { applyDelegation, delegatesTo, type DelegationChanges, type DelegationState } from './delegation.js';
import { Journal, JournaledMap, type UndoLog } from './journal.js';
import { credentialKey, type Credential } from './ledger-data.js';
import { parameterReader } from './parameters.js';

/**
 * The ledger state: UTxO set, reward accounts, stake pools (with the epochs they retire at) and DReps.
 * Transactions change it by the ledger's rules (`transactionEffects` for the UTxO set, `applyDelegation`
 * for withdrawals and certificates). The generator builds its chain against one; the devnet follows its
 * served chain with one (src/ledger/ledger.ts), undoing rolled-back blocks with `record`'s logs.
 */
export class LedgerState implements DelegationState {
  private constructor(
    private readonly journal: Journal,
    private readonly utxos: JournaledMap<string, Utxo>,
    private readonly accounts: JournaledMap<string, RewardAccountSummary>,
    private readonly pools: JournaledMap<string, StakePool>,
    private readonly retirements: JournaledMap<string, number>,
    private readonly dreps: JournaledMap<string, true>,
    private readonly keyDeposit: bigint,
  ) {}

  /**
   * The network's genesis: its funds (and `extraFunds`, outputs taken to exist from the start) and
   * stake pools, no reward accounts.
   */
  static genesis(network: Network, extraFunds: readonly Utxo[] = []): LedgerState {
    const parameters = parameterReader(genesisProtocolParameters(network));
    const { initialStakePools } = genesisConfiguration(network, 'shelley') as {
      initialStakePools: { stakePools: Record<string, StakePool> };
    };
    const journal = new Journal();
    return new LedgerState(
      journal,
      new JournaledMap(
        journal,
        [...genesisUtxos(network), ...extraFunds].map((utxo) => [referenceKey(utxo), utxo] as const),
      ),
      new JournaledMap(journal),
      new JournaledMap(journal, Object.entries(initialStakePools.stakePools)),
      new JournaledMap(journal),
      new JournaledMap(journal),
      parameters.lovelace('stakeCredentialDeposit'),
    );
  }

  utxo(reference: OutputReference): Utxo | undefined {
    return this.utxos.get(referenceKey(reference));
  }

  /** Every unspent output (a query by address scans them). */
  allUtxos(): IterableIterator<Utxo> {
    return this.utxos.values();
  }

  account(credential: Credential): RewardAccountSummary | undefined {
    return this.accounts.get(credentialKey(credential));
  }

  allAccounts(): IterableIterator<RewardAccountSummary> {
    return this.accounts.values();
  }

  poolRegistered(id: string): boolean {
    return this.pools.has(id);
  }

  /** The registered pools' parameters, by pool id. */
  allPools(): IterableIterator<[string, StakePool]> {
    return this.pools.entries();
  }

  /** The epoch a registered pool retires at, if it announced a retirement. */
  poolRetirement(id: string): number | undefined {
    return this.retirements.get(id);
  }

  drepRegistered(drep: Credential): boolean {
    return this.dreps.has(credentialKey(drep));
  }

  drepDelegators(drep: Credential): Credential[] {
    return [...this.accounts.values()]
      .filter((account) => delegatesTo(account, drep))
      .map(({ from, credential }) => ({ from, credential }));
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
      this.applyChanges(outcome.changes);
    }
    consumed.forEach((reference) => this.utxos.delete(referenceKey(reference)));
    produced.forEach((utxo) => this.utxos.set(referenceKey(utxo), utxo));
  }

  /**
   * Applies a transaction of a served chain, which a node has accepted already: outputs it spends that
   * the ledger never saw (a chain file may start mid-chain) are skipped, and so are certificates that
   * contradict what the ledger knows.
   */
  applyServed(transaction: OgmiosTransaction): void {
    const { consumed, produced } = transactionEffects(transaction);
    if (transaction.spends !== 'collaterals') {
      const outcome = applyDelegation(transaction, this, this.keyDeposit, true);
      if ('changes' in outcome) this.applyChanges(outcome.changes);
    }
    consumed.forEach((reference) => this.utxos.delete(referenceKey(reference)));
    produced.forEach((utxo) => this.utxos.set(referenceKey(utxo), utxo));
  }

  /** States reward accounts as they are (a chain file's `rewardAccounts` event). */
  setAccounts(updates: readonly RewardAccountUpdate[]): void {
    for (const update of updates) {
      if ('registered' in update) this.accounts.delete(credentialKey(update));
      else this.accounts.set(credentialKey(update), update);
    }
  }

  /** Pays `lovelace` into a registered account (rewards, MIR transfers); false when it is not registered. */
  credit(credential: Credential, lovelace: bigint): boolean {
    const account = this.account(credential);
    if (account === undefined) return false;
    const rewards = BigInt(account.rewards.ada.lovelace) + lovelace;
    this.accounts.set(credentialKey(credential), { ...account, rewards: { ada: { lovelace: rewards } } });
    return true;
  }

  /** Runs `change` and returns the log that undoes it (`into`, when given, gets the steps). */
  record(change: () => void, into?: UndoLog): UndoLog {
    return this.journal.record(change, into);
  }

  /** An independent copy (records are replaced, never mutated, so the maps are copied shallowly). */
  copy(): LedgerState {
    const journal = new Journal();
    return new LedgerState(
      journal,
      this.utxos.copy(journal),
      this.accounts.copy(journal),
      this.pools.copy(journal),
      this.retirements.copy(journal),
      this.dreps.copy(journal),
      this.keyDeposit,
    );
  }

  private applyChanges({ accounts, pools, retirements, dreps }: DelegationChanges): void {
    this.setAccounts([...accounts.values()]);
    pools.forEach((parameters, id) => {
      this.pools.set(id, parameters);
      this.retirements.delete(id);
    });
    retirements.forEach((epoch, id) => this.retirements.set(id, epoch));
    dreps.forEach((registered, key) => (registered ? this.dreps.set(key, true) : this.dreps.delete(key)));
  }
}
