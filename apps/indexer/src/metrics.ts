import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { WriteResult } from './sink/batch-writer.js';

/** Prometheus metrics of the indexer (served on /metrics). */
export class IndexerMetrics {
  readonly registry = new Registry();
  readonly height = new Gauge({
    name: 'indexer_block_height',
    help: 'Height of the last stored block',
    registers: [this.registry],
  });
  readonly tipLagSlots = new Gauge({
    name: 'indexer_tip_lag_slots',
    help: 'Slots between the node tip and the last stored block',
    registers: [this.registry],
  });
  readonly blocks = new Counter({
    name: 'indexer_blocks_total',
    help: 'Blocks stored',
    registers: [this.registry],
  });
  readonly transactions = new Counter({
    name: 'indexer_transactions_total',
    help: 'Transactions stored',
    registers: [this.registry],
  });
  readonly rows = new Counter({
    name: 'indexer_rows_written_total',
    help: 'Rows written',
    registers: [this.registry],
  });
  readonly batchSeconds = new Histogram({
    name: 'indexer_batch_seconds',
    help: 'Time to decode and write one batch, by phase',
    labelNames: ['phase'],
    buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly rollbacks = new Counter({
    name: 'indexer_rollbacks_total',
    help: 'Rollbacks applied',
    registers: [this.registry],
  });
  readonly rollbackDepth = new Histogram({
    name: 'indexer_rollback_depth_blocks',
    help: 'Blocks removed per rollback',
    buckets: [0, 1, 2, 5, 10, 50, 100, 500, 2160],
    registers: [this.registry],
  });
  readonly queueDepth = new Gauge({
    name: 'indexer_queue_jobs',
    help: 'Jobs waiting per queue',
    labelNames: ['queue'],
    registers: [this.registry],
  });
  readonly jobFailures = new Counter({
    name: 'indexer_job_failures_total',
    help: 'Failed job attempts per queue',
    labelNames: ['queue'],
    registers: [this.registry],
  });

  readonly addressUtxoDeferred = new Gauge({
    name: 'indexer_address_utxo_deferred',
    help: '1 while address_utxo is left empty through a long catch-up (filled at the tip), else 0',
    registers: [this.registry],
  });

  readonly addressUtxoFillSeconds = new Gauge({
    name: 'indexer_address_utxo_fill_seconds',
    help: 'What the last fill of address_utxo at the end of a catch-up took',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  recordWrite(result: WriteResult, height: number | null): void {
    this.blocks.inc(result.blocks);
    this.transactions.inc(result.transactions);
    this.rows.inc(result.rows);
    this.batchSeconds.observe({ phase: 'decode' }, result.decodeMs / 1000);
    this.batchSeconds.observe({ phase: 'database' }, result.databaseMs / 1000);
    if (height !== null) this.height.set(height);
    this.addressUtxoDeferred.set(result.addressUtxo.deferred ? 1 : 0);
    if (result.addressUtxo.change === 'filled')
      this.addressUtxoFillSeconds.set(result.addressUtxo.fillMs / 1000);
  }
}
