import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile, type Order } from './sql-file.js';

const SQL = readSqlFile('addresses_address_utxos_by_ids');

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
      return this.bytes.readBigInt64BE(position * ID_BYTES).toString();
    });
  }
}

export interface AddressUtxosByIdsResult {
  utxos: AddressUtxoRow[];
  /** The newest block's hash in the query's own snapshot (see chainTip). */
  tip: string | null;
}

type Row = AddressUtxoRow & { tip: string | null };

/** The unspent outputs with these ids, in the same order (a page of an OutputIdList). */
export async function addressUtxosByIds(db: PrismaClient, ids: string[]): Promise<AddressUtxosByIdsResult> {
  const rows = await queryRows<Row>(db, SQL, [ids]);
  const [probe] = rows;
  // The probe row comes back alone, with null output columns, when the page is empty.
  return { utxos: probe.tx_hash === null ? [] : rows, tip: probe.tip };
}
