import type { PrismaClient } from '../client.js';
import { queryRows, readSqlFile } from './sql-file.js';

const UTXOS_SQL = readSqlFile('utils_txs_evaluate_utxos');
const PROTOCOL_PARAMETERS_SQL = readSqlFile('utils_txs_evaluate_utxos_protocol_parameters');

export interface OutputReferenceParam {
  txHash: string;
  index: number;
}

/** An unspent output; amounts are decimal strings, hashes, datums and scripts hex. */
export interface LiveUtxoRow {
  tx_hash: string;
  index: number;
  /** bech32, or base58 for Byron */
  address: string;
  lovelace: string;
  assets: { policy: string; name: string; quantity: string }[] | null;
  /** also set for inline datums */
  data_hash: string | null;
  inline_datum: string | null;
  /** native | plutus:v1 | plutus:v2 | plutus:v3 */
  script_language: string | null;
  /** the script as Ogmios `cbor` carries it (no language tag) */
  script_bytes: string | null;
}

/** The unspent outputs among `references`, in no particular order; unknown or spent ones are absent. */
export async function utilsTxsEvaluateLiveUtxos(
  db: PrismaClient,
  references: readonly OutputReferenceParam[],
): Promise<LiveUtxoRow[]> {
  if (references.length === 0) return [];
  return queryRows<LiveUtxoRow>(db, UTXOS_SQL, [
    references.map((reference) => reference.txHash),
    references.map((reference) => reference.index),
  ]);
}

export interface ProtocolParametersRow {
  epoch: number;
  /** Ogmios queryLedgerState/protocolParameters, as the indexer stored it */
  params: Record<string, unknown>;
}

/** The protocol parameters of the latest epoch the indexer stored, or null before it stored any. */
export async function utilsTxsEvaluateProtocolParameters(
  db: PrismaClient,
): Promise<ProtocolParametersRow | null> {
  const rows = await queryRows<ProtocolParametersRow>(db, PROTOCOL_PARAMETERS_SQL);
  return rows[0] ?? null;
}
