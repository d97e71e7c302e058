import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile, type Order } from './sql-file.js';

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
