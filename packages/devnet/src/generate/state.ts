import { slotInfo } from '../networks/era-summaries.js';
import type { Network } from '../networks/networks.js';
import type { LedgerState } from '../ledger/ledger-state.js';
import { UtxoSet, type Utxo } from './spendable.js';

/**
 * What Blockfrost shows of a stake address beyond its reward account, which the ledger holds
 * (registration, delegations, rewards, deposit): docs/semantics.md#accounts-registration-delegation-and-drep.
 */
export interface AccountHistory {
  /** Epoch of the latest registration or deregistration. */
  activeEpoch?: number;
  /**
   * Ordinal of the transaction of the latest vote delegation: one made before its DRep's latest
   * registration is void.
   */
  voteDelegationTx?: number;
  withdrawals: bigint;
  reserves: bigint;
  treasury: bigint;
}

export interface Cip25Record {
  standard: 'CIP25v1' | 'CIP25v2';
  metadata: Record<string, unknown>;
}

export interface AssetRecord {
  supply: bigint;
  mintOrBurnCount: number;
  initialMintTx: string;
  /** The asset's entry in the latest minting transaction with label 721 (null: that label omits it). */
  cip25: Cip25Record | null;
}

export interface TickerRecord {
  count: number;
  latestBlock: number;
}

export interface OracleRecord {
  registered: boolean;
  tickers: Record<string, TickerRecord>;
}

export interface BlockRecord {
  /** null for an epoch-boundary block, as db-sync stores it */
  height: number | null;
  id: string;
  slot: number;
  epoch: number;
  /** null for an epoch-boundary block */
  epochSlot: number | null;
  /** start of the slot, UNIX seconds */
  time: number;
  era: string;
  /**
   * Praos blocks: the producing pool's id (`pool1…`, bech32 of its cold-key hash); Byron main blocks
   * `ByronGenesis-<16 hex>`; EBBs `Epoch boundary slot leader`.
   */
  slotLeader: string;
  size: number;
  txCount: number;
  /** Sums as db-sync stores them (invalid transactions: collateral); null for a block without transactions. */
  fees: string | null;
  output: string | null;
}

export interface Tip {
  slot: number;
  id: string;
  height: number;
}

/** A MIR certificate's transfer, paid into the reward balance at the next epoch boundary. */
export interface PendingMir {
  stakeAddress: string;
  amount: bigint;
}

/**
 * Everything the generator knows about the chain so far: the ledger state its transactions are applied
 * to, and what it needs beyond it (which outputs each builder spends, what the indexer must show).
 * Records are replaced, never mutated, so a snapshot for a fork is a shallow copy of the collections.
 */
export class ChainState {
  constructor(readonly ledger: LedgerState) {}

  /** The ledger's unspent outputs the generator's wallets can spend, by builder. */
  utxos = new UtxoSet();
  /** Every stake address seen on chain (Blockfrost 404s unseen ones). */
  accounts = new Map<string, AccountHistory>();
  /** DRep index → ordinal of its latest registration transaction. */
  drepRegistrations = new Map<number, number>();
  assets = new Map<string, AssetRecord>();
  /** Units minted with CIP-25 policies, for re-mints. */
  cip25Assets: string[] = [];
  /** CIP-68 reference NFT unit → inline datum hex of the output holding it now. */
  cip68Datums = new Map<string, string>();
  oracles = new Map<string, OracleRecord>();
  /** Every script seen on chain (reference and witness scripts) → id of the first transaction showing it. */
  scripts = new Map<string, string>();
  blocks: BlockRecord[] = [];
  pendingMir: PendingMir[] = [];
  /** Pointer wallets created by legacy stake registrations (names). */
  pointerWallets: string[] = [];
  /** Position in the scripted list of first transactions (scenario.ts). */
  scenarioStep = 0;
  tip: Tip | undefined;
  epoch = -1;
  txOrdinal = 0;
  /** Serial numbers that keep asset names unique. */
  nextAsset = 0;
  /** Wallets and oracles the faucet has paid so far. */
  funded = 0;

  snapshot(): ChainState {
    const copy = new ChainState(this.ledger.copy());
    copy.utxos = this.utxos.copy();
    copy.accounts = new Map(this.accounts);
    copy.drepRegistrations = new Map(this.drepRegistrations);
    copy.assets = new Map(this.assets);
    copy.cip25Assets = [...this.cip25Assets];
    copy.cip68Datums = new Map(this.cip68Datums);
    copy.oracles = new Map(this.oracles);
    copy.scripts = new Map(this.scripts);
    copy.blocks = [...this.blocks];
    copy.pendingMir = [...this.pendingMir];
    copy.pointerWallets = [...this.pointerWallets];
    copy.scenarioStep = this.scenarioStep;
    copy.tip = this.tip;
    copy.epoch = this.epoch;
    copy.txOrdinal = this.txOrdinal;
    copy.nextAsset = this.nextAsset;
    copy.funded = this.funded;
    return copy;
  }

  account(stakeAddress: string): AccountHistory {
    return this.accounts.get(stakeAddress) ?? { withdrawals: 0n, reserves: 0n, treasury: 0n };
  }

  /** Records a change to an account's history (or marks it seen when `change` is empty). */
  updateAccount(stakeAddress: string, change: Partial<AccountHistory>): void {
    this.accounts.set(stakeAddress, { ...this.account(stakeAddress), ...change });
  }
}

/** What a block record needs of its transactions: db-sync's fee and the outputs it created. */
interface RecordedTx {
  recordedFee: bigint;
  created: Utxo[];
}

/** A block as db-sync stores it; `height` null for an epoch-boundary block. */
export function blockRecord(
  network: Network,
  block: Pick<BlockRecord, 'id' | 'slot' | 'height' | 'era' | 'size' | 'slotLeader'>,
  transactions: RecordedTx[],
): BlockRecord {
  const { epoch, slotInEpoch, time } = slotInfo(network, block.slot);
  const fees = transactions.reduce((sum, tx) => sum + tx.recordedFee, 0n);
  const output = transactions.reduce(
    (sum, tx) => sum + tx.created.reduce((total, utxo) => total + utxo.lovelace, 0n),
    0n,
  );
  return {
    ...block,
    epoch,
    epochSlot: block.height === null ? null : slotInEpoch,
    time: Math.floor(time.getTime() / 1000),
    txCount: transactions.length,
    fees: transactions.length === 0 ? null : fees.toString(),
    output: transactions.length === 0 ? null : output.toString(),
  };
}
