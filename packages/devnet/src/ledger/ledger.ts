import type { Chain } from '../chain/chain.js';
import type { Slot } from '../chain/point.js';
import { UtxoIndex, type OutputReference, type Utxo } from './utxo-index.js';
import { shelleySlotConfig, slotInfo } from '../networks/era-summaries.js';
import { genesisProtocolParameters, genesisStakePoolIds } from '../networks/genesis.js';
import { genesisUtxos } from '../networks/genesis-utxos.js';
import type { Network } from '../networks/networks.js';
import type { Outcome } from '../server/rpc.js';
import { withChanges, type DelegationState } from './delegation.js';
import { LedgerData } from './ledger-data.js';
import { Mempool } from './mempool.js';
import { Registrations } from './registrations.js';
import { mempoolFull } from './submit-errors.js';
import { validateTransaction, type LedgerView } from './validate.js';

/**
 * The devnet's ledger state: the UTxO set of the served chain (genesis funds included), the reward
 * accounts and protocol parameters the chain states, and the mempool of accepted transactions. Queries
 * read the state at the tip (or an acquired point's slot for the slot-keyed data); submissions are
 * validated against the tip's state plus the mempool, at the current slot.
 */
export class Ledger {
  readonly data = new LedgerData();
  readonly mempool = new Mempool();
  private readonly utxos: UtxoIndex;
  private readonly registrations: Registrations;

  constructor(
    private readonly chain: Chain,
    readonly network: Network,
    /** The slot transactions are validated at: wall-clock time in live mode, the tip's slot otherwise. */
    readonly currentSlot: () => Slot = () => this.tipSlot(),
  ) {
    this.utxos = new UtxoIndex(chain, genesisUtxos(network), network.genesis.shelley.securityParam as number);
    this.registrations = new Registrations(chain, genesisStakePoolIds(network));
  }

  protocolParameters(slot: Slot = this.tipSlot()): Record<string, unknown> {
    return this.data.protocolParameters(slot) ?? genesisProtocolParameters(this.network);
  }

  /** The unspent output at `reference` at the tip (what the node's ledger state holds). */
  utxo(reference: OutputReference): Utxo | undefined {
    return this.utxos.get(reference);
  }

  /** Outputs at the tip whose address is one of `addresses`, or all of them when undefined. */
  utxosAt(addresses: Set<string> | undefined): Utxo[] {
    return [...this.utxos.all()].filter((utxo) => addresses?.has(utxo.address as string) ?? true);
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
    const { era } = slotInfo(this.network, slot);
    if (era !== 'babbage' && era !== 'conway')
      throw new Error(`cannot validate transactions in the ${era} era`);
    return {
      era,
      slot: Number(slot),
      networkId: this.network.genesis.shelley.networkId === 'Mainnet' ? 1 : 0,
      protocolParameters: this.protocolParameters(),
      slotConfig: shelleySlotConfig(this.network),
      utxo: (reference) => mempool.utxo(reference, (onChain) => this.utxos.get(onChain)),
      delegation: mempool
        .list()
        .reduce((state, { delegation }) => withChanges(state, delegation), this.delegation(slot)),
    };
  }

  /**
   * Reward accounts at `slot` (the current one: rewards paid at an epoch boundary can be withdrawn in the
   * epoch's first block), stake pools and DReps on the chain.
   */
  private delegation(slot: Slot): DelegationState {
    return {
      account: (credential) => this.data.rewardAccounts([credential], slot)[0],
      poolRegistered: (id) => this.registrations.poolRegistered(id),
      drepRegistered: (drep) => this.registrations.drepRegistered(drep),
    };
  }

  private tipSlot(): Slot {
    const tip = this.chain.tip();
    return tip === 'origin' ? 0 : tip.slot;
  }
}
