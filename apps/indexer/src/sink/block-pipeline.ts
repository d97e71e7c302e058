import type { DecodedBlock } from '@frostline/model';

export interface BlockPipelineOptions {
  /** blocks in a catch-up batch at most */
  batchSize: number;
  /**
   * transactions in a catch-up batch at most: a batch's memory and its write grow with its transactions,
   * so full mainnet blocks make short batches while near-empty ones fill batchSize
   */
  batchTransactions: number;
  /** a partial batch is written after this long, so data never waits long for the next block */
  maxBatchDelayMs: number;
}

/**
 * Decoded blocks on their way to the database: buffered while far from the tip and written in batches,
 * one block at a time near it.
 *
 * While far from the tip a full batch is written in the background: the next batch is received and
 * decoded (this process's core) while the database writes the previous one (its own core). One write is
 * in flight at most, writes commit in chain order, and a failed write drops what was buffered after it
 * and fails the next block added, so chain-sync resumes from what was committed.
 */
export class BlockPipeline {
  private buffer: DecodedBlock[] = [];
  private bufferTransactions = 0;
  private bufferDecodeMs = 0;
  private bufferSince = 0;
  private writing: Promise<void> = Promise.resolve();
  private writeInFlight = false;
  private writeFailure: { error: unknown } | null = null;

  constructor(
    /** writes one batch in one transaction, then what follows it (follow-up jobs, status) */
    private readonly writeBatch: (blocks: DecodedBlock[], decodeMs: number) => Promise<void>,
    private readonly options: BlockPipelineOptions,
  ) {}

  /**
   * Buffers a block that took `decodeMs` to decode. Near the tip it is committed before this resolves.
   * Otherwise a batch is written, while the next one arrives, once it is full or has waited long with
   * the database idle (blocks come slower than they are written; a failure surfaces with the next block).
   */
  async add(block: DecodedBlock, decodeMs: number, nearTip: boolean): Promise<void> {
    if (this.buffer.length === 0) this.bufferSince = Date.now();
    this.buffer.push(block);
    this.bufferTransactions += block.transactions.length;
    this.bufferDecodeMs += decodeMs;
    const waitedLong = !this.writeInFlight && Date.now() - this.bufferSince > this.options.maxBatchDelayMs;
    if (nearTip) await this.flush();
    else if (waitedLong || this.batchFull()) await this.startWrite();
  }

  /** Writes everything buffered and waits until it is committed. */
  async flush(): Promise<void> {
    await this.startWrite();
    await this.writing;
    this.rethrowWriteFailure();
  }

  /** Throws the error of a failed write, once: the blocks buffered after it were dropped. */
  rethrowWriteFailure(): void {
    const failure = this.writeFailure;
    if (failure === null) return;
    this.writeFailure = null;
    throw failure.error;
  }

  /**
   * Starts writing the buffer as one batch once the previous write is done. A timer, a rollback and
   * shutdown may all ask for a write.
   */
  private async startWrite(): Promise<void> {
    await this.writing;
    this.rethrowWriteFailure();
    if (this.buffer.length === 0) return;
    const blocks = this.buffer;
    const decodeMs = this.bufferDecodeMs;
    this.dropBuffer();
    this.writeInFlight = true;
    this.writing = this.writeBatch(blocks, decodeMs)
      .catch((error: unknown) => {
        // Blocks buffered after a failed batch cannot be written without it: chain-sync resumes
        // from what was committed (the follower reconnects when the next message fails).
        this.writeFailure = { error };
        this.dropBuffer();
      })
      .finally(() => {
        this.writeInFlight = false;
        // What was buffered meanwhile waited for the database, not for blocks: its wait starts now.
        this.bufferSince = Date.now();
      });
  }

  private dropBuffer(): void {
    this.buffer = [];
    this.bufferTransactions = 0;
    this.bufferDecodeMs = 0;
  }

  private batchFull(): boolean {
    return (
      this.buffer.length >= this.options.batchSize ||
      this.bufferTransactions >= this.options.batchTransactions
    );
  }
}
