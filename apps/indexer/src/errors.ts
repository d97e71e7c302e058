/**
 * The errors retrying cannot fix. Each is a {@link FatalIndexerError}: wherever it is thrown (the chain
 * store, the follower, the rollback worker behind BullMQ), the follower stops on it instead of
 * reconnecting, and the program prints its message as one line and exits with {@link FATAL_EXIT_CODE}.
 * They are recognised by class, never by name or message text.
 */

/**
 * The exit status of an indexer stopped by a {@link FatalIndexerError}: a restart would meet the same
 * error, so supervisors (`npm start`, systemd's `RestartPreventExitStatus`) must not restart it.
 * 65 is sysexits.h's EX_DATAERR, used by no other exit of Node or of our programs.
 */
export const FATAL_EXIT_CODE = 65;

export class FatalIndexerError extends Error {
  constructor(message: string) {
    super(message);
    // Logs and stacks show the class, not `Error`.
    this.name = new.target.name;
  }
}

/** The node asks to roll back more than k blocks: what was indexed past k is final, and was not. */
export class RollbackTooDeepError extends FatalIndexerError {}

/** The node asks to roll back to a block the index does not hold. */
export class UnknownRollbackPointError extends FatalIndexerError {}

/**
 * None of the points the indexer resumes from (its tip and earlier blocks down to k back) is on the
 * node's chain, which is not behind them: the chains parted more than k blocks ago.
 */
export class NoIntersectionError extends FatalIndexerError {}

/**
 * Blockfrost's transaction size and /txs/{hash}/cbor come from the CBOR Ogmios sends only when it
 * runs with --include-cbor: without it the index would serve wrong sizes without a word.
 */
export class MissingTransactionCborError extends FatalIndexerError {
  constructor(txId: string) {
    super(
      `transaction ${txId} arrived without its CBOR: start Ogmios with --include-cbor, ` +
        `or set INDEXER_ALLOW_MISSING_CBOR=true to index without transaction sizes and CBOR`,
    );
  }
}

export function isFatal(error: unknown): error is FatalIndexerError {
  return error instanceof FatalIndexerError;
}

/**
 * The fatal errors a BullMQ job may end with, by class name. BullMQ keeps of a failed job's error only
 * its message (`failedReason`) and its stack as text, so a job that meets one of these answers it as
 * its JSON return value, {@link FatalReport}, and the waiting side rebuilds the same class from it.
 */
const CROSSES_QUEUES = { RollbackTooDeepError, UnknownRollbackPointError } as const;

export interface FatalReport {
  fatal: keyof typeof CROSSES_QUEUES;
  message: string;
}

/** The report of a fatal error that may cross a queue; null for any other error (the job fails). */
export function fatalReport(error: unknown): FatalReport | null {
  for (const [fatal, type] of Object.entries(CROSSES_QUEUES))
    if (error instanceof type) return { fatal: fatal as FatalReport['fatal'], message: error.message };
  return null;
}

/** The error a {@link FatalReport} stands for, of the class the job met. */
export function fatalFromReport(report: FatalReport): FatalIndexerError {
  return new CROSSES_QUEUES[report.fatal](report.message);
}
