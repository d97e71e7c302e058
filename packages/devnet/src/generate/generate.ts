import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { ChainEvent, RewardAccountUpdate } from '../chain/events.js';
import type { BlockBFT, BlockEBB, BlockPraos, DelegateRepresentative } from '@cardano-ogmios/schema';
import { convertTransaction, type OgmiosTransaction } from '../convert/index.js';
import { LedgerState } from '../ledger/ledger-state.js';
import { parameterReader } from '../ledger/parameters.js';
import { eraSummaries, slotInfo, type EraSummary } from '../networks/era-summaries.js';
import { genesisProtocolParameters } from '../networks/genesis.js';
import { genesisUtxos } from '../networks/genesis-utxos.js';
import { loadNetwork, type Network } from '../networks/networks.js';
import { praosBlock } from './blocks.js';
import { byronActors, byronEra, byronGenesisOutputs } from './byron-era.js';
import type { Action, Generation, LedgerParameters } from './context.js';
import { expectedState, type ExpectedState } from './expected-state.js';
import { blake2b256, toHex } from './keys.js';
import { utxoRef, type Utxo } from './spendable.js';
import { DEFAULT_OPTIONS, type GenerateOptions } from './options.js';
import { alwaysFailsWallet, plutusV3CostModels } from './plutus.js';
import { Random } from './random.js';
import { nextAction, scenarioSteps } from './scenario.js';
import { ChainState, blockRecord } from './state.js';
import { buildTransaction, type BuiltTx, type TxContext } from './tx.js';
import {
  createActors,
  ledgerCredential,
  type Actors,
  type ByronActors,
  type Pool,
  type StakeAccount,
  type Wallet,
} from './wallets.js';

/** One line of a chain file: an Ogmios v6 block (Byron or Praos) or a server event (chain/events.ts). */
export type GeneratedLine = BlockEBB | BlockBFT | BlockPraos | ChainEvent;

/** The faucet's genesis output: 1 billion ada, enough for any chain length. */
export const FAUCET_LOVELACE = 1_000_000_000_000_000n;

/**
 * Generates a ledger-consistent chain: yields blocks and events in file order and returns what the
 * indexer must end up with. Deterministic in the options; keeps only the live UTxO set and small maps.
 */
export async function* generateChain(
  options: Partial<GenerateOptions> = {},
): AsyncGenerator<GeneratedLine, ExpectedState> {
  const lines = new ChainGenerator({ ...DEFAULT_OPTIONS, ...options }).run();
  let next = lines.next();
  while (!next.done) {
    yield next.value;
    // CSL's wasm objects are freed by FinalizationRegistry callbacks, which only run between event-loop
    // tasks: a purely synchronous run keeps every object alive, and wasm memory (and the time spent in
    // its allocator and the GC) grows without bound.
    if ('era' in next.value) await new Promise(setImmediate);
    next = lines.next();
  }
  return next.value;
}

/** A generated transaction and how Ogmios shows it. */
interface AppliedTx {
  built: BuiltTx;
  json: OgmiosTransaction;
}

interface Fork {
  depth: number;
  kind: 'rollback' | 'fork';
}

class ChainGenerator {
  private readonly network: Network;
  private readonly actors: Actors;
  private readonly random: Random;
  private readonly parameters: LedgerParameters;
  private readonly wallets = new Map<string, Wallet>();
  private readonly steps;
  /** The Byron era and its parties, when the chain starts with it. */
  private readonly byron: { summary: EraSummary; actors: ByronActors } | undefined;
  private readonly conwayEpoch: number;
  private readonly startSlot: number;
  private readonly slotsPerKesPeriod: number;
  private readonly meanSlotGap: number;
  private readonly forks = new Map<number, Fork>();
  private state: ChainState;
  /** Accounts whose rewardAccountSummaries entry changed in the current block. */
  private touched = new Set<string>();
  /** False while generating a branch that a fork will abandon: its ledger events are dropped. */
  private emitEvents = true;
  /** Events held back until a `fork` branch is complete (the server adopts blocks up to the next event). */
  private deferredUntilHeight = -1;
  private deferred: ChainEvent[] = [];
  /** Stake addresses of the genesis outputs the generator does not own, and the lovelace they hold. */
  private readonly foreignGenesisStake = new Map<string, bigint>();

