import type { PrismaClient } from '@frostline/db';
import {
  decodeBlock,
  genesisBlock,
  type ChainTime,
  type DecodedBlock,
  type GenesisFunds,
  type OgmiosBlock,
} from '@frostline/model';
import { MissingTransactionCborError } from '../errors.js';
import { BatchWriter, type WriteResult } from './batch-writer.js';
import type { ChainPoint } from './chain-point.js';
import { rollBack } from './rollback.js';

export type { ChainPoint };

export interface ChainStoreOptions {
  networkId: number;
  chainTime: ChainTime;
  /** the security parameter k: how deep a rollback may go */
  securityParameter: number;
  /** key hashes of the Shelley genesis delegates: their blocks' slot leader is `ShelleyGenesis-…` */
  genesisDelegates: ReadonlySet<string>;
  /**
   * the Byron genesis hash, which names the genesis pseudo-block and is the first block's previous
   * block (BYRON_GENESIS_HASHES of the public networks; unknown for a custom one)
   */
  genesisHash?: string;
  /** index transactions without CBOR (size 0, no /txs/{hash}/cbor) instead of stopping */
  allowMissingTxCbor?: boolean;
}

/**
 * The indexer's only way to change the database, and what it knows of the stored chain: blocks are
 * decoded here, appended in batches by {@link BatchWriter} (batch-writer.ts: one transaction per batch,
 * address_utxo's deferral in address-utxo-deferral.ts) and rolled back by {@link rollBack} (rollback.ts:
 * what happens to every table). Both run through inTransaction (transaction.ts).
 */
export class ChainStore {
  private readonly batches: BatchWriter;
  private tip: { slot: number; id: string; height: number | null; epoch: number } | null = null;
  private decodedSlot: number | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: ChainStoreOptions,
  ) {
    this.batches = new BatchWriter(prisma, options);
  }

  async load(): Promise<void> {
    await this.batches.load();
    const [tip] = await this.prisma.$queryRawUnsafe<
      { slot: bigint; hash: string; height: number | null; epoch: number }[]
    >(
      `SELECT slot, encode(hash, 'hex') AS hash, height, epoch FROM block WHERE era <> 'genesis' ORDER BY id DESC LIMIT 1`,
    );
    this.tip = tip ? { slot: Number(tip.slot), id: tip.hash, height: tip.height, epoch: tip.epoch } : null;
    this.resetDecoding();
  }

  get tipPoint(): ChainPoint | null {
    return this.tip && { slot: this.tip.slot, id: this.tip.id };
  }

  get tipHeight(): number | null {
    return this.tip?.height ?? null;
  }

  get tipEpoch(): number | null {
    return this.tip?.epoch ?? null;
  }

  /**
   * Points to resume from, best first: the tip, then exponentially older blocks down to k back
   * (tip-1, -2, -4 …, tip-k), so a restart on a fork of up to k blocks finds the common ancestor, and
   * finding none means the chains parted deeper than k. A chain of k blocks or fewer may be rolled
   * back whole: it ends with `start`, where it began.
   */
  async intersectionPoints(start: ChainPoint | 'origin'): Promise<(ChainPoint | 'origin')[]> {
    const k = this.options.securityParameter;
    const offsets = new Set([0, k]);
    for (let step = 1; step < k; step *= 2) offsets.add(step);
    const rows = await this.prisma.$queryRawUnsafe<{ n: bigint; slot: bigint; hash: string }[]>(
      `SELECT o.n, b.slot, encode(b.hash, 'hex') AS hash FROM unnest($1::int8[]) AS o(n)
       JOIN block b ON b.id = (SELECT max(id) FROM block) - o.n WHERE b.era <> 'genesis' ORDER BY o.n`,
      [...offsets].map(BigInt),
    );
    const points: (ChainPoint | 'origin')[] = rows.map((r) => ({ slot: Number(r.slot), id: r.hash }));
    if (rows.at(-1)?.n !== BigInt(k)) points.push(start);
    return points;
  }

  /**
   * On an empty database that starts from the origin: the genesis pseudo-block with the initial
   * funds, which the first transactions spend. Returns false when there was something already.
   */
  async seedGenesis(funds: GenesisFunds, systemStartUnix: number): Promise<boolean> {
    const [{ count }] = await this.prisma.$queryRawUnsafe<{ count: bigint }[]>(
      `SELECT count(*) AS count FROM block`,
    );
    if (count > 0n) return false;
    await this.writeDecoded([genesisBlock(funds, systemStartUnix, this.options.genesisHash)], 0);
    this.tip = null;
    return true;
  }

  /**
   * Decodes the next block of the chain (blocks arrive in order; an epoch-boundary block takes its
   * slot from the block before it). The indexer decodes while the previous batch is being written.
   */
  decode(block: OgmiosBlock): DecodedBlock {
    const decoded = decodeBlock(block, {
      chainTime: this.options.chainTime,
      previousSlot: this.decodedSlot,
      genesisHash: this.options.genesisHash,
    });
    this.decodedSlot = decoded.slot;
    if (!this.options.allowMissingTxCbor) {
      const withoutCbor = decoded.transactions.find((tx) => tx.details.cbor === null);
      if (withoutCbor) throw new MissingTransactionCborError(withoutCbor.hash);
    }
    return decoded;
  }

  /** Decoding continues from the stored tip. */
  private resetDecoding(): void {
    this.decodedSlot = this.tip?.slot ?? null;
  }

  async write(blocks: OgmiosBlock[], blocksLeft: number | null = null): Promise<WriteResult> {
    const started = performance.now();
    const decoded = blocks.map((block) => this.decode(block));
    return this.writeDecoded(decoded, performance.now() - started, blocksLeft);
  }

  /**
   * Writes decoded blocks in one transaction (BatchWriter.write); `decodeMs` is what decoding them took,
   * for metrics. `blocksLeft`: how many blocks the node has after these while catching up far from its
   * tip (null at the tip): a long catch-up defers address_utxo (address-utxo-deferral.ts).
   */
  async writeDecoded(
    decoded: DecodedBlock[],
    decodeMs: number,
    blocksLeft: number | null = null,
  ): Promise<WriteResult> {
    const result = await this.batches.write(decoded, decodeMs, blocksLeft);
    const last = decoded.at(-1)!;
    this.tip = {
      slot: last.slot,
      id: last.hash,
      height: last.height ?? this.tip?.height ?? null,
      epoch: last.epoch,
    };
    return result;
  }

  /**
   * Removes every block after `point` and everything derived from them, in one transaction
   * (rollback.ts), then continues from what is stored. Returns the number of blocks removed.
   */
  async rollBackTo(point: ChainPoint | 'origin'): Promise<number> {
    const removed = await rollBack(this.prisma, point, this.options.securityParameter);
    await this.load();
    return removed;
  }
}
