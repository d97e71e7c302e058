import type { PrismaClient } from '../client.js';
import {
  addressUtxoPage,
  idList,
  idListChanges,
  type AddressSelection,
  type AddressUtxoPageRow,
  type AddressUtxoRow,
  type IdListColumns,
  type IdListRow,
  type KeptIdList,
  type OutputIdList,
  type UtxoChangesResult,
  selectionParams,
} from './addresses-address-utxos-by-ids.js';
import {
  cutSelection,
  hexBytes,
  queryRows,
  readSqlFile,
  sqlByDirection,
  withNamedParameters,
  type Order,
} from './sql-file.js';

/** The page query: after the selection ($1, $2), the asset and the page. */
export const ADDRESS_UTXOS_ASSET_QUERY = withNamedParameters(
  cutSelection(readSqlFile('addresses_address_utxos_asset'), 'page'),
  ['policy', 'asset_name', 'limit', 'offset'],
);
const SQL = sqlByDirection(ADDRESS_UTXOS_ASSET_QUERY.text);
/** The id list query: the page query's selection, whole, in ascending order. */
export const ADDRESS_UTXO_ASSET_IDS_QUERY = withNamedParameters(
  cutSelection(readSqlFile('addresses_address_utxos_asset_ids'), 'whole'),
  ['policy', 'asset_name', 'since', 'whole_list'],
);
const IDS_SQL = sqlByDirection(ADDRESS_UTXO_ASSET_IDS_QUERY.text).asc;

export interface AddressesAddressUtxosAssetParams {
  /** Outputs at exactly this address (or payment credential)… */
  address: AddressSelection;
  /** …holding this asset, or with no native asset at all for `lovelace`. */
  asset: { policyId: string; assetName: string } | 'lovelace';
  limit: number;
  offset: number;
  order: Order;
}

export interface AddressesAddressUtxosAssetResult {
  /** The address (or payment credential) appears in some output, spent or not. */
  addressSeen: boolean;
  /** The asset exists (always true for `lovelace`). */
  assetSeen: boolean;
  utxos: AddressUtxoRow[];
  /** The id (tx_out.id) of the page's last output, null for an empty page. */
  lastOutputId: string | null;
  /** The newest block's hash in the query's own snapshot (see chainTip): the state this answer reflects. */
  tip: string | null;
}

type Row = AddressUtxoPageRow & { asset_seen: boolean };

/** The asset's two parameters: policy id and name, both null for `lovelace`. */
function assetParams(asset: AddressesAddressUtxosAssetParams['asset']): {
  policy: Uint8Array | null;
  asset_name: Uint8Array | null;
} {
  return asset === 'lovelace'
    ? { policy: null, asset_name: null }
    : { policy: hexBytes(asset.policyId), asset_name: hexBytes(asset.assetName) };
}

export async function addressesAddressUtxosAsset(
  db: PrismaClient,
  { address, asset, limit, offset, order }: AddressesAddressUtxosAssetParams,
): Promise<AddressesAddressUtxosAssetResult> {
  const rows = await queryRows<Row>(db, SQL[order], [
    ...selectionParams(address),
    ...ADDRESS_UTXOS_ASSET_QUERY.values({ ...assetParams(asset), limit, offset }),
  ]);
  const { probe, ...page } = addressUtxoPage(rows);
  return { ...page, assetSeen: probe.asset_seen };
}

export interface AddressesAddressUtxoAssetIdsResult {
  /** The address (or payment credential) appears in some output, spent or not. */
  addressSeen: boolean;
  /** The asset exists (always true for `lovelace`). */
  assetSeen: boolean;
  ids: OutputIdList;
  /** The newest block's hash in the query's own snapshot (see chainTip): the state the list reflects. */
  tip: string | null;
  /** The block `since` names is in that snapshot. */
  continues: boolean;
}

/**
 * The ids of every unspent output of an address or payment credential holding an asset, for deep pages.
 * @param since an earlier list of the same selection: carried forward by the changes since its tip when that
 *   is still in the chain and close enough, else read whole; its tip also tells whether a rollback removed it
 */
export async function addressesAddressUtxoAssetIds(
  db: PrismaClient,
  { address, asset }: Pick<AddressesAddressUtxosAssetParams, 'address' | 'asset'>,
  since: KeptIdList | null,
): Promise<AddressesAddressUtxoAssetIdsResult> {
  const [row] = await queryRows<IdListRow & { asset_seen: boolean }>(db, IDS_SQL, [
    ...selectionParams(address),
    ...ADDRESS_UTXO_ASSET_IDS_QUERY.values({
      ...assetParams(asset),
      since: since?.tip ?? null,
      whole_list: true,
    }),
  ]);
  return { ...idList(row!, since), assetSeen: row!.asset_seen };
}

/**
 * What the blocks after the block `since` changed in the outputs of an address (or payment credential) holding
 * an asset: a few index probes, to tell whether a page read at `since` is still the page now.
 */
export async function addressesAddressUtxoAssetChanges(
  db: PrismaClient,
  { address, asset }: Pick<AddressesAddressUtxosAssetParams, 'address' | 'asset'>,
  since: string,
): Promise<UtxoChangesResult> {
  const [row] = await queryRows<{ tip: string | null } & IdListColumns>(db, IDS_SQL, [
    ...selectionParams(address),
    ...ADDRESS_UTXO_ASSET_IDS_QUERY.values({ ...assetParams(asset), since, whole_list: false }),
  ]);
  return { tip: row.tip, changes: idListChanges(row) };
}
