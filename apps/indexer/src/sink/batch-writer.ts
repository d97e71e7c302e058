import type { PrismaClient } from '@frostline/db';
import type { DecodedBlock } from '@frostline/model';
import { ID_TABLES, IdAllocator, type IdTable } from '../project/ids.js';
import { batchKeys } from '../project/keys.js';
import { projectBatch } from '../project/project-batch.js';
import { changesSupply } from '../project/rows.js';
import { AddressUtxoDeferral, type AddressUtxoChange } from './address-utxo-deferral.js';
import { HistoryPositions } from './history-positions.js';
import { lookUp } from './lookups.js';
import { RecentOutputs } from './recent-outputs.js';
import { CopyBuffer } from './sql.js';
import { inTransaction } from './transaction.js';
import { batchWrite } from './write-rows.js';

export interface BatchWriterOptions {
  networkId: number;
  /** key hashes of the Shelley genesis delegates: their blocks' slot leader is `ShelleyGenesis-…` */
  genesisDelegates: ReadonlySet<string>;
}

export interface WriteResult {
  /** units of assets first seen in the batch (token-registry lookups) */
  newAssets: string[];
  /** how many stake addresses the batch marked in reward_refresh (their reward balance may have changed) */
  markedAccounts: number;
  blocks: number;
  transactions: number;
  outputs: number;
  rows: number;
  decodeMs: number;
  databaseMs: number;
  addressUtxo: AddressUtxoChange;
}

/**
 * Appends batches of decoded blocks: what they refer to is looked up (the outputs of recent batches
 * from memory), they are projected into rows with new ids, and the rows are written in one transaction;
 * the ids advance, and the batch's outputs are remembered, only once it commits.
 */
export class BatchWriter {
  private ids = new IdAllocator(new Map());
  // ≈ 200 bytes each: at most ≈ 40 MB.
  private readonly recentOutputs = new RecentOutputs(200_000);
  // ≈ 100 bytes each, 200,000 keys of each of five numberings: at most ≈ 100 MB.
  private readonly historyPositions = new HistoryPositions(200_000);
  private readonly copyBuffer = new CopyBuffer();
  private readonly addressUtxo: AddressUtxoDeferral;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: BatchWriterOptions,
  ) {
    this.addressUtxo = new AddressUtxoDeferral(prisma);
  }

  /** Continues from what is stored: the ids, the deferral of address_utxo; nothing remembered. */
  async load(): Promise<void> {
    const union = ID_TABLES.map((table) => `SELECT '${table}' AS name, max(id) AS id FROM "${table}"`).join(
      ' UNION ALL ',
    );
    const rows = await this.prisma.$queryRawUnsafe<{ name: IdTable; id: bigint | null }[]>(union);
    this.ids = new IdAllocator(new Map(rows.map((r) => [r.name, r.id ?? 0n])));
    await this.addressUtxo.load();
    this.recentOutputs.clear();
    this.historyPositions.clear();
  }

  /**
   * Writes decoded blocks in one transaction; `decodeMs` is what decoding them took, for metrics.
   * `blocksLeft`: how many blocks the node has after these while catching up far from its tip (null at
   * the tip), which decides whether address_utxo is kept through the batch (AddressUtxoDeferral).
   */
  async write(decoded: DecodedBlock[], decodeMs: number, blocksLeft: number | null): Promise<WriteResult> {
    const started = performance.now();
    const outputs = decoded.reduce((n, b) => n + b.transactions.reduce((m, t) => m + t.outputs.length, 0), 0);
    const plan = await this.addressUtxo.plan(blocksLeft, outputs / decoded.length);
    const ids = this.ids.fork();
    // Reads need no transaction: this process is the only writer (writer lock).
    const keys = batchKeys(decoded, this.options.networkId);
    const lookups = await lookUp(this.prisma, { ...keys, spends: this.recentOutputs.unknown(keys.spends) });
    const rows = projectBatch(decoded, {
      networkId: this.options.networkId,
      ids,
      genesisDelegates: this.options.genesisDelegates,
      lookups: { ...lookups, outputs: this.recentOutputs.storedBefore(lookups.outputs) },
    });
    const positions = await this.historyPositions.number(this.prisma, rows);
    const rowCount = Object.values(rows).reduce(
      (n, table) => n + (Array.isArray(table) ? table.length : 'size' in table ? table.size : 0),
      changesSupply(rows) ? 1 : 0,
    );
    const write = batchWrite(rows, { addressUtxo: plan === 'maintain', copyBuffer: this.copyBuffer });
    const fillMs = await inTransaction(
      this.prisma,
      async (client) => {
        await this.addressUtxo.beforeWrites(client, plan);
        await write.run(client);
        return this.addressUtxo.afterWrites(client, plan);
      },
      // Filling address_utxo writes a row for every live output of the chain: it takes as long as that takes.
      plan === 'fill' ? { timeoutMs: null } : {},
    );
    const addressUtxo = this.addressUtxo.committed(plan, fillMs);
    this.ids.adopt(ids);
    this.recentOutputs.addCommitted(rows, keys.spends);
    this.historyPositions.adopt(positions);
    return {
      newAssets: rows.assets.map((asset) => asset.policy + asset.name),
      markedAccounts: rows.rewardAccounts.size,
      blocks: decoded.length,
      transactions: decoded.reduce((n, b) => n + b.transactions.length, 0),
      outputs,
      rows: rowCount,
      decodeMs,
      databaseMs: performance.now() - started,
      addressUtxo,
    };
  }
}
