import type { BlockBFT, BlockEBB } from '@cardano-ogmios/schema';
import { byronGenesisHash, byronGenesisSlotLeader } from '@frostline/model';
import { convertBlock } from '../convert/index.js';
import type { EraSummary } from '../networks/era-summaries.js';
import type { Network } from '../networks/networks.js';
import {
  BYRON_FAUCET_LOVELACE,
  VOUCHER_LOVELACE,
  buildByronTransaction,
  byronEpochBoundaryBlock,
  byronGenesisActors,
  byronMainBlock,
  byronWallet,
  genesisOutput,
  type ByronTx,
  type ByronTxDraft,
} from './byron.js';
import { toHex } from './keys.js';
import type { Random } from './random.js';
import { blockRecord, type ChainState } from './state.js';
import { ada } from './tx-builders/funding.js';
import type { ByronActors, Wallet } from './wallets.js';

/** Byron wallets of a chain; the first one's outputs stay at its Byron address for good. */
const BYRON_WALLETS = 4;
/** Byron blocks come every 1–7 slots (20 s each): about a dozen per 50-slot epoch. */
const MAX_SLOT_GAP = 7;
/** Byron blocks carry few transactions, as on mainnet. */
const MAX_TRANSACTIONS = 2;

export function byronActors(seed: number, protocolMagic: number): ByronActors {
  return {
    ...byronGenesisActors(protocolMagic),
    wallets: Array.from({ length: BYRON_WALLETS }, (_, i) =>
      byronWallet(`${seed}/byron-wallet/${i}`, protocolMagic),
    ),
  };
}

/** The Byron genesis outputs the prefix spends: the AVVM voucher and the non-AVVM balance. */
export function byronGenesisOutputs(actors: ByronActors) {
  return [
    genesisOutput(actors.voucher, VOUCHER_LOVELACE),
    genesisOutput(actors.faucet, BYRON_FAUCET_LOVELACE),
  ];
}

export interface ByronEraContext {
  network: Network;
  summary: EraSummary;
  actors: ByronActors;
  random: Random;
  state: ChainState;
  includeCbor: boolean;
  wallet: (name: string) => Wallet;
  /** true once the chain has all its blocks */
  full: () => boolean;
}

/**
 * The Byron era of the chain: each epoch's boundary block, then main blocks made by the genesis
 * delegates in turn (OBFT), with redemption of the AVVM voucher, a split of the Byron genesis balance
 * and payments between Byron addresses. Updates the chain state as it goes.
 */
export function* byronEra(ctx: ByronEraContext): Generator<BlockEBB | BlockBFT> {
  const { epochLength } = ctx.summary.parameters;
  const end = ctx.summary.end!.slot;
  const protocolMagic = ctx.network.genesis.byron.protocolConsts.protocolMagic as number;
  const feePolicy = ctx.network.genesis.byron.blockVersionData.txFeePolicy as Record<string, string>;
  const era = new ByronEra(ctx, protocolMagic, {
    summand: BigInt(feePolicy.summand!),
    multiplier: BigInt(feePolicy.multiplier!),
  });
  for (let epoch = 0; epoch * epochLength < end && !ctx.full(); epoch++) {
    yield era.epochBoundary(epoch, epochLength);
    const last = Math.min((epoch + 1) * epochLength, end) - 1;
    for (let slot = epoch * epochLength + era.gap(); slot <= last && !ctx.full(); slot += era.gap())
      yield era.mainBlock(slot, epochLength);
  }
}

class ByronEra {
  constructor(
    private readonly ctx: ByronEraContext,
    private readonly protocolMagic: number,
    private readonly feePolicy: { summand: bigint; multiplier: bigint },
  ) {}

  gap(): number {
    return this.ctx.random.between(1, MAX_SLOT_GAP);
  }

  epochBoundary(epoch: number, epochLength: number): BlockEBB {
    const { state, actors, network } = this.ctx;
    const height = state.tip?.height ?? 0;
    const cbor = byronEpochBoundaryBlock({
      protocolMagic: this.protocolMagic,
      // The first one follows the genesis, named by its hash.
      ancestor: state.tip?.id ?? byronGenesisHash(network.genesis.byron),
      epoch,
      height,
      leaders: Array.from(
        { length: epochLength },
        (_, slot) => actors.delegates[(epoch * epochLength + slot) % actors.delegates.length]!.stakeholderId,
      ),
    });
    const block = convertBlock(cbor) as BlockEBB;
    const slot = epoch * epochLength;
    state.blocks.push(
      // db-sync stores an EBB without height or epoch slot; Ogmios gives no size (the indexer stores 0).
      blockRecord(
        this.ctx.network,
        { id: block.id, slot, height: null, era: 'byron', size: 0, slotLeader: 'Epoch boundary slot leader' },
        [],
      ),
    );
    state.tip = { slot, id: block.id, height };
    state.epoch = epoch;
    return block;
  }

