import { Inject, Injectable } from '@nestjs/common';
import { mempoolOutputs, type PrismaClient } from '@frostline/db';
import {
  BlockfrostError,
  decodeTransaction,
  transactionDeposit,
  type DecodedRedeemer,
  type DecodedTransaction,
  type OgmiosTransaction,
  type OutputReference,
} from '@frostline/model';
import type { OgmiosRpc, RpcResponse } from '../common/ogmios-rpc.js';
import { OGMIOS_RPC, READ_DB } from '../common/tokens.js';

/**
 * How long one snapshot answers every request before the next is read: however many requests arrive,
 * the node's mempool is walked at most once per period.
 */
const SNAPSHOT_TTL_MS = 1_000;
/** While the next snapshot is read, requests keep the last one unless it is older than this. */
const SNAPSHOT_MAX_AGE_MS = 5_000;
/** Reading a full mempool takes a fraction of a second: a node slower than this is as good as unreachable. */
const SNAPSHOT_TIMEOUT_MS = 5_000;
/** nextTransaction requests in flight at once: one round trip per window rather than per transaction. */
const READ_WINDOW = 64;

export const NO_NODE_MESSAGE = 'This deployment has no node to read the mempool of (OGMIOS_URL is not set).';

/** The output an input names, where the index or an earlier pending transaction holds it. */
export interface SpentOutput {
  address: string;
  lovelace: bigint;
}

export interface PendingInput {
  reference: OutputReference;
  kind: 'spend' | 'collateral' | 'reference';
  /** null when neither the index nor the mempool knows the output */
  output: SpentOutput | null;
}

export interface PendingTransaction {
  tx: DecodedTransaction;
  redeemers: DecodedRedeemer[];
  /** references first, then what it spends, then its collaterals, as /txs/{hash}/utxos lists them */
  inputs: PendingInput[];
  deposit: bigint;
  /** every address among its inputs (where known) and outputs */
  addresses: Set<string>;
}

export interface MempoolSnapshot {
  /** the slot Ogmios acquired the snapshot at */
  slot: number;
  /** in the node's order: submission order, oldest first */
  transactions: PendingTransaction[];
  byHash: Map<string, PendingTransaction>;
}

const key = ({ txHash, index }: OutputReference) => `${txHash}#${index}`;

/**
 * Snapshots of the node's mempool through Ogmios' mempool monitoring: each one acquires the mempool,
 * reads every transaction and releases it at once, so no request holds it. Transactions are decoded
 * with the indexer's decoders and their inputs resolved from the index, or from the outputs of other
 * pending transactions for chained ones; within one slot the index does not change under them, so
 * what was resolved is kept for the next snapshot of the same slot.
 */
@Injectable()
export class MempoolSnapshots {
  private latest: { taken: number; snapshot: MempoolSnapshot } | null = null;
  private refreshing: Promise<MempoolSnapshot> | null = null;
  private resolved: { slot: number; transactions: Map<string, PendingTransaction> } | null = null;

  constructor(
    @Inject(OGMIOS_RPC) private readonly ogmios: OgmiosRpc | null,
    @Inject(READ_DB) private readonly db: PrismaClient,
  ) {}

  /**
   * The current snapshot, shared by every request within {@link SNAPSHOT_TTL_MS}; past that the next one
   * is read (one at a time) and, until it is there, the last one answers if it is recent enough.
   */
  snapshot(): Promise<MempoolSnapshot> {
    if (!this.ogmios) throw new BlockfrostError(500, NO_NODE_MESSAGE);
    const now = Date.now();
    const age = this.latest ? now - this.latest.taken : Infinity;
    if (age >= SNAPSHOT_TTL_MS && !this.refreshing) {
      const refreshing = this.refresh(this.ogmios, now);
      // Requests served the last snapshot do not wait for this one; its failure is theirs who do.
      refreshing.catch(() => undefined);
      this.refreshing = refreshing;
    }
    return age < SNAPSHOT_MAX_AGE_MS ? Promise.resolve(this.latest!.snapshot) : this.refreshing!;
  }

  private async refresh(ogmios: OgmiosRpc, taken: number): Promise<MempoolSnapshot> {
    try {
      const snapshot = await this.take(ogmios);
      this.latest = { taken, snapshot };
      return snapshot;
    } finally {
      this.refreshing = null;
    }
  }

