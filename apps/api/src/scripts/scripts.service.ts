import { Inject, Injectable } from '@nestjs/common';
import {
  scripts,
  scriptsDatumDatumHash,
  scriptsScriptHash,
  scriptsScriptHashRedeemers,
  scriptsScriptHashUtxos,
  type PrismaClient,
  type ScriptRow,
} from '@frostline/db';
import {
  BlockfrostError,
  renderScriptDataJson,
  scriptCbor,
  scriptInfo,
  scriptJson,
  type Script,
  type ScriptCbor,
  type ScriptDatum,
  type ScriptDatumCbor,
  type ScriptJson,
  type ScriptListItem,
  type ScriptRedeemer,
  type ScriptUtxo,
} from '@frostline/model';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { READ_DB } from '../common/tokens.js';

// Blockfrost does not validate these hashes: it compares them with the stored hash's lowercase hex, so
// anything else (malformed, upper case) is a 404, never a 400.
const SCRIPT_HASH = /^[0-9a-f]{56}$/;
const DATUM_HASH = /^[0-9a-f]{64}$/;

@Injectable()
export class ScriptsService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  /** Every script seen, in the order first seen; `[]` when none. */
  list(query: PaginationQuery): Promise<ScriptListItem[]> {
    return scripts(this.db, parsePage(query));
  }

  /**
   * The live outputs carrying the script as their reference script (CIP-33), lovelace first in each amount;
   * 404 if the script is unknown.
   */
  async utxos(scriptHash: string, query: PaginationQuery): Promise<ScriptUtxo[]> {
    const page = parsePage(query);
    const result = SCRIPT_HASH.test(scriptHash)
      ? await scriptsScriptHashUtxos(this.db, scriptHash, page)
      : null;
    if (!result?.scriptSeen) throw new BlockfrostError(404);
    return result.utxos.map((row) => ({
      address: row.address,
      tx_hash: row.tx_hash,
      output_index: row.output_index,
      amount: [{ unit: 'lovelace', quantity: row.lovelace }, ...(row.assets ?? [])],
      block: row.block,
      data_hash: row.data_hash,
      inline_datum: row.inline_datum,
      reference_script_hash: scriptHash,
    }));
  }

  /** The redeemers that ran the script, in chain order; 404 if the script is unknown. */
  async redeemers(scriptHash: string, query: PaginationQuery): Promise<ScriptRedeemer[]> {
    const page = parsePage(query);
    const result = SCRIPT_HASH.test(scriptHash)
      ? await scriptsScriptHashRedeemers(this.db, scriptHash, page)
      : null;
    if (!result?.scriptSeen) throw new BlockfrostError(404);
    return result.redeemers.map((row) => ({
      tx_hash: row.tx_hash,
      tx_index: row.tx_index,
      purpose: row.purpose as ScriptRedeemer['purpose'],
      redeemer_data_hash: row.redeemer_data_hash,
      datum_hash: row.redeemer_data_hash,
      unit_mem: row.unit_mem,
      unit_steps: row.unit_steps,
      // null only before the indexer stored any protocol parameters, as db-sync's fee without prices
      fee: row.fee as string,
    }));
  }

  async script(scriptHash: string): Promise<Script> {
    const { language, bytes } = await this.stored(scriptHash);
    return scriptInfo(scriptHash, language, bytes);
  }

  async cbor(scriptHash: string): Promise<ScriptCbor> {
    const { language, bytes } = await this.stored(scriptHash);
    return scriptCbor(language, bytes);
  }

  async json(scriptHash: string): Promise<ScriptJson> {
    const { language, bytes } = await this.stored(scriptHash);
    return scriptJson(language, bytes);
  }

  async datum(datumHash: string): Promise<ScriptDatum> {
    return { json_value: renderScriptDataJson(await this.storedDatum(datumHash)) };
  }

  async datumCbor(datumHash: string): Promise<ScriptDatumCbor> {
    return { cbor: await this.storedDatum(datumHash) };
  }

  private async stored(scriptHash: string): Promise<ScriptRow> {
    const row = SCRIPT_HASH.test(scriptHash) ? await scriptsScriptHash(this.db, scriptHash) : null;
    if (!row) throw new BlockfrostError(404);
    return row;
  }

  private async storedDatum(datumHash: string): Promise<string> {
    const bytes = DATUM_HASH.test(datumHash) ? await scriptsDatumDatumHash(this.db, datumHash) : null;
    if (bytes === null) throw new BlockfrostError(404);
    return bytes;
  }
}
