import { appendFileSync } from 'node:fs';
import type { Chain } from '../chain/chain.js';
import { memoryEntry } from '../chain/memory-source.js';
import { stringifyJson } from '../chain/json.js';
import { arraySpans } from '../convert/cbor.js';
import { praosBlock, type Producer } from '../generate/blocks.js';
import { genesisPoolKeys } from '../generate/wallets.js';
import { Random } from '../generate/random.js';
import type { BuiltTx } from '../generate/tx.js';
import type { Ledger } from '../ledger/ledger.js';
import type { AcceptedTransaction } from '../ledger/validate.js';
import { shelleySlotConfig, slotInfo } from '../networks/era-summaries.js';
import { byronEpochLength } from '../networks/networks.js';

export interface ForgerOptions {
  chain: Chain;
  ledger: Ledger;
  /** Forged blocks are appended here (the chain file), so a restart continues the chain. */
  file?: string;
}

/**
 * Makes the live chain's blocks: the mempool's transactions in arrival order (up to the maximum block
 * body size), or none, in a block laid out like the generator's (src/generate/blocks.ts) at the slot of
 * the wall clock, issued in turn by the genesis stake pools still registered (the pools whose keys the
 * devnet holds), so that the blocks count for their pools at the epoch boundary.
 */
export class Forger {
  private readonly random = new Random('live');
  private readonly producers = genesisPoolKeys();

  constructor(private readonly options: ForgerOptions) {}

  private producer(height: number): Producer {
    const state = this.options.ledger.tipState();
    const registered = this.producers.filter(({ id }) => state.poolRegistered(id));
    const candidates = registered.length > 0 ? registered : this.producers;
    return candidates[height % candidates.length]!;
  }

  /** The slot of the wall clock, never before the tip's next slot. */
  currentSlot(): number {
    const { zeroTime, zeroSlot, slotLength } = shelleySlotConfig(this.options.ledger.network);
    const wallSlot = zeroSlot + Math.floor((Date.now() - zeroTime) / slotLength);
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
      producer: this.producer(height),
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
