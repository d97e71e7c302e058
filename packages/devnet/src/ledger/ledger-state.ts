import type { DelegateRepresentative, StakePool } from '@cardano-ogmios/schema';
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
import {
  drepStakes,
  emptySnapshot,
  parseRatio,
  rewardUpdate,
  stakeSnapshot,
  type EpochState,
  type RewardParameters,
  type StakeSnapshot,
} from './epoch-boundary.js';
import { decimalRatio } from '../networks/ratio.js';
import { rewardCredential } from './delegation.js';
import {
  ancestorValid,
  ledgerRules,
  memberKey,
  proposalKey,
  purposeOf,
  type CommitteeMember,
  type DrepState,
  type GovernanceSettings,
  type LedgerRules,
  type ProposalState,
} from './governance.js';
import { ratify } from './ratification.js';

/** What the reward formula takes from the genesis rather than the protocol parameters. */
type RewardGenesis = Pick<RewardParameters, 'expectedBlocks' | 'maxSupply'>;

/**
 * The ledger state: UTxO set, reward accounts, stake pools (with the epochs they retire at), and the
 * governance state: DReps, proposals with their votes, the committee, the constitution.
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
    private readonly dreps: JournaledMap<string, DrepState>,
    private readonly proposals: JournaledMap<string, ProposalState>,
    private readonly committee: JournaledMap<string, CommitteeMember>,
    /** One entry, 'governance': what enactment changes, replaced (never mutated) at each change. */
    private readonly settings: JournaledMap<'governance', GovernanceSettings>,
    /** One entry, 'epoch': the epoch bookkeeping, replaced (never mutated) at each change. */
    private readonly epochs: JournaledMap<'epoch', EpochState>,
    /** The genesis' protocol parameters, under those governance enacts. */
    private readonly genesisParameters: Record<string, unknown>,
    private readonly rewardGenesis: RewardGenesis,
  ) {}

  /**
   * The network's genesis: its funds (and `extraFunds`, outputs taken to exist from the start) and
   * stake pools, no reward accounts.
   */
  static genesis(network: Network, extraFunds: readonly Utxo[] = []): LedgerState {
    const protocolParameters = genesisProtocolParameters(network);
    const { initialStakePools } = genesisConfiguration(network, 'shelley') as {
      initialStakePools: { stakePools: Record<string, StakePool> };
    };
    const { constitution, constitutionalCommittee } = genesisConfiguration(network, 'conway') as {
      constitution: GovernanceSettings['constitution'];
      constitutionalCommittee: {
        members: { id: string; from: CommitteeMember['from']; mandate: { epoch: number } }[];
        quorum: string;
      };
    };
    const members: CommitteeMember[] = constitutionalCommittee.members.map(({ id, from, mandate }) => ({
      id,
      from,
      mandate: mandate.epoch,
      delegate: { status: 'none' },
    }));
    const governance: GovernanceSettings = {
      constitution,
      quorum: constitutionalCommittee.quorum,
      lastEnacted: {},
      parameters: {},
      pending: { ratified: [], expired: [] },
      drepStake: new Map(),
    };
    const journal = new Journal();
    // The generator's faucet may be a genesis output already: each output counts once.
    const funds = [
      ...new Map(
        [...genesisUtxos(network), ...extraFunds].map((utxo) => [referenceKey(utxo), utxo]),
      ).values(),
    ];
    const { shelley } = network.genesis;
    const maxSupply = BigInt(shelley.maxLovelaceSupply as number);
    const supply = funds.reduce(
      (total, { value }) => total + BigInt((value as { ada: { lovelace: number | bigint } }).ada.lovelace),
      0n,
    );
    const [coefficientNumerator, coefficientDenominator] = parseRatio(
      decimalRatio(shelley.activeSlotsCoeff as number),
    );
    const epoch: EpochState = {
      epoch: 0,
      treasury: 0n,
      reserves: maxSupply - supply,
      snapshots: { mark: emptySnapshot(), set: emptySnapshot(), go: emptySnapshot() },
      snapshotFees: 0n,
      fees: 0n,
      previousBlocks: new Map(),
      blocks: new Map(),
    };
    return new LedgerState(
      journal,
      new JournaledMap(
        journal,
        funds.map((utxo) => [referenceKey(utxo), utxo] as const),
      ),
      new JournaledMap(journal),
      new JournaledMap(journal, Object.entries(initialStakePools.stakePools)),
      new JournaledMap(journal),
      new JournaledMap(journal),
      new JournaledMap(journal),
      new JournaledMap(
        journal,
        members.map((member) => [memberKey(member), member] as const),
      ),
      new JournaledMap(journal, [['governance', governance]]),
      new JournaledMap(journal, [['epoch', epoch]]),
      protocolParameters,
      {
        expectedBlocks: [
          BigInt(shelley.epochLength as number) * coefficientNumerator,
          coefficientDenominator,
        ],
        maxSupply,
      },
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

  drep(drep: Credential): DrepState | undefined {
    return this.dreps.get(credentialKey(drep));
  }

  allDreps(): IterableIterator<DrepState> {
    return this.dreps.values();
  }

  proposal(key: string): ProposalState | undefined {
    return this.proposals.get(key);
  }

  /** The proposals the ledger holds, in submission order. */
  allProposals(): IterableIterator<ProposalState> {
    return this.proposals.values();
  }

  committeeMembers(): CommitteeMember[] {
    return [...this.committee.values()];
  }

  governance(): GovernanceSettings {
    return this.settings.get('governance')!;
  }

  /** The genesis' protocol parameters with those governance enacted over them. */
  protocolParameters(): Record<string, unknown> {
    return { ...this.genesisParameters, ...this.governance().parameters };
  }

  /** What the rules of a transaction applied now read. */
  rules(): LedgerRules {
    return ledgerRules(this.protocolParameters(), this.epochState().epoch);
  }

  drepDelegators(drep: Credential): Credential[] {
    return [...this.accounts.values()]
      .filter((account) => delegatesTo(account, drep))
      .map(({ from, credential }) => ({ from, credential }));
  }

  /** The epoch bookkeeping: epoch, treasury, reserves, stake snapshots, fees and blocks made. */
  epochState(): EpochState {
    return this.epochs.get('epoch')!;
  }

  /** The stake delegated to each registered pool now (what the next mark snapshot would take). */
  liveStake(): StakeSnapshot {
    return stakeSnapshot(this.utxos.values(), this.accounts.values(), this.pools.entries());
  }

  /** A block made by pool `id` (its issuer), counted for the pool's performance. */
  blockMade(id: string): void {
    const state = this.epochState();
    const blocks = new Map(state.blocks).set(id, (state.blocks.get(id) ?? 0) + 1);
    this.epochs.set('epoch', { ...state, blocks });
  }

  /**
   * Crosses the epoch boundaries up to `epoch` (none when the ledger is there already), each as the
   * ledger does (src/ledger/epoch-boundary.ts): the reward update paid into the registered reward
   * accounts, treasury and reserves moved; a new mark snapshot (set and go rotate); the pools retiring
   * at the new epoch removed, their deposits refunded to their reward accounts (the treasury when that
   * is not registered) and the delegations to them cleared.
   */
  crossEpochs(epoch: number, protocolParameters: Record<string, unknown>): void {
    let quietCrossings = 0;
    while (this.epochState().epoch < epoch) {
      // Three boundaries without blocks, fees or retirements leave every snapshot the live stake and pay
      // nothing (no blocks: no expansion): the later ones change only the epoch, and are skipped.
      if (quietCrossings === 3 && [...this.retirements.values()].every((retiring) => retiring > epoch)) {
        this.epochs.set('epoch', { ...this.epochState(), epoch });
        return;
      }
      quietCrossings = this.quiet() ? quietCrossings + 1 : 0;
      this.crossEpoch(protocolParameters);
    }
  }

  /**
   * No blocks and no fees in this epoch and the one before, and no pool retiring at the next: the next
   * boundary pays no rewards and changes no account.
   */
  private quiet(): boolean {
    const { epoch, blocks, previousBlocks, fees, snapshotFees } = this.epochState();
    return (
      blocks.size === 0 &&
      previousBlocks.size === 0 &&
      fees === 0n &&
      snapshotFees === 0n &&
      [...this.retirements.values()].every((retiring) => retiring !== epoch + 1)
    );
  }

  private crossEpoch(chainParameters: Record<string, unknown>): void {
    const protocolParameters = { ...chainParameters, ...this.governance().parameters };
    const parameters = parameterReader(protocolParameters);
    const ratio = (name: string) => parseRatio(protocolParameters[name] as string);
    const before = this.epochState();
    const update = rewardUpdate(
      before,
      {
        monetaryExpansion: ratio('monetaryExpansion'),
        treasuryExpansion: ratio('treasuryExpansion'),
        pledgeInfluence: ratio('stakePoolPledgeInfluence'),
        desiredPools: parameters.number('desiredNumberOfStakePools'),
        ...this.rewardGenesis,
      },
      (key) => this.accounts.has(key),
    );
    update.rewards.forEach((lovelace, key) => this.creditKey(key, lovelace));
    const mark = this.liveStake();
    const next = before.epoch + 1;
    let treasury = update.treasury;
    const poolDeposit = parameters.lovelace('stakePoolDeposit');
    for (const [id, retirement] of [...this.retirements.entries()]) {
      if (retirement !== next) continue;
      const refundTo = credentialKey(rewardCredential(this.pools.get(id)!.rewardAccount));
      if (!this.creditKey(refundTo, poolDeposit)) treasury += poolDeposit;
      this.pools.delete(id);
      this.retirements.delete(id);
      for (const account of [...this.accounts.values()])
        if (account.stakePool?.id === id) {
          const { stakePool: _, ...rest } = account;
          this.accounts.set(credentialKey(account), rest);
        }
    }
    treasury = this.enactRatified(treasury);
    this.pulse(next, protocolParameters, mark, treasury);
    this.epochs.set('epoch', {
      epoch: next,
      treasury,
      reserves: update.reserves,
      snapshots: { mark, set: before.snapshots.mark, go: before.snapshots.set },
      snapshotFees: before.fees,
      fees: 0n,
      previousBlocks: before.blocks,
      blocks: new Map(),
    });
  }

  /**
   * Enacts what the last boundary's ratification ratified, in its order, and removes the proposals it
   * found expired, each deposit refunded to its return account (the treasury when that is not
   * registered); then the proposals whose ancestor is gone. Returns the treasury after withdrawals.
   */
  private enactRatified(treasury: bigint): bigint {
    const { ratified, expired } = this.governance().pending;
    if (this.proposals.size === 0) return treasury;
    let pot = treasury;
    for (const key of ratified) {
      const proposal = this.proposals.get(key);
      if (proposal === undefined) continue;
      pot = this.enact(proposal, pot);
      pot = this.removeProposal(key, pot);
    }
    for (const key of expired) pot = this.removeProposal(key, pot);
    let orphans: string[];
    do {
      const { lastEnacted } = this.governance();
      orphans = [...this.proposals.entries()]
        .filter(([, { action }]) => {
          const purpose = purposeOf(action.type);
          return (
            purpose !== undefined &&
            !ancestorValid(action, purpose, lastEnacted, (ancestor) => this.proposals.get(ancestor))
          );
        })
        .map(([key]) => key);
      for (const key of orphans) pot = this.removeProposal(key, pot);
    } while (orphans.length > 0);
    return pot;
  }

  private enact({ proposal, action }: ProposalState, treasury: bigint): bigint {
    const settings = this.governance();
    let pot = treasury;
    let changed: Partial<GovernanceSettings> = {};
    switch (action.type) {
      case 'treasuryWithdrawals':
        for (const [account, amount] of Object.entries(action.withdrawals ?? {})) {
          const lovelace = BigInt(amount.ada.lovelace);
          // A withdrawal to an account that is not registered stays in the treasury.
          if (this.credit(rewardCredential(account), lovelace)) pot -= lovelace;
        }
        break;
      case 'noConfidence':
        [...this.committee.values()].forEach((member) => this.committee.delete(memberKey(member)));
        changed = { quorum: null };
        break;
      case 'constitutionalCommittee':
        action.members!.removed.forEach((member) => this.committee.delete(memberKey(member)));
        for (const { id, from, mandate } of action.members!.added) {
          const delegate = this.committee.get(memberKey({ id, from }))?.delegate ?? { status: 'none' };
          this.committee.set(memberKey({ id, from }), { id, from, mandate: mandate.epoch, delegate });
        }
        changed = { quorum: action.quorum! };
        break;
      case 'constitution':
        changed = { constitution: { metadata: action.metadata!, guardrails: action.guardrails ?? null } };
        break;
      case 'protocolParametersUpdate':
        changed = { parameters: { ...settings.parameters, ...action.parameters } };
        break;
      case 'hardForkInitiation':
        changed = { parameters: { ...settings.parameters, version: action.version } };
        break;
    }
    const purpose = purposeOf(action.type);
    const lastEnacted =
      purpose === undefined
        ? settings.lastEnacted
        : { ...settings.lastEnacted, [purpose]: proposalKey(proposal) };
    this.settings.set('governance', { ...settings, ...changed, lastEnacted });
    return pot;
  }

  private removeProposal(key: string, treasury: bigint): bigint {
    const proposal = this.proposals.get(key);
    if (proposal === undefined) return treasury;
    this.proposals.delete(key);
    return this.credit(rewardCredential(proposal.returnAccount), proposal.deposit)
      ? treasury
      : treasury + proposal.deposit;
  }

  /**
   * Ratifies the proposals as they stand at the boundary into `epoch` (src/ledger/ratification.ts),
   * against the DReps' stake of this moment and the pools' of the new mark snapshot; the outcome is
   * enacted at the next boundary.
   */
  private pulse(
    epoch: number,
    protocolParameters: Record<string, unknown>,
    mark: StakeSnapshot,
    treasury: bigint,
  ): void {
    const proposals = [...this.proposals.values()];
    const drepStake = drepStakes(this.utxos.values(), this.accounts.values(), proposals);
    const settings = this.governance();
    // Most boundaries (a devnet's empty epochs) have nothing to ratify.
    if (proposals.length === 0) {
      this.settings.set('governance', { ...settings, pending: { ratified: [], expired: [] }, drepStake });
      return;
    }
    const poolStake = new Map<string, bigint>();
    mark.delegations.forEach(({ pool, stake }) => poolStake.set(pool, (poolStake.get(pool) ?? 0n) + stake));
    const poolDefaults = new Map<string, 'abstain' | 'noConfidence'>();
    for (const [id, pool] of this.pools.entries()) {
      const type = (
        this.account(rewardCredential(pool.rewardAccount))?.delegateRepresentative as
          DelegateRepresentative | undefined
      )?.type;
      if (type === 'abstain' || type === 'noConfidence') poolDefaults.set(id, type);
    }
    const pending = ratify({
      epoch,
      proposals,
      drepStake,
      dreps: new Map(this.dreps.entries()),
      poolStake,
      poolDefaults,
      committee: this.committeeMembers(),
      quorum: settings.quorum,
      treasury,
      lastEnacted: settings.lastEnacted,
      protocolParameters,
    });
    this.settings.set('governance', { ...settings, pending, drepStake });
  }

  private creditKey(key: string, lovelace: bigint): boolean {
    const account = this.accounts.get(key);
    if (account === undefined) return false;
    const rewards = BigInt(account.rewards.ada.lovelace) + lovelace;
    this.accounts.set(key, { ...account, rewards: { ada: { lovelace: rewards } } });
    return true;
  }

  /** Applies a transaction (Ogmios JSON); throws, changing nothing, when it breaks a ledger rule. */
  apply(transaction: OgmiosTransaction): void {
    const { consumed, produced } = transactionEffects(transaction);
    const missing = consumed.map(referenceKey).filter((key) => !this.utxos.has(key));
    if (missing.length > 0)
      throw new Error(`transaction ${transaction.id} spends unknown outputs ${missing}`);
    if (transaction.spends !== 'collaterals') {
      const outcome = applyDelegation(transaction, this, this.rules());
      if ('error' in outcome) throw new Error(`transaction ${transaction.id}: ${outcome.error.message}`);
      this.applyChanges(outcome.changes);
    }
    this.spend(transaction, consumed, produced);
  }

  /**
   * Applies a transaction of a served chain, which a node has accepted already: outputs it spends that
   * the ledger never saw (a chain file may start mid-chain) are skipped, and so are certificates that
   * contradict what the ledger knows.
   */
  applyServed(transaction: OgmiosTransaction): void {
    const { consumed, produced } = transactionEffects(transaction);
    if (transaction.spends !== 'collaterals') {
      const outcome = applyDelegation(transaction, this, this.rules(), true);
      if ('changes' in outcome) this.applyChanges(outcome.changes);
    }
    this.spend(transaction, consumed, produced);
  }

  /** The UTxO changes, and the fee (a phase-2-invalid transaction's: its collateral) into the fee pot. */
  private spend(transaction: OgmiosTransaction, consumed: OutputReference[], produced: Utxo[]): void {
    const valid = transaction.spends !== 'collaterals';
    const lovelace = (utxo: Utxo | undefined) =>
      BigInt((utxo?.value as { ada: { lovelace: number | bigint } } | undefined)?.ada.lovelace ?? 0);
    const fee = valid
      ? BigInt(transaction.fee?.ada.lovelace ?? 0)
      : consumed.reduce((total, reference) => total + lovelace(this.utxo(reference)), 0n) -
        produced.reduce((total, utxo) => total + lovelace(utxo), 0n);
    consumed.forEach((reference) => this.utxos.delete(referenceKey(reference)));
    produced.forEach((utxo) => this.utxos.set(referenceKey(utxo), utxo));
    const state = this.epochState();
    this.epochs.set('epoch', { ...state, fees: state.fees + fee });
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
    return this.creditKey(credentialKey(credential), lovelace);
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
      this.proposals.copy(journal),
      this.committee.copy(journal),
      this.settings.copy(journal),
      this.epochs.copy(journal),
      this.genesisParameters,
      this.rewardGenesis,
    );
  }

  private applyChanges({
    accounts,
    pools,
    retirements,
    dreps,
    proposals,
    committee,
  }: DelegationChanges): void {
    this.setAccounts([...accounts.values()]);
    pools.forEach((parameters, id) => {
      this.pools.set(id, parameters);
      this.retirements.delete(id);
    });
    retirements.forEach((epoch, id) => this.retirements.set(id, epoch));
    dreps.forEach((drep, key) => (drep === false ? this.dreps.delete(key) : this.dreps.set(key, drep)));
    proposals.forEach((proposal, key) => this.proposals.set(key, proposal));
    committee.forEach((member, key) => this.committee.set(key, member));
  }
}
