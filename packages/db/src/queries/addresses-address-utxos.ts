import type { PrismaClient } from '../client.js';
import type { AddressesAddressUtxosAssetParams } from './addresses-address-utxos-asset.js';
import {
  idListAtTip,
  idListChanges,
  type AddressUtxoRow,
  type IdListColumns,
  type KeptIdList,
  type OutputIdList,
  type UtxoChangesResult,
  selectionParams,
} from './addresses-address-utxos-by-ids.js';
import { queryRows, readSqlFile, sqlByDirection } from './sql-file.js';

const SQL = sqlByDirection(readSqlFile('addresses_address_utxos'));
const IDS_SQL = readSqlFile('addresses_address_utxos_ids');

export type AddressesAddressUtxosParams = Omit<AddressesAddressUtxosAssetParams, 'asset'>;

export interface AddressesAddressUtxosResult {
  /** The address (or payment credential) appears in some output, spent or not. */
  addressSeen: boolean;
  utxos: AddressUtxoRow[];
  /** The id (tx_out.id) of the page's last output, null for an empty page. */
  lastOutputId: string | null;
  /** The newest block's hash in the query's own snapshot (see chainTip): the state this answer reflects. */
  tip: string | null;
}

type Row = AddressUtxoRow & { address_seen: boolean; tip: string | null; output_id: string | null };

/** One page of every unspent output of an address or payment credential, in chain order. */
export async function addressesAddressUtxos(
  db: PrismaClient,
  { address, limit, offset, order }: AddressesAddressUtxosParams,
): Promise<AddressesAddressUtxosResult> {
  const rows = await queryRows<Row>(db, SQL[order], [...selectionParams(address), limit, offset]);
  const [probe] = rows;
  // The probe row comes back alone, with null output columns, when the page is empty.
  return {
    addressSeen: probe.address_seen,
    utxos: probe.tx_hash === null ? [] : rows,
    lastOutputId: rows[rows.length - 1]!.output_id,
    tip: probe.tip,
  };
}

export interface AddressesAddressUtxoIdsResult {
  /** The address (or payment credential) appears in some output, spent or not. */
  addressSeen: boolean;
  ids: OutputIdList;
  /** The newest block's hash in the query's own snapshot (see chainTip): the state the list reflects. */
  tip: string | null;
  /** The block `since` names is in that snapshot. */
  continues: boolean;
}

/**
 * The ids of every unspent output of an address or payment credential, for taking deep pages from.
 * @param since an earlier list of the same selection: carried forward by the changes since its tip when that
 *   is still in the chain and close enough, else read whole; its tip also tells whether a rollback removed it
 */
export async function addressesAddressUtxoIds(
  db: PrismaClient,
  { address }: Pick<AddressesAddressUtxosParams, 'address'>,
  since: KeptIdList | null,
): Promise<AddressesAddressUtxoIdsResult> {
  const [row] = await queryRows<
    {
      address_seen: boolean;
      tip: string | null;
      continues: boolean;
    } & IdListColumns
  >(db, IDS_SQL, [...selectionParams(address), since?.tip ?? null, true]);
  return {
    addressSeen: row.address_seen,
    ids: idListAtTip(row, since),
    tip: row.tip,
    continues: row.continues,
  };
}

/**
 * What the blocks after the block `since` changed in an address's (or payment credential's) unspent outputs:
 * a few index probes, to tell whether a page read at `since` is still the page now.
 */
export async function addressesAddressUtxoChanges(
  db: PrismaClient,
  { address }: Pick<AddressesAddressUtxosParams, 'address'>,
  since: string,
): Promise<UtxoChangesResult> {
  const [row] = await queryRows<{ tip: string | null } & IdListColumns>(db, IDS_SQL, [
    ...selectionParams(address),
    since,
    false,
  ]);
  return { tip: row.tip, changes: idListChanges(row) };
}