  constructor(private readonly options: GenerateOptions) {
    this.network = loadNetwork(options.network);
    const { shelley, conway } = this.network.genesis;
    const networkId = shelley.networkId === 'Mainnet' ? 1 : 0;
    const summaries = eraSummaries(this.network);
    // Only the custom network's Byron genesis is the generator's (its keys and balances).
    const byron = summaries.find((summary) => summary.era === 'byron')!;
    if (options.byron && this.network.name === 'custom' && byron.end!.slot > 0) {
      const actors = byronActors(
        options.seed,
        this.network.genesis.byron.protocolConsts.protocolMagic as number,
      );
      this.byron = { summary: byron, actors };
      for (const wallet of [actors.faucet, actors.voucher, ...actors.wallets])
        this.wallets.set(wallet.name, wallet);
    }
    this.actors = { ...createActors(options, networkId), byron: this.byron?.actors };
    const faucet = faucetGenesisUtxo(this.actors.faucet);
    // The public networks' genesis files do not fund the generator's faucet: it stands in for the
    // funds those networks had before Babbage, as the genesis stake pools stand in for their pools.
    this.state = new ChainState(
      LedgerState.genesis(this.network, [
        {
          transaction: { id: faucet.txId },
          index: faucet.index,
          address: faucet.address,
          value: { ada: { lovelace: faucet.lovelace } },
        },
      ]),
    );
    if (this.byron !== undefined)
      byronGenesisOutputs(this.byron.actors).forEach((utxo) => this.state.utxos.add(utxo));
    this.random = new Random(options.seed);
    const genesisParameters = parameterReader(genesisProtocolParameters(this.network));
    this.parameters = {
      fees: {
        minFeeA: BigInt(shelley.protocolParams.minFeeA),
        minFeeB: BigInt(shelley.protocolParams.minFeeB),
        scriptPrices: genesisParameters.scriptPrices(),
        referenceScriptBase: genesisParameters.referenceScriptBase()!,
      },
      keyDeposit: BigInt(shelley.protocolParams.keyDeposit),
      poolDeposit: BigInt(shelley.protocolParams.poolDeposit),
      drepDeposit: BigInt(conway.dRepDeposit),
      costModels: plutusV3CostModels(conway.plutusV3CostModel as number[]),
    };
    const babbage = summaries.find((summary) => summary.era === 'babbage')!;
    this.startSlot = babbage.start.slot;
    const presetConway = this.network.eraStartEpochs.conway;
    this.conwayEpoch =
      options.conwayEpoch ?? (presetConway > babbage.start.epoch ? presetConway : babbage.start.epoch + 2);
    this.slotsPerKesPeriod = shelley.slotsPerKESPeriod as number;
    this.meanSlotGap = Math.max(1, Math.round(1 / (shelley.activeSlotsCoeff as number)));
    for (const wallet of [
      this.actors.faucet,
      ...this.actors.wallets,
      ...this.actors.oracles,
      alwaysFailsWallet(networkId),
    ])
      this.wallets.set(wallet.name, wallet);
    this.steps = scenarioSteps({ options, actors: this.actors });
    this.state.utxos.add(faucet);
    this.recordForeignGenesis(networkId);
  }

  /**
   * Genesis outputs of other parties (the demo wallets of `npm start`) stay unspent; those at a base
   * address make its stake address known with their lovelace, as any output does
   * (docs/semantics.md#accounts-which-stake-addresses-exist).
   */
  private recordForeignGenesis(networkId: number): void {
    const owned = new Set(this.state.utxos.all().map(utxoRef));
    for (const utxo of genesisUtxos(this.network)) {
      if (owned.has(utxoRef({ txId: utxo.transaction.id, index: utxo.index }))) continue;
      const address = utxo.address as string;
      if (CSL.ByronAddress.is_valid(address)) continue;
      const base = CSL.BaseAddress.from_address(CSL.Address.from_bech32(address));
      if (base === undefined) continue;
      const stakeAddress = CSL.RewardAddress.new(networkId, base.stake_cred()).to_address().to_bech32();
      const lovelace = BigInt((utxo.value as { ada: { lovelace: bigint | number } }).ada.lovelace);
      this.foreignGenesisStake.set(
        stakeAddress,
        (this.foreignGenesisStake.get(stakeAddress) ?? 0n) + lovelace,
      );
      this.state.updateAccount(stakeAddress, {});
    }
  }

  *run(): Generator<GeneratedLine, ExpectedState> {
    if (this.byron !== undefined) {
      yield* byronEra({
        network: this.network,
        ...this.byron,
        random: this.random,
        state: this.state,
        includeCbor: this.options.includeCbor,
        wallet: (name) => this.wallet(name),
        full: () => this.state.blocks.length >= this.options.blocks,
      });
    }
    this.scheduleForks();
    while (this.state.blocks.length < this.options.blocks) {
      yield* this.block();
      const fork = this.forks.get(this.state.tip!.height);
      if (fork !== undefined && this.state.blocks.length < this.options.blocks) {
        this.forks.delete(this.state.tip!.height);
        yield* this.fork(fork);
      }
    }
    yield* this.flushDeferred(true);
    return expectedState({
      state: this.state,
      dreps: this.actors.dreps,
      network: this.network,
      seed: this.options.seed,
      genesis: genesisUtxos(this.network),
      foreignGenesisStake: this.foreignGenesisStake,
    });
  }

