import type { PrismaClient } from '../client.js';
import type { AddressUtxoRow } from './addresses-address-utxos-by-ids.js';
import type { RedeemerColumns } from './txs-hash-redeemers.js';
import { hexBytes, probedPage, queryRows, readSqlFile, sqlByDirection, type PageParams } from './sql-file.js';

const SQL = sqlByDirection(readSqlFile('scripts'));
const UTXOS_SQL = sqlByDirection(readSqlFile('scripts_script_hash_utxos'));
const REDEEMERS_SQL = sqlByDirection(readSqlFile('scripts_script_hash_redeemers'));

/** One page of the hashes of every script seen, in the order first seen. */
export function scripts(
  db: PrismaClient,
  { limit, offset, order }: PageParams,
): Promise<{ script_hash: string }[]> {
  return queryRows<{ script_hash: string }>(db, SQL[order], [limit, offset]);
}

export interface ScriptsScriptHashUtxosResult {
  scriptSeen: boolean;
  utxos: AddressUtxoRow[];
}

/** One page of the unspent outputs carrying the script (56 lowercase hex) as their reference script. */
export async function scriptsScriptHashUtxos(
  db: PrismaClient,
  scriptHash: string,
  { limit, offset, order }: PageParams,
): Promise<ScriptsScriptHashUtxosResult> {
  const rows = await queryRows<AddressUtxoRow & { script_seen: boolean }>(db, UTXOS_SQL[order], [
    hexBytes(scriptHash),
    limit,
    offset,
  ]);
  const { probe, page } = probedPage(rows, 'tx_hash');
  return { scriptSeen: probe.script_seen, utxos: page };
}

export interface ScriptRedeemerRow extends RedeemerColumns {
  tx_hash: string;
}

export interface ScriptsScriptHashRedeemersResult {
  scriptSeen: boolean;
  redeemers: ScriptRedeemerRow[];
}

/** One page of the redeemers that ran the script (56 lowercase hex), in chain order. */
export async function scriptsScriptHashRedeemers(
  db: PrismaClient,
  scriptHash: string,
  { limit, offset, order }: PageParams,
): Promise<ScriptsScriptHashRedeemersResult> {
  const rows = await queryRows<ScriptRedeemerRow & { script_seen: boolean }>(db, REDEEMERS_SQL[order], [
    hexBytes(scriptHash),
    limit,
    offset,
  ]);
  const { probe, page } = probedPage(rows, 'tx_hash');
  return { scriptSeen: probe.script_seen, redeemers: page };
}
