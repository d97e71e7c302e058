import type { BatchRows } from '../project/rows.js';
import type { Sql } from './sql.js';

/**
 * Numbers each history row of a batch after the last stored one of its key, so that a long history is paged by a
 * range of positions instead of an OFFSET walk (prisma/sql/fragments/history_page_places.sql): an address's
 * transactions (address_tx.position) and its account's rows (address_tx.account_position, one per transaction and
 * address of the account, a transaction's by their lowest output, as its list shows them), an asset's transactions
 * (asset_tx.position), a script's redeemers (redeemer.script_position) and a label's metadata
 * (tx_metadata_cbor.label_position). Each numbering follows its list's order, which is chain order; a rollback
 * deletes the newest rows, which end every numbering.
 */
export class HistoryPositions {
  private readonly addresses: LastPositions<bigint>;
  private readonly accounts: LastPositions<bigint>;
  private readonly assets: LastPositions<bigint>;
  private readonly scripts: LastPositions<string>;
  private readonly labels: LastPositions<string>;

  /** `capacity`: how many keys of each numbering to remember. */
  constructor(capacity: number) {
    const byId = (column: string): KeyColumn => ({ column, array: 'int8[]', key: 'k.key' });
    this.addresses = new LastPositions(capacity, 'address_tx', byId('address_id'), 'position');
    this.accounts = new LastPositions(capacity, 'address_tx', byId('stake_address_id'), 'account_position');
    this.assets = new LastPositions(capacity, 'asset_tx', byId('asset_id'), 'position');
    this.scripts = new LastPositions(
      capacity,
      'redeemer',
      { column: 'script_hash', array: 'text[]', key: "decode(k.key, 'hex')" },
      'script_position',
    );
    this.labels = new LastPositions(
      capacity,
      'tx_metadata_cbor',
      { column: 'label', array: 'text[]', key: 'k.key::numeric' },
      'label_position',
    );
  }

  /** Sets the positions of a batch's rows (in chain order, as projectBatch makes them); {@link adopt} the result. */
  async number(sql: Sql, rows: HistoryRows): Promise<BatchPositions> {
    const ofAccounts = rows.addressTxs
      .filter((r) => r.stakeAddressId !== null)
      .sort((a, b) => compare(a.txId, b.txId) || compare(a.txOutId, b.txOutId));
    const ofScripts = rows.redeemers.filter((r) => r.scriptHash !== null);
    const [addresses, accounts, assets, scripts, labels] = await Promise.all([
      this.addresses.number(
        sql,
        rows.addressTxs,
        (r) => r.addressId,
        (r, position) => (r.position = position),
      ),
      this.accounts.number(
        sql,
        ofAccounts,
        (r) => r.stakeAddressId!,
        (r, position) => (r.accountPosition = position),
      ),
      this.assets.number(
        sql,
        rows.assetTxs,
        (r) => r.assetId,
        (r, position) => (r.position = position),
      ),
      this.scripts.number(
        sql,
        ofScripts,
        (r) => r.scriptHash!,
        (r, position) => (r.scriptPosition = position),
      ),
      this.labels.number(
        sql,
        rows.metadataCbors,
        (r) => r.label,
        (r, position) => (r.position = position),
      ),
    ]);
    return { addresses, accounts, assets, scripts, labels };
  }

  /** Once the batch committed: its last positions are the stored ones. */
  adopt(batch: BatchPositions): void {
    this.addresses.adopt(batch.addresses);
    this.accounts.adopt(batch.accounts);
    this.assets.adopt(batch.assets);
    this.scripts.adopt(batch.scripts);
    this.labels.adopt(batch.labels);
  }

  clear(): void {
    this.addresses.clear();
    this.accounts.clear();
    this.assets.clear();
    this.scripts.clear();
    this.labels.clear();
  }
}

export type HistoryRows = Pick<BatchRows, 'addressTxs' | 'assetTxs' | 'redeemers' | 'metadataCbors'>;

export interface BatchPositions {
  addresses: Map<bigint, number>;
  accounts: Map<bigint, number>;
  assets: Map<bigint, number>;
  scripts: Map<string, number>;
  labels: Map<string, number>;
}

/** A numbering's key column: its name, the SQL array type the batch's keys are sent as, and a key in the column's type. */
interface KeyColumn {
  column: string;
  array: 'int8[]' | 'text[]';
  key: string;
}

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The last stored position of each key recently written, as the busiest keys are in most batches; the others are
 * read in one query per batch. Like RecentOutputs, holds only committed positions, is cleared on rollback and is
 * bounded: the least recently written keys go first.
 */
class LastPositions<K extends bigint | string> {
  private readonly last = new Map<K, number>();

  constructor(
    private readonly capacity: number,
    private readonly table: string,
    private readonly key: KeyColumn,
    private readonly positionColumn: string,
  ) {}

  async number<T>(
    sql: Sql,
    rows: readonly T[],
    keyOf: (row: T) => K,
    set: (row: T, position: number) => void,
  ): Promise<Map<K, number>> {
    const unknown = [...new Set(rows.map(keyOf).filter((key) => !this.last.has(key)))];
    const stored = await this.stored(sql, unknown);
    const batch = new Map<K, number>();
    for (const row of rows) {
      const key = keyOf(row);
      const position = (batch.get(key) ?? this.last.get(key) ?? stored.get(key) ?? 0) + 1;
      set(row, position);
      batch.set(key, position);
    }
    return batch;
  }

  adopt(batch: Map<K, number>): void {
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
  private async stored(sql: Sql, keys: K[]): Promise<Map<K, number>> {
    if (keys.length === 0) return new Map();
    const { table, key, positionColumn } = this;
    const rows = await sql.$queryRawUnsafe<{ key: K; position: number | null }[]>(
      `SELECT k.key, (SELECT h.${positionColumn} FROM ${table} h WHERE h.${key.column} = ${key.key}
         ORDER BY h.${positionColumn} DESC LIMIT 1) AS position
       FROM unnest($1::${key.array}) AS k(key)`,
      keys,
    );
    return new Map(rows.filter((r) => r.position !== null).map((r) => [r.key, r.position!]));
  }
}