  private async take(ogmios: OgmiosRpc): Promise<MempoolSnapshot> {
    const { slot, transactions } = await ogmios.session(SNAPSHOT_TIMEOUT_MS, async (call) => {
      const acquired = answer(await call('acquireMempool'), 'acquireMempool') as { slot: number };
      const read: OgmiosTransaction[] = [];
      // Past the last transaction every nextTransaction answers null, so a window may overshoot.
      for (let done = false; !done;) {
        const window = await Promise.all(
          Array.from({ length: READ_WINDOW }, () => call('nextTransaction', { fields: 'all' })),
        );
        for (const response of window) {
          const { transaction } = answer(response, 'nextTransaction') as {
            transaction: OgmiosTransaction | null;
          };
          if (transaction === null) done = true;
          else if (!done) read.push(transaction);
        }
      }
      answer(await call('releaseMempool'), 'releaseMempool');
      return { slot: Number(acquired.slot), transactions: read };
    });
    const known = this.resolved?.slot === slot ? this.resolved.transactions : new Map();
    const pending = await this.resolve(transactions, known);
    this.resolved = { slot, transactions: new Map(pending.map((p) => [p.tx.hash, p])) };
    return { slot, transactions: pending, byHash: this.resolved.transactions };
  }

  private async resolve(
    transactions: OgmiosTransaction[],
    known: Map<string, PendingTransaction>,
  ): Promise<PendingTransaction[]> {
    const fresh = transactions
      .filter((transaction) => !known.has(transaction.id))
      .map((transaction) => {
        const tx = decodeTransaction(transaction);
        return { tx, redeemers: tx.details.redeemers };
      });
    const inputsOf = ({ tx }: { tx: DecodedTransaction }): Omit<PendingInput, 'output'>[] => [
      ...tx.details.references.map((reference) => ({ reference, kind: 'reference' as const })),
      ...tx.spends.map((reference) => ({ reference, kind: 'spend' as const })),
      ...tx.details.collaterals.map((reference) => ({ reference, kind: 'collateral' as const })),
    ];
    const outputs = new Map<string, SpentOutput>();
    for (const { tx } of [...known.values(), ...fresh])
      for (const output of tx.outputs) outputs.set(key({ txHash: tx.hash, index: output.index }), output);
    const unknown = fresh.flatMap(inputsOf).filter(({ reference }) => !outputs.has(key(reference)));
    for (const row of await mempoolOutputs(
      this.db,
      unknown.map(({ reference }) => reference),
    )) {
      outputs.set(key({ txHash: row.tx_hash, index: row.index }), {
        address: row.address,
        lovelace: BigInt(row.lovelace),
      });
    }
    const built = new Map(
      fresh.map((decoded) => {
        const inputs = inputsOf(decoded).map((input) => ({
          ...input,
          output: outputs.get(key(input.reference)) ?? null,
        }));
        return [decoded.tx.hash, pendingTransaction(decoded.tx, decoded.redeemers, inputs)] as const;
      }),
    );
    return transactions.map((transaction) => known.get(transaction.id) ?? built.get(transaction.id)!);
  }
}

/** A decoded pending transaction with its inputs as resolved, and what follows from them. */
export function pendingTransaction(
  tx: DecodedTransaction,
  redeemers: DecodedRedeemer[],
  inputs: PendingInput[],
): PendingTransaction {
  const spent = inputs.filter((input) => input.kind === 'spend');
  const spentValue = spent.every((input) => input.output !== null)
    ? spent.reduce((sum, input) => sum + input.output!.lovelace, 0n)
    : null;
  const outSum = tx.outputs.reduce((sum, output) => sum + output.lovelace, 0n);
  const addresses = new Set([
    ...inputs.flatMap((input) => (input.output ? [input.output.address] : [])),
    ...tx.outputs.map((output) => output.address),
    ...(tx.details.collateralReturn ? [tx.details.collateralReturn.address] : []),
  ]);
  return {
    tx,
    redeemers,
    inputs,
    deposit: transactionDeposit(tx, spentValue, outSum, tx.fee ?? 0n),
    addresses,
  };
}

/** The result of an answer, or the Ogmios error as a 500. */
function answer(response: RpcResponse, method: string): unknown {
  if (response.error !== undefined)
    throw new Error(`Ogmios ${method} failed: ${response.error.code} ${response.error.message}`);
  return response.result;
}
