import type { Ledger } from '../ledger/ledger.js';
import type { AcceptedTransaction } from '../ledger/validate.js';
import { InvalidParams, respond, type Outcome, type RpcId } from './rpc.js';

/** A snapshot of the mempool, read one transaction at a time. */
interface Snapshot {
  transactions: AcceptedTransaction[];
  next: number;
}

const MUST_ACQUIRE_FIRST: Outcome = {
  error: { code: 4000, message: 'You must acquire a mempool snapshot prior to accessing it.' },
};

/**
 * Ogmios' mempool monitoring for one connection: `acquireMempool` takes a snapshot (waiting, like
 * Ogmios, until the mempool differs from the snapshot acquired before), then `nextTransaction`,
 * `hasTransaction` and `sizeOfMempool` read it and `releaseMempool` lets it go.
 */
export class MempoolMonitor {
  private snapshot: Snapshot | undefined;
  /** Version of the last snapshot acquired on this connection (released or not). */
  private lastVersion: number | undefined;
  private parked: RpcId[] = [];
  private readonly onChange = () => this.answerParked();

  constructor(
    private readonly ledger: Ledger,
    private readonly send: (message: string) => void,
  ) {
    ledger.mempool.on('change', this.onChange);
  }

  close(): void {
    this.ledger.mempool.off('change', this.onChange);
  }

  readonly handlers: Record<string, (params: Record<string, unknown>) => Outcome> = {
    nextTransaction: (params) => this.acquired((snapshot) => this.nextTransaction(snapshot, params)),
    hasTransaction: (params) =>
      this.acquired((snapshot) => {
        const { id } = params;
        if (typeof id !== 'string' || !/^[0-9a-f]{64}$/.test(id))
          throw new InvalidParams('hasTransaction needs "id": a transaction id (64 hex digits)');
        return { result: snapshot.transactions.some((transaction) => transaction.id === id) };
      }),
    sizeOfMempool: () =>
      this.acquired((snapshot) => {
        const parameters = this.ledger.protocolParameters();
        // A node's mempool holds two blocks' worth of transactions.
        const capacity = 2 * Number((parameters.maxBlockBodySize as { bytes: number }).bytes);
        const bytes = snapshot.transactions.reduce((total, { cbor }) => total + cbor.length, 0);
        return {
          result: {
            maxCapacity: { bytes: capacity },
            currentSize: { bytes },
            transactions: { count: snapshot.transactions.length },
          },
        };
      }),
    releaseMempool: () =>
      this.acquired(() => {
        this.snapshot = undefined;
        return { result: { released: 'mempool' } };
      }),
  };

  acquire(id: RpcId): void {
    if (this.lastVersion === this.ledger.mempool.version) this.parked.push(id);
    else this.answerAcquire(id);
  }

  private answerParked(): void {
    const parked = this.parked;
    this.parked = [];
    parked.forEach((id) => this.answerAcquire(id));
  }

  private answerAcquire(id: RpcId): void {
    const { mempool } = this.ledger;
    this.snapshot = { transactions: mempool.list(), next: 0 };
    this.lastVersion = mempool.version;
    this.send(
      respond('acquireMempool', { result: { acquired: 'mempool', slot: this.ledger.currentSlot() } }, id),
    );
  }

  private acquired(answer: (snapshot: Snapshot) => Outcome): Outcome {
    return this.snapshot === undefined ? MUST_ACQUIRE_FIRST : answer(this.snapshot);
  }

  private nextTransaction(snapshot: Snapshot, params: Record<string, unknown>): Outcome {
    if (params.fields !== undefined && params.fields !== 'all')
      throw new InvalidParams('nextTransaction takes "fields": "all" or nothing');
    const transaction = snapshot.transactions[snapshot.next];
    if (transaction === undefined) return { result: { transaction: null } };
    snapshot.next += 1;
    return { result: { transaction: params.fields === 'all' ? transaction.json : { id: transaction.id } } };
  }
}
