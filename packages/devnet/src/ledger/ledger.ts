import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Chain, Position } from '../chain/chain.js';
import type { RewardAccountSummary, RewardAccountUpdate } from '../chain/events.js';
import { parseJsonFast } from '../chain/json.js';
import type { Slot } from '../chain/point.js';
import type { OgmiosTransaction } from '../convert/index.js';
import type { OutputReference, Utxo } from './outputs.js';
import { shelleySlotConfig, slotInfo } from '../networks/era-summaries.js';
import { genesisProtocolParameters } from '../networks/genesis.js';
import type { Network } from '../networks/networks.js';
import type { Outcome } from '../server/rpc.js';
import { withChanges, type DelegationState } from './delegation.js';
import { UndoLog } from './journal.js';
import { LedgerData, type Credential } from './ledger-data.js';
import { LedgerState } from './ledger-state.js';
import { Mempool } from './mempool.js';
import { mempoolFull } from './submit-errors.js';
import { validateTransaction, type LedgerView } from './validate.js';

/** Reward accounts a chain file states, after the blocks [0, position) of the chain. */
interface AccountsEvent {
  position: number;
  accounts: RewardAccountUpdate[];
}

/**
 * The devnet's ledger: one `LedgerState` following the served chain (its blocks' transactions, and the
 * reward accounts a chain file states between them), the protocol parameters the chain states, and the
 * mempool of accepted transactions. The state is caught up lazily, when a query or a submission needs
 * it, so a devnet nobody asks never parses its blocks a second time. Rolled-back blocks are undone
 * from the undo logs of the last k blocks (the deepest rollback a node can see); a deeper one rebuilds
 * the state from genesis. Submissions are validated against the tip's state plus the mempool, at the
 * current slot.
 */
export class Ledger {
  readonly data = new LedgerData();
  readonly mempool = new Mempool();
  private state: LedgerState;
  /** Chain positions [0, applied) are reflected in `state`. */
  private applied = 0;
  /** Undo logs of the last applied blocks, oldest first; the last one is the block at `applied - 1`. */
  private undoLogs: UndoLog[] = [];
  private readonly undoDepth: number;
  private events: AccountsEvent[] = [];
  private eventsApplied = 0;
  /** The accounts events stated after the tip's block, undone before the next block is applied. */
  private tail: { log: UndoLog; from: number } | undefined;

  constructor(
    private readonly chain: Chain,
    readonly network: Network,
    /** The slot transactions are validated at: wall-clock time in live mode, the tip's slot otherwise. */
    readonly currentSlot: () => Slot = () => this.tipSlot(),
  ) {
    this.state = LedgerState.genesis(network);
    this.undoDepth = network.genesis.shelley.securityParam as number;
    chain.on('rollback', (position) => this.rolledBack(position));
  }

  /** The ledger state at the tip. */
  tipState(): LedgerState {
    this.catchUp();
    return this.state;
  }

  /**
   * The ledger state a block at `slot` is made in: the tip's, or, for a slot in a later epoch, a copy
   * of it taken across the epoch boundaries the block will cross (its stake snapshots rotated).
   */
  stateAt(slot: Slot): LedgerState {
    const state = this.tipState();
    const { epoch } = slotInfo(this.network, slot);
    if (state.epochState().epoch >= epoch) return state;
    const crossed = state.copy();
    crossed.crossEpochs(epoch, this.protocolParameters(slot));
    return crossed;
  }

  /** Reward accounts as they stand after the current tip (a chain file's `rewardAccounts` event). */
  setRewardAccounts(accounts: RewardAccountUpdate[]): void {
    this.events.push({ position: this.chain.length, accounts });
  }

  /**
   * Summaries of the registered accounts among `credentials` (all of them when undefined), in request
   * order; unregistered credentials are absent, as with Ogmios.
   */
  rewardAccounts(credentials: Credential[] | undefined): RewardAccountSummary[] {
    const state = this.tipState();
    if (credentials === undefined) return [...state.allAccounts()];
    return credentials.flatMap((credential) => state.account(credential) ?? []);
  }

  /**
   * The parameters a chain file states in force at `slot` (else the genesis'), with those governance
   * enacted at the tip over them.
   */
  protocolParameters(slot: Slot = this.tipSlot()): Record<string, unknown> {
    return { ...this.chainParameters(slot), ...this.state.governance().parameters };
  }

  private chainParameters(slot: Slot): Record<string, unknown> {
    return this.data.protocolParameters(slot) ?? genesisProtocolParameters(this.network);
  }

  /** The unspent output at `reference` at the tip (what the node's ledger state holds). */
  utxo(reference: OutputReference): Utxo | undefined {
    return this.tipState().utxo(reference);
  }

  /** Outputs at the tip whose address is one of `addresses`, or all of them when undefined. */
  utxosAt(addresses: Set<string> | undefined): Utxo[] {
    return [...this.tipState().allUtxos()].filter((utxo) => addresses?.has(utxo.address as string) ?? true);
  }

  /**
   * Validates a transaction (CBOR) against the tip's state and the mempool, and queues it for the next
   * block: Ogmios' `submitTransaction` answer. Nothing changes when it is rejected.
   */
  submit(cbor: Uint8Array): Outcome {
    const capacity = this.mempoolCapacity();
    if (this.mempool.size.bytes + cbor.length > capacity) return { error: mempoolFull(capacity) };
    const validation = validateTransaction(cbor, this.view());
    if (!validation.ok) return { error: validation.error };
    this.mempool.add(validation.transaction);
    return { result: { transaction: { id: validation.transaction.id } } };
  }

