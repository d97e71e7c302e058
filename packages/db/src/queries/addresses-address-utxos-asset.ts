import type { PrismaClient } from '../client.js';
import {
  idListAtTip,
  idListChanges,
  type AddressSelection,
  type AddressUtxoRow,
  type IdListColumns,
  type KeptIdList,
  type OutputIdList,
  type UtxoChangesResult,
  selectionParams,
} from './addresses-address-utxos-by-ids.js';
import { hexBytes, queryRows, readSqlFile, sqlByDirection, type Order } from './sql-file.js';

const SQL = sqlByDirection(readSqlFile('addresses_address_utxos_asset'));
const IDS_SQL = readSqlFile('addresses_address_utxos_asset_ids');

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

type Row = AddressUtxoRow & {
  address_seen: boolean;
  asset_seen: boolean;
  tip: string | null;
  output_id: string | null;
};

/** The asset's two parameters: policy id and name, both null for `lovelace`. */
function assetParams(
  asset: AddressesAddressUtxosAssetParams['asset'],
): [Uint8Array | null, Uint8Array | null] {
  return asset === 'lovelace' ? [null, null] : [hexBytes(asset.policyId), hexBytes(asset.assetName)];
}

export async function addressesAddressUtxosAsset(
  db: PrismaClient,
  { address, asset, limit, offset, order }: AddressesAddressUtxosAssetParams,
): Promise<AddressesAddressUtxosAssetResult> {
  const rows = await queryRows<Row>(db, SQL[order], [
    ...selectionParams(address),
    ...assetParams(asset),
    limit,
    offset,
  ]);
  const [probe] = rows;
  return {
    addressSeen: probe.address_seen,
    assetSeen: probe.asset_seen,
    // The probe row comes back alone, with null output columns, when the page is empty.
    utxos: probe.tx_hash === null ? [] : rows,
    lastOutputId: rows[rows.length - 1]!.output_id,
    tip: probe.tip,
  };
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
  const [row] = await queryRows<
    {
      address_seen: boolean;
      asset_seen: boolean;
      tip: string | null;
      continues: boolean;
    } & IdListColumns
  >(db, IDS_SQL, [...selectionParams(address), ...assetParams(asset), since?.tip ?? null, true]);
  return {
    addressSeen: row.address_seen,
    assetSeen: row.asset_seen,
    ids: idListAtTip(row, since),
    tip: row.tip,
    continues: row.continues,
  };
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
    ...assetParams(asset),
    since,
    false,
  ]);
  return { tip: row.tip, changes: idListChanges(row) };
}