  mainBlock(slot: number, epochLength: number): BlockBFT {
    const { state, actors, random } = this.ctx;
    const height = state.tip!.height + 1;
    const transactions: ByronTx[] = this.genesisSpends().map((draft) => this.apply(draft));
    for (let i = random.between(0, MAX_TRANSACTIONS); i > 0; i--) {
      // Built after the previous one is applied: a payment spends only what is still unspent.
      const draft = this.payment();
      if (draft !== undefined) transactions.push(this.apply(draft));
    }
    const leader = actors.delegates[slot % actors.delegates.length]!;
    const cbor = byronMainBlock({
      protocolMagic: this.protocolMagic,
      epochLength,
      ancestor: state.tip!.id,
      height,
      slot,
      leader,
      transactions,
    });
    const block = convertBlock(cbor, { byronEpochLength: epochLength }) as BlockBFT;
    block.transactions?.forEach((transaction) => state.ledger.apply(transaction));
    if (!this.ctx.includeCbor) block.transactions?.forEach((tx) => delete tx.cbor);
    state.blocks.push(
      blockRecord(
        this.ctx.network,
        {
          id: block.id,
          slot,
          height,
          era: 'byron',
          size: Number(block.size.bytes),
          slotLeader: byronGenesisSlotLeader(toHex(leader.issuer.xpub)),
        },
        transactions,
      ),
    );
    state.tip = { slot, id: block.id, height };
    return block;
  }

  /**
   * The first block spends the Byron genesis: the AVVM voucher is redeemed to a Byron wallet, and the
   * non-AVVM balance pays every Byron wallet twice, the rest going back to the faucet.
   */
  private genesisSpends(): ByronTxDraft[] {
    const { actors, state, random } = this.ctx;
    const pool = state.utxos.items('byron');
    const voucher = pool.find((utxo) => utxo.owner === actors.voucher.name);
    const faucet = pool.find((utxo) => utxo.owner === actors.faucet.name && utxo.txOrdinal === 0);
    if (voucher === undefined || faucet === undefined) return [];
    return [
      { inputs: [voucher], outputs: [], change: actors.wallets[1 % actors.wallets.length]! },
      {
        inputs: [faucet],
        outputs: actors.wallets.flatMap((to) => [
          { to, lovelace: random.lovelace(ada(100), ada(10_000)) },
          { to, lovelace: random.lovelace(ada(100), ada(10_000)) },
        ]),
        change: actors.faucet,
      },
    ];
  }

  /** A payment between Byron addresses: one or two inputs, one or two recipients, change to the payer. */
  private payment(): ByronTxDraft | undefined {
    const { actors, state, random } = this.ctx;
    const pool = state.utxos.items('byron');
    if (pool.length === 0) return undefined;
    const inputs = [random.pick(pool)];
    const second = random.pick(pool);
    if (random.chance(0.5) && second !== inputs[0]) inputs.push(second);
    const total = inputs.reduce((sum, utxo) => sum + utxo.lovelace, 0n);
    if (total < ada(10)) return undefined;
    const outputs = Array.from({ length: random.between(1, 2) }, () => ({
      to: random.pick(actors.wallets),
      lovelace: random.lovelace(ada(1), total / 4n),
    }));
    return { inputs, outputs, change: this.ctx.wallet(inputs[0]!.owner) };
  }

  private apply(draft: ByronTxDraft): ByronTx {
    const { state } = this.ctx;
    state.txOrdinal += 1;
    const tx = buildByronTransaction(draft, {
      protocolMagic: this.protocolMagic,
      feePolicy: this.feePolicy,
      txOrdinal: state.txOrdinal,
      wallet: this.ctx.wallet,
    });
    tx.spent.forEach((utxo) => state.utxos.spend(utxo));
    tx.created.forEach((utxo) => state.utxos.add(utxo));
    return tx;
  }
}