  /** cardano-node's default mempool capacity: two blocks' worth of transactions. */
  mempoolCapacity(): number {
    return 2 * Number((this.protocolParameters().maxBlockBodySize as { bytes: number }).bytes);
  }

  /**
   * After a block: its transactions leave the mempool, and the others are validated again, in arrival
   * order, against the new tip and the ones kept before them, like a node's mempool re-sync. Those no
   * longer valid (expired validity interval, an input the chain spent or lost) leave too; returns them.
   */
  blockForged(included: string[]): string[] {
    this.mempool.remove(included);
    const kept = new Mempool();
    const evicted = this.mempool
      .list()
      .filter((transaction) => {
        const validation = validateTransaction(transaction.cbor, this.view(kept));
        if (validation.ok) kept.add(validation.transaction);
        return !validation.ok;
      })
      .map(({ id }) => id);
    this.mempool.remove(evicted);
    return evicted;
  }

  /** What validation sees: the tip's UTxO set after `mempool`'s transactions, at the current slot. */
  view(mempool: Mempool = this.mempool): LedgerView {
    const slot = this.currentSlot();
    const { era, epoch } = slotInfo(this.network, slot);
    if (era !== 'babbage' && era !== 'conway')
      throw new Error(`cannot validate transactions in the ${era} era`);
    const state = this.tipState();
    return {
      era,
      slot: Number(slot),
      epoch,
      networkId: this.network.genesis.shelley.networkId === 'Mainnet' ? 1 : 0,
      protocolParameters: this.protocolParameters(),
      slotConfig: shelleySlotConfig(this.network),
      utxo: (reference) => mempool.utxo(reference, (onChain) => state.utxo(onChain)),
      delegation: mempool
        .list()
        .reduce<DelegationState>(
          (delegation, accepted) => withChanges(delegation, accepted.delegation),
          state,
        ),
    };
  }

  /**
   * Applies the blocks not applied yet, each in the ledger's order: the epoch boundaries up to its
   * epoch, the accounts a chain file states before it (they override what the boundary computed, as
   * the chain's own figures), its transactions, then it counts for its issuer's pool.
   */
  private catchUp(): void {
    if (this.applied < this.chain.length) this.undoTail();
    while (this.applied < this.chain.length) {
      const block = parseJsonFast(this.chain.blockBytes(this.chain.at(this.applied)).toString()) as {
        type?: string;
        slot?: number | bigint;
        issuer?: { verificationKey?: string };
        transactions?: OgmiosTransaction[];
      };
      const log = this.state.record(() => {
        // Stake pools make the Praos blocks; the ledger's epochs turn from the first of them on.
        const praos = block.type === 'praos' && block.slot !== undefined;
        if (praos)
          this.state.crossEpochs(
            slotInfo(this.network, block.slot!).epoch,
            this.chainParameters(block.slot!),
          );
        this.applyEvents(this.applied);
        // Transactions apply in block order: a later one may spend an output of an earlier one.
        (block.transactions ?? []).forEach((transaction) => this.state.applyServed(transaction));
        if (praos && block.issuer?.verificationKey !== undefined)
          this.state.blockMade(poolIdOf(block.issuer.verificationKey));
      });
      this.applied += 1;
      this.undoLogs.push(log);
      if (this.undoLogs.length > this.undoDepth) this.undoLogs.shift();
    }
    if (this.eventsApplied < this.events.length) {
      this.tail ??= { log: new UndoLog(), from: this.eventsApplied };
      this.state.record(() => this.applyEvents(this.applied), this.tail.log);
    }
  }

  /** Applies the accounts events stated before the block at `position` (after the blocks before it). */
  private applyEvents(position: number): void {
    while (this.eventsApplied < this.events.length && this.events[this.eventsApplied].position <= position) {
      this.state.setAccounts(this.events[this.eventsApplied].accounts);
      this.eventsApplied += 1;
    }
  }

  private undoTail(): void {
    if (this.tail === undefined) return;
    this.tail.log.undo();
    this.eventsApplied = this.tail.from;
    this.tail = undefined;
  }

  /** Blocks after `position` left the chain, and the accounts stated after them. */
  private rolledBack(position: Position): void {
    const kept = position + 1;
    this.undoTail();
    this.events = this.events.filter((event) => event.position <= kept);
    this.eventsApplied = Math.min(this.eventsApplied, this.events.length);
    if (kept >= this.applied) return;
    if (this.applied - kept > this.undoLogs.length) {
      this.state = LedgerState.genesis(this.network);
      this.applied = 0;
      this.undoLogs = [];
      this.eventsApplied = 0;
      return;
    }
    while (this.applied > kept) {
      this.undoLogs.pop()!.undo();
      this.applied -= 1;
    }
    // The events stated before the dropped blocks are applied again after the kept ones.
    this.eventsApplied = this.events.filter((event) => event.position < kept).length;
  }

  private tipSlot(): Slot {
    const tip = this.chain.tip();
    return tip === 'origin' ? 0 : tip.slot;
  }
}

/** A stake pool's id: bech32 of the blake2b-224 hash of its cold verification key. */
function poolIdOf(verificationKey: string): string {
  return CSL.PublicKey.from_bytes(Buffer.from(verificationKey, 'hex')).hash().to_bech32('pool');
}
