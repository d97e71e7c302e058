import type { PrismaClient } from '../client.js';
import { hexBytes, queryRows, readSqlFile, type Order } from './sql-file.js';

const SQL = readSqlFile('addresses_address_utxos_by_ids');
const OF_ADDRESS_SQL = readSqlFile('addresses_address_utxos_by_ids_of_address');

/** One unspent output; amounts are decimal strings, hashes and datums hex. */
export interface AddressUtxoRow {
  address: string;
  tx_hash: string;
  output_index: number;
  lovelace: string;
  /** Every native asset of the output in unit order; null when it has none. */
  assets: { unit: string; quantity: string }[] | null;
  block: string;
  data_hash: string | null;
  inline_datum: string | null;
  reference_script_hash: string | null;
}

/** Outputs at exactly this address, or at any address with this payment credential. */
export type AddressSelection =
  { kind: 'address'; address: string } | { kind: 'paymentCredential'; hash: string };

/** The first two parameters of every address query: the exact address, or the payment credential. */
export function selectionParams(selection: AddressSelection): [string | null, Uint8Array | null] {
  return [
    selection.kind === 'address' ? selection.address : null,
    selection.kind === 'paymentCredential' ? hexBytes(selection.hash) : null,
  ];
}

/** Bytes per id in the lists PostgreSQL's int8send writes. */
const ID_BYTES = 8;

/**
 * The ids of every unspent output of one selection (an address, or a payment credential, and an asset), in
 * ascending order, kept as the 8-byte big-endian ids PostgreSQL sends: a 100,000-output address is 800 kB,
 * and a page reads only its own ids.
 */
export class OutputIdList {
  constructor(private readonly bytes: Buffer) {}

  get length(): number {
    return this.bytes.length / ID_BYTES;
  }

  /** The ids of the page that skips `offset` outputs in `order`, in that order. */
  page(offset: number, limit: number, order: Order): string[] {
    const count = Math.max(0, Math.min(limit, this.length - offset));
    return Array.from({ length: count }, (_, i) => {
      const position = order === 'asc' ? offset + i : this.length - 1 - offset - i;
      return this.id(position).toString();
    });
  }

  /**
   * This list after blocks that created the outputs `created` and spent the outputs `spent` (both ascending;
   * spent ids this list does not hold are skipped). A block touches a few of a busy address's outputs, so the
   * list is copied once around them instead of decoding its ids.
   */
  carriedForward(created: OutputIdList, spent: OutputIdList): OutputIdList {
    if (created.length === 0 && spent.length === 0) return this;
    const removals = this.positionsHeld(spent);
    const parts: Buffer[] = [];
    let from = 0;
    let removal = 0;
    const copyUpTo = (position: number) => {
      for (; removal < removals.length && removals[removal]! < position; removal++) {
        parts.push(this.slice(from, removals[removal]!));
        from = removals[removal]! + 1;
      }
      parts.push(this.slice(from, position));
      from = position;
    };
    for (let i = 0; i < created.length; i++) {
      const position = this.positionOf(created.id(i));
      if (this.holds(position, created.id(i))) continue;
      copyUpTo(position);
      parts.push(created.slice(i, i + 1));
    }
    copyUpTo(this.length);
    return new OutputIdList(Buffer.concat(parts));
  }

  /** The positions of those of `ids` this list holds, ascending. */
  private positionsHeld(ids: OutputIdList): number[] {
    const positions: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const position = this.positionOf(ids.id(i));
      if (this.holds(position, ids.id(i))) positions.push(position);
    }
    return positions;
  }

  /** Every id of this list comes after `id` in `order` (ascending: is greater; descending: is smaller). */
  allAfter(id: bigint, order: Order): boolean {
    if (this.length === 0) return true;
    return order === 'asc' ? this.id(0) > id : this.id(this.length - 1) < id;
  }

  private holds(position: number, id: bigint): boolean {
    return position < this.length && this.id(position) === id;
  }

  private slice(from: number, to: number): Buffer {
    return this.bytes.subarray(from * ID_BYTES, to * ID_BYTES);
  }

  private id(position: number): bigint {
    return this.bytes.readBigInt64BE(position * ID_BYTES);
  }

  /** Where `id` is or would go: the first position whose id is not below it. */
  private positionOf(id: bigint): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.id(middle) < id) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** A selection's list as it was read at a tip, which a later read may carry forward. */