  /**
   * Forks spread evenly over the blocks after the Byron era (forks never reach back into it), depths
   * cycling 1…maxForkDepth, rollback and fork alternating; keyed by the height they follow.
   */
  private scheduleForks(): void {
    const base = this.state.tip?.height ?? 0;
    const blocks = this.options.blocks - this.state.blocks.length;
    for (let k = 0; k < this.options.forks; k++) {
      const height = base + Math.floor((blocks * (k + 1)) / (this.options.forks + 1));
      if (height > base)
        this.forks.set(height, {
          depth: 1 + (k % this.options.maxForkDepth),
          kind: k % 2 === 0 ? 'rollback' : 'fork',
        });
    }
  }

  /** Generates `depth` blocks, abandons them and continues from the fork point on a new branch. */
  private *fork({ depth, kind }: Fork): Generator<GeneratedLine> {
    const saved = this.state.snapshot();
    const { slot, id, height } = saved.tip!;
    this.emitEvents = false;
    for (let i = 0; i < depth; i++) yield* this.block();
    this.emitEvents = true;
    this.state = saved;
    this.touched.clear();
    yield { event: kind, point: { slot, id } };
    if (kind === 'fork') this.deferredUntilHeight = height + depth + 1;
  }

  private *block(): Generator<GeneratedLine> {
    const tip = this.state.tip;
    const height = tip === undefined ? 0 : tip.height + 1;
    // The first block after genesis or after the Byron era opens the Shelley-based eras.
    const slot =
      tip === undefined || tip.slot < this.startSlot
        ? this.startSlot
        : tip.slot + this.random.between(1, 2 * this.meanSlotGap - 1);
    const { epoch } = slotInfo(this.network, slot);
    const era = epoch >= this.conwayEpoch ? 'conway' : 'babbage';
    if (epoch > this.state.epoch) {
      this.epochBoundary(epoch);
      // Rewards are paid at the boundary: the block's own transactions may already withdraw them.
      yield* this.rewardEvent(slot);
    }

    const producer = this.producer();
    const transactions: AppliedTx[] = [];
    const count = this.random.chance(0.05)
      ? 0
      : this.random.between(
          Math.ceil(this.options.txPerBlock / 2),
          Math.floor((3 * this.options.txPerBlock) / 2),
        );
    for (let txIndex = 0; txIndex < count; txIndex++) {
      const g = this.generation(era, slot, epoch, height, txIndex);
      const action = nextAction(g, this.steps);
      if (action === undefined) break;
      transactions.push(this.apply(action, g));
    }
    const block = praosBlock({
      era,
      ancestor: tip?.id ?? 'genesis',
      height,
      slot,
      producer,
      slotsPerKesPeriod: this.slotsPerKesPeriod,
      transactions,
      random: this.random,
    });
    this.state.blocks.push(
      blockRecord(
        this.network,
        { id: block.id, slot, height, era, size: Number(block.size.bytes), slotLeader: producer.id },
        transactions.map(({ built }) => built),
      ),
    );
    this.state.ledger.blockMade(producer.id);
    this.state.tip = { slot, id: block.id, height };
    this.state.epoch = epoch;
    yield block;
    yield* this.rewardEvent(slot);
    yield* this.flushDeferred(false);
  }

  private generation(
    era: Generation['era'],
    slot: number,
    epoch: number,
    height: number,
    txIndex: number,
  ): Generation {
    return {
      options: this.options,
      actors: this.actors,
      random: this.random,
      state: this.state,
      parameters: this.parameters,
      era,
      slot,
      epoch,
      height,
      txIndex,
      wallet: (name) => this.wallet(name),
      addWallet: (wallet) => this.wallets.set(wallet.name, wallet),
      touchAccount: (stakeAddress) => this.touched.add(stakeAddress),
    };
  }

  /**
   * Builds the transaction and applies it to the ledger, then updates what the generator keeps beside
   * it (its spendable outputs and, for a valid transaction, what the action records).
   */
  private apply(action: Action, g: Generation): AppliedTx {
    this.state.txOrdinal += 1;
    const ctx: TxContext = {
      era: g.era,
      slot: g.slot,
      txOrdinal: this.state.txOrdinal,
      fees: this.parameters.fees,
      wallet: (name) => this.wallet(name),
      // db-sync links pointer outputs to the registering credential only before Conway.
      stakeOf: (wallet) => (wallet.kind === 'pointer' && g.era === 'conway' ? undefined : wallet.stake),
    };
    const built = buildTransaction(action.draft, ctx);
    const json = convertTransaction(built.bytes, g.era, { includeCbor: this.options.includeCbor });
    this.state.ledger.apply(json);
    built.spent.forEach((utxo) => this.state.utxos.spend(utxo));
    for (const utxo of built.created) {
      this.state.utxos.add(utxo);
      // A base address makes its stake address known; a pointer alone does not
      // (docs/semantics.md#accounts-which-stake-addresses-exist).
      if (utxo.stakeAddress !== undefined && this.wallet(utxo.owner).kind !== 'pointer')
        this.state.updateAccount(utxo.stakeAddress, {});
    }
    const scripts = [
      ...built.created.flatMap((utxo) => utxo.referenceScriptHash ?? []),
      ...built.witnessScripts,
    ];
    for (const hash of scripts) if (!this.state.scripts.has(hash)) this.state.scripts.set(hash, built.id);
    if (built.valid) action.apply?.(built);
    return { built, json };
  }

