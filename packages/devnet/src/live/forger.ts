import { appendFileSync } from 'node:fs';
import type { Chain } from '../chain/chain.js';
import { memoryEntry } from '../chain/memory-source.js';
import { stringifyJson } from '../chain/json.js';
import { arraySpans } from '../convert/cbor.js';
import { praosBlock } from '../generate/blocks.js';
import { blake2b256, toHex } from '../generate/keys.js';
import { genesisPoolKeys, type PoolKeys } from '../generate/wallets.js';
import { Random } from '../generate/random.js';
import type { BuiltTx } from '../generate/tx.js';
import { poolStakes } from '../ledger/epoch-boundary.js';
import type { Ledger } from '../ledger/ledger.js';
import { demoPoolKeys } from '../networks/demo-wallets.js';
import type { AcceptedTransaction } from '../ledger/validate.js';
import { shelleySlotConfig, slotInfo } from '../networks/era-summaries.js';
import { byronEpochLength } from '../networks/networks.js';

export interface ForgerOptions {
  chain: Chain;
  ledger: Ledger;
  /** Forged blocks are appended here (the chain file), so a restart continues the chain. */
  file?: string;
  /** The wall clock (milliseconds), which sets each block's slot. */
  now?: () => number;
}

/**
 * Makes the live chain's blocks: the mempool's transactions in arrival order (up to the maximum block
 * body size), or none, in a block laid out like the generator's (src/generate/blocks.ts) at the slot of
 * the wall clock. Its issuer is a pool whose keys the devnet holds (the genesis pools and the demo
 * wallets' pools), registered with the VRF key it holds, drawn by the stake delegated to each in the
 * epoch's leader distribution (the `set` snapshot), so that a pool makes blocks in proportion to its
 * stake and its blocks count for it at the epoch boundary. Stake of pools the devnet cannot sign for
 * makes no blocks (as an offline pool's slots stay empty), so the draw is among the held pools. With
 * no stake on any of them the registered ones take turns.
 */
export class Forger {
  private readonly random = new Random('live');
  private readonly genesisProducers = genesisPoolKeys();
  private readonly producers: PoolKeys[] = [...this.genesisProducers, ...demoPoolKeys()];

  constructor(private readonly options: ForgerOptions) {}

  /** The pool that makes the block at `slot`. */
  producer(slot: number, height: number): PoolKeys {
    const state = this.options.ledger.stateAt(slot);
    const pools = new Map(state.allPools());
    const registered = this.producers.filter(
      ({ id, vrfVerificationKey }) =>
        pools.get(id)?.vrfVerificationKeyHash === toHex(blake2b256(vrfVerificationKey)),
    );
    const stakes = poolStakes(state.epochState().snapshots.set);
    const staked = registered.filter(({ id }) => (stakes.get(id) ?? 0n) > 0n);
    if (staked.length === 0) {
      const candidates = registered.length > 0 ? registered : this.genesisProducers;
      return candidates[height % candidates.length]!;
    }
    const total = staked.reduce((sum, { id }) => sum + stakes.get(id)!, 0n);
    let draw = this.random.lovelace(0n, total - 1n);
    for (const pool of staked) {
      draw -= stakes.get(pool.id)!;
      if (draw < 0n) return pool;
    }
    throw new Error('a draw below the total stake falls on a pool');
  }

  /** The slot of the wall clock, never before the tip's next slot. */
  currentSlot(): number {
    const { zeroTime, zeroSlot, slotLength } = shelleySlotConfig(this.options.ledger.network);
    const wallSlot = zeroSlot + Math.floor(((this.options.now ?? Date.now)() - zeroTime) / slotLength);
    const tip = this.options.chain.tip();
    return tip === 'origin' ? wallSlot : Math.max(wallSlot, Number(tip.slot) + 1);
  }

  /** Forges the next block; returns the mempool transactions it made invalid (evicted). */
  forge(): string[] {
    const { chain, ledger, file } = this.options;
    const tip = chain.tip();
    const slot = this.currentSlot();
    const { era } = slotInfo(ledger.network, slot);
    if (era !== 'babbage' && era !== 'conway') throw new Error(`cannot forge blocks in the ${era} era`);
    const parameters = ledger.protocolParameters();
    const maxBodySize = Number((parameters.maxBlockBodySize as { bytes: number }).bytes);
    const accepted = ledger.mempool.take(maxBodySize);
    const height = tip === 'origin' ? 0 : Number(tip.height) + 1;
    const block = praosBlock({
      era,
      ancestor: tip === 'origin' ? 'genesis' : tip.id,
      height,
      slot,
      producer: this.producer(slot, height),
      slotsPerKesPeriod: ledger.network.genesis.shelley.slotsPerKESPeriod as number,
      transactions: accepted.map((transaction) => ({
        built: blockParts(transaction),
        json: transaction.json,
      })),
      random: this.random,
    });
    // The ledger follows the chain: a restart replays the block's transactions into it again.
    if (file !== undefined) appendFileSync(file, stringifyJson(block) + '\n');
    chain.append(
      memoryEntry(block, tip === 'origin' ? undefined : tip.slot, byronEpochLength(ledger.network)),
    );
    return ledger.blockForged(accepted.map(({ id }) => id));
  }
}

/**
 * What the block layout reads of a transaction: its id, validity and the sizes of the parts a block
 * body stores separately (`[body, witnesses, isValid, auxiliary data]`).
 */
function blockParts(transaction: AcceptedTransaction): BuiltTx {
  const spans = arraySpans(transaction.cbor, 0);
  const [body, witnesses] = spans.map(([start, end]) => end - start);
  const [auxiliaryStart, auxiliaryEnd] = spans.at(-1)!;
  const auxiliary = transaction.cbor[auxiliaryStart] === 0xf6 ? 0 : auxiliaryEnd - auxiliaryStart;
  // The generator's BuiltTx also carries its own UTxO records, which a block's layout does not use.
  return {
    id: transaction.id,
    valid: transaction.valid,
    parts: { body: body!, witnesses: witnesses!, auxiliary },
  } as BuiltTx;
}