export interface KeptIdList {
  tip: string | null;
  ids: OutputIdList;
}

/** The columns of a page query's rows (addresses_address_utxos[_asset].sql). */
export type AddressUtxoPageRow = AddressUtxoRow & {
  address_seen: boolean;
  tip: string | null;
  output_id: string | null;
};

/**
 * What a page query's rows say: the probe row comes back alone, with null output columns, when the page is
 * empty.
 */
export function addressUtxoPage<Row extends AddressUtxoPageRow>(rows: Row[]) {
  const [probe] = rows as [Row, ...Row[]];
  return {
    probe,
    addressSeen: probe.address_seen,
    utxos: probe.tx_hash === null ? [] : rows,
    lastOutputId: rows[rows.length - 1]!.output_id,
    tip: probe.tip,
  };
}

/** The columns of an id list query's row (addresses_address_utxos[_asset]_ids.sql). */
export type IdListRow = IdListColumns & { address_seen: boolean; tip: string | null; continues: boolean };

/** What an id list query's row says, `since` carried forward by it when it gives the changes. */
export function idList(row: IdListRow, since: KeptIdList | null) {
  return {
    addressSeen: row.address_seen,
    ids: idListAtTip(row, since),
    tip: row.tip,
    continues: row.continues,
  };
}

/** What an id-list query returns: the whole list, or (`carried`) the changes since the kept list's tip. */
export interface IdListColumns {
  carried: boolean;
  ids: Buffer | null;
  created: Buffer | null;
  spent: Buffer | null;
}

/** The selection's list at the query's tip, from its whole list or from the kept one and the changes. */
export function idListAtTip(columns: IdListColumns, since: KeptIdList | null): OutputIdList {
  if (columns.carried && since !== null) {
    return since.ids.carriedForward(new OutputIdList(columns.created!), new OutputIdList(columns.spent!));
  }
  return new OutputIdList(columns.ids!);
}

/** What the blocks after a tip changed in a selection: the outputs they created (still unspent) and spent. */
export interface IdListChanges {
  created: OutputIdList;
  spent: OutputIdList;
}

export interface UtxoChangesResult {
  /** The newest block's hash in the query's own snapshot (see chainTip). */
  tip: string | null;
  /** What the blocks after `since` changed, or null when `since` is no longer in the chain or is too far back. */
  changes: IdListChanges | null;
}

/** The changes since the kept tip, or null when the query could not give them (tip gone, or too far back). */
export function idListChanges(columns: IdListColumns): IdListChanges | null {
  if (!columns.carried) return null;
  return { created: new OutputIdList(columns.created!), spent: new OutputIdList(columns.spent!) };
}

/**
 * Whether a page read before `changes` is still the page at their tip. A page that is full stays when every
 * changed output comes after its last one (`lastId`) in its order: no output at or before it was added or
 * removed, so none of its positions moved. A page that reaches the end of the selection (`lastId` null) stays
 * only when nothing changed.
 */
export function pageUnchangedBy(changes: IdListChanges, lastId: string | null, order: Order): boolean {
  if (lastId === null) return changes.created.length === 0 && changes.spent.length === 0;
  const edge = BigInt(lastId);
  return changes.created.allAfter(edge, order) && changes.spent.allAfter(edge, order);
}

export interface AddressUtxosByIdsResult {
  utxos: AddressUtxoRow[];
  /** The newest block's hash in the query's own snapshot (see chainTip). */
  tip: string | null;
}

type Row = AddressUtxoRow & { tip: string | null };

/**
 * The unspent outputs with these ids, in the same order (a page of the selection's OutputIdList), from
 * address_utxo: an address's through its covering index, a payment credential's (outputs of many
 * addresses) by output id.
 */
export async function addressUtxosByIds(
  db: PrismaClient,
  selection: AddressSelection,
  ids: string[],
): Promise<AddressUtxosByIdsResult> {
  const rows =
    selection.kind === 'address'
      ? await queryRows<Row>(db, OF_ADDRESS_SQL, [ids, selection.address])
      : await queryRows<Row>(db, SQL, [ids]);
  const [probe] = rows;
  // The probe row comes back alone, with null output columns, when the page is empty.
  return { utxos: probe.tx_hash === null ? [] : rows, tip: probe.tip };
}
