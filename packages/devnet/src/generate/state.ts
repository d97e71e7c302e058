import { slotInfo } from '../networks/era-summaries.js';
import type { Network } from '../networks/networks.js';
import { UtxoSet, type Utxo } from './ledger.js';

/** What the chain so far says about a stake address (Blockfrost /accounts rules, SEMANTICS.md §5). */
export interface AccountRecord {
  registered: boolean;
  /** Epoch of the latest registration or deregistration. */
  activeEpoch?: number;
  /** bech32 pool id of the delegation in effect. */
  pool?: string;
  /** Vote delegation: CIP-129 DRep id or drep_always_abstain / drep_always_no_confidence. */
  drep?: { id: string; drepIndex?: number; txOrdinal: number };
  withdrawals: bigint;
  reserves: bigint;
  treasury: bigint;
  /** The ledger's reward balance (what rewardAccountSummaries reports, Blockfrost withdrawable_amount). */
  rewards: bigint;
  /** Deposit held by the ledger while registered. */
  deposit: bigint;
}

export interface DRepRecord {
  registered: boolean;
  /** Ordinal of the latest registration transaction: vote delegations before it are void. */
  registrationTx: number;
  deposit: bigint;
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
 * Everything the generator knows about the chain so far. Records are replaced, never mutated, so a
 * snapshot for a fork is a shallow copy of the collections.
 */
export class ChainState {
  utxos = new UtxoSet();
  /** Every stake address seen on chain (Blockfrost 404s unseen ones). */
  accounts = new Map<string, AccountRecord>();
  /** Registered pools: bech32 id → height of the block that registered it. */
  pools = new Map<string, number>();
  dreps = new Map<number, DRepRecord>();
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
    const copy = new ChainState();
    copy.utxos = this.utxos.copy();
    copy.accounts = new Map(this.accounts);
    copy.pools = new Map(this.pools);
    copy.dreps = new Map(this.dreps);
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

  account(stakeAddress: string): AccountRecord {
    return (
      this.accounts.get(stakeAddress) ?? {
        registered: false,
        withdrawals: 0n,
        reserves: 0n,
        treasury: 0n,
        rewards: 0n,
        deposit: 0n,
      }
    );
  }

  /** Records a change to an account (or marks it seen when `change` is empty). */
  updateAccount(stakeAddress: string, change: Partial<AccountRecord>): void {
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