  /**
   * The ledger's epoch boundaries (rewards, snapshots, pool retirements: src/ledger/epoch-boundary.ts),
   * then the MIR transfers certified in the ending epoch; the accounts they change are stated.
   */
  private epochBoundary(epoch: number): void {
    if (this.state.epoch >= 0) {
      const { ledger } = this.state;
      const before = this.actors.accounts.map((account) => ledger.account(ledgerCredential(account)));
      ledger.crossEpochs(epoch, genesisProtocolParameters(this.network));
      this.actors.accounts.forEach((account, index) => {
        if (ledger.account(ledgerCredential(account)) !== before[index])
          this.touched.add(account.stakeAddress);
      });
      for (const { stakeAddress, amount } of this.state.pendingMir) {
        const account = this.stakeAccount(stakeAddress);
        if (ledger.credit(ledgerCredential(account), amount)) this.touched.add(stakeAddress);
      }
      this.state.pendingMir = [];
    }
    this.state.epoch = epoch;
  }

  /**
   * Only stake pools make Praos blocks (Babbage and Conway have no overlay of genesis delegates): a
   * genesis pool or one whose registration is in an earlier block (the ledger has not seen this block's
   * transactions yet).
   */
  private producer(): Pool {
    const registered = this.actors.pools.filter((pool) => this.state.ledger.poolRegistered(pool.id));
    return this.random.pick([...this.actors.genesisPools, ...registered]);
  }

  /** One rewardAccounts event with the summaries that changed in the block (slot-keyed on the server). */
  private *rewardEvent(slot: number): Generator<GeneratedLine> {
    if (this.touched.size === 0) return;
    const accounts: RewardAccountUpdate[] = [...this.touched]
      .sort()
      .map((stakeAddress) => this.rewardSummary(stakeAddress));
    this.touched.clear();
    if (!this.emitEvents) return;
    const event: ChainEvent = { event: 'rewardAccounts', slot, accounts };
    if (this.deferredUntilHeight >= 0) this.deferred.push(event);
    else yield event;
  }

  private *flushDeferred(force: boolean): Generator<GeneratedLine> {
    if (this.deferredUntilHeight < 0 || (!force && this.state.tip!.height < this.deferredUntilHeight)) return;
    yield* this.deferred;
    this.deferred = [];
    this.deferredUntilHeight = -1;
  }

  /** The ledger's reward account, stated with its fields in a fixed order. */
  private rewardSummary(stakeAddress: string): RewardAccountUpdate {
    const credential = ledgerCredential(this.stakeAccount(stakeAddress));
    const summary = this.state.ledger.account(credential);
    if (summary === undefined) return { ...credential, registered: false };
    const drep = summary.delegateRepresentative as DelegateRepresentative | undefined;
    return {
      ...credential,
      ...(summary.stakePool === undefined ? {} : { stakePool: summary.stakePool }),
      ...(drep === undefined
        ? {}
        : {
            delegateRepresentative:
              drep.type === 'registered' ? { type: drep.type, from: drep.from, id: drep.id } : drep,
          }),
      rewards: summary.rewards,
      deposit: summary.deposit,
    };
  }

  private stakeAccount(stakeAddress: string): StakeAccount {
    return this.actors.accounts.find((candidate) => candidate.stakeAddress === stakeAddress)!;
  }

  private wallet(name: string): Wallet {
    const wallet = this.wallets.get(name);
    if (wallet === undefined) throw new Error(`unknown wallet ${name}`);
    return wallet;
  }
}

/** Shelley genesis funds are pseudo-transactions: tx id = blake2b-256 of the address bytes, index 0. */
export function faucetGenesisUtxo(faucet: Wallet): Utxo {
  return {
    txId: toHex(blake2b256(faucet.address.to_bytes())),
    index: 0,
    txOrdinal: 0,
    address: faucet.bech32,
    owner: faucet.name,
    lovelace: FAUCET_LOVELACE,
    assets: {},
    pool: 'faucet',
  };
}
