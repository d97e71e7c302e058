import type { AddressTxRow } from '../project/rows.js';
import type { Sql } from './sql.js';

/**
 * Numbers each address_tx row of a batch after the last stored one of its address (`position`) and of its account
 * (`account_position`), so that an address's and an account's history are paged by a range of positions
 * (addresses_address_transactions.sql, accounts_stake_address_transactions.sql) instead of an OFFSET walk. An
 * address numbers its transactions in chain order; an account its rows (one per transaction and address of the
 * account) in chain order, a transaction's by their lowest output, as its list shows them. A rollback deletes
 * the newest rows, which end every numbering.
 */
export class HistoryPositions {
  private readonly addresses: LastPositions;
  private readonly accounts: LastPositions;

  /** `capacity`: how many addresses, and how many accounts, to remember. */
  constructor(capacity: number) {
    this.addresses = new LastPositions(capacity, 'address_id', 'position');
    this.accounts = new LastPositions(capacity, 'stake_address_id', 'account_position');
  }

  /** Sets the positions of a batch's rows (in chain order, as projectBatch makes them); {@link adopt} the result. */
  async number(sql: Sql, rows: AddressTxRow[]): Promise<BatchPositions> {
    const ofAccounts = rows
      .filter((r) => r.stakeAddressId !== null)
      .sort((a, b) => compare(a.txId, b.txId) || compare(a.txOutId, b.txOutId));
    const [addresses, accounts] = await Promise.all([
      this.addresses.number(
        sql,
        rows,
        (r) => r.addressId,
        (r, position) => (r.position = position),
      ),
      this.accounts.number(
        sql,
        ofAccounts,
        (r) => r.stakeAddressId!,
        (r, position) => (r.accountPosition = position),
      ),
    ]);
    return { addresses, accounts };
  }

  /** Once the batch committed: its last positions are the stored ones. */
  adopt(batch: BatchPositions): void {
    this.addresses.adopt(batch.addresses);
    this.accounts.adopt(batch.accounts);
  }

  clear(): void {
    this.addresses.clear();
    this.accounts.clear();
  }
}

export interface BatchPositions {
  addresses: Map<bigint, number>;
  accounts: Map<bigint, number>;
}

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The last stored position of each key recently written, as the busiest addresses and accounts are in most
 * batches; the others are read in one query per batch. Like RecentOutputs, holds only committed positions, is
 * cleared on rollback and is bounded: the least recently written keys go first.
 */
class LastPositions {
  private readonly last = new Map<bigint, number>();

  constructor(
    private readonly capacity: number,
    private readonly keyColumn: string,
    private readonly positionColumn: string,
  ) {}

  async number<T>(
    sql: Sql,
    rows: readonly T[],
    keyOf: (row: T) => bigint,
    set: (row: T, position: number) => void,
  ): Promise<Map<bigint, number>> {
    const unknown = [...new Set(rows.map(keyOf).filter((key) => !this.last.has(key)))];
    const stored = await this.stored(sql, unknown);
    const batch = new Map<bigint, number>();
    for (const row of rows) {
      const key = keyOf(row);
      const position = (batch.get(key) ?? this.last.get(key) ?? stored.get(key) ?? 0) + 1;
      set(row, position);
      batch.set(key, position);
    }
    return batch;
  }

  adopt(batch: Map<bigint, number>): void {
    for (const [key, position] of batch) {
      this.last.delete(key);
      this.last.set(key, position);
    }
    for (const key of this.last.keys()) {
      if (this.last.size <= this.capacity) break;
      this.last.delete(key);
    }
  }

  clear(): void {
    this.last.clear();
  }

  /** Each key's last stored position (one descending probe of its position index); none for a new key. */
  private async stored(sql: Sql, keys: bigint[]): Promise<Map<bigint, number>> {
    if (keys.length === 0) return new Map();
    const rows = await sql.$queryRawUnsafe<{ key: bigint; position: number | null }[]>(
      `SELECT k.key, (SELECT a.${this.positionColumn} FROM address_tx a WHERE a.${this.keyColumn} = k.key
         ORDER BY a.${this.positionColumn} DESC LIMIT 1) AS position
       FROM unnest($1::int8[]) AS k(key)`,
      keys,
    );
    return new Map(rows.filter((r) => r.position !== null).map((r) => [r.key, r.position!]));
  }
}
