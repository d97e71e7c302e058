import type { PrismaClient } from '../client.js';
import type { AddressesAddressUtxosAssetParams } from './addresses-address-utxos-asset.js';
import {
  addressUtxoPage,
  idList,
  idListChanges,
  type AddressUtxoPageRow,
  type AddressUtxoRow,
  type IdListColumns,
  type IdListRow,
  type KeptIdList,
  type OutputIdList,
  type UtxoChangesResult,
  selectionParams,
} from './addresses-address-utxos-by-ids.js';
import { cutSelection, queryRows, readSqlFile, sqlByDirection, withNamedParameters } from './sql-file.js';

/** The page query: after the selection ($1, $2), the page. */
export const ADDRESS_UTXOS_QUERY = withNamedParameters(
  cutSelection(readSqlFile('addresses_address_utxos'), 'page'),
  ['limit', 'offset'],
);
const SQL = sqlByDirection(ADDRESS_UTXOS_QUERY.text);
/** The id list query: the page query's selection, whole, in ascending order. */
export const ADDRESS_UTXO_IDS_QUERY = withNamedParameters(
  cutSelection(readSqlFile('addresses_address_utxos_ids'), 'whole'),
  ['since', 'whole_list'],
);
const IDS_SQL = sqlByDirection(ADDRESS_UTXO_IDS_QUERY.text).asc;

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

/** One page of every unspent output of an address or payment credential, in chain order. */
export async function addressesAddressUtxos(
  db: PrismaClient,
  { address, limit, offset, order }: AddressesAddressUtxosParams,
): Promise<AddressesAddressUtxosResult> {
  const rows = await queryRows<AddressUtxoPageRow>(db, SQL[order], [
    ...selectionParams(address),
    ...ADDRESS_UTXOS_QUERY.values({ limit, offset }),
  ]);
  const { addressSeen, utxos, lastOutputId, tip } = addressUtxoPage(rows);
  return { addressSeen, utxos, lastOutputId, tip };
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
  const [row] = await queryRows<IdListRow>(db, IDS_SQL, [
    ...selectionParams(address),
    ...ADDRESS_UTXO_IDS_QUERY.values({ since: since?.tip ?? null, whole_list: true }),
  ]);
  return idList(row!, since);
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
    ...ADDRESS_UTXO_IDS_QUERY.values({ since, whole_list: false }),
  ]);
  return { tip: row.tip, changes: idListChanges(row) };
}
