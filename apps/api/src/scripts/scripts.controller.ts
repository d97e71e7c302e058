import { Controller, Get, Param, Query } from '@nestjs/common';
import type {
  Script,
  ScriptCbor,
  ScriptDatum,
  ScriptDatumCbor,
  ScriptJson,
  ScriptListItem,
  ScriptRedeemer,
  ScriptUtxo,
} from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { ScriptsService } from './scripts.service.js';

@Controller(servedAt('scripts'))
export class ScriptsController {
  constructor(private readonly scripts: ScriptsService) {}

  @Get()
  list(@Query() query: PaginationQuery): Promise<ScriptListItem[]> {
    return this.scripts.list(query);
  }

  // Declared before ':script_hash/cbor' so that /scripts/datum/cbor is a datum lookup, as Blockfrost's
  // router prefers the static segment.
  @Get('datum/:datum_hash')
  datum(@Param('datum_hash') datumHash: string): Promise<ScriptDatum> {
    return this.scripts.datum(datumHash);
  }

  @Get('datum/:datum_hash/cbor')
  datumCbor(@Param('datum_hash') datumHash: string): Promise<ScriptDatumCbor> {
    return this.scripts.datumCbor(datumHash);
  }

  @Get(':script_hash')
  script(@Param('script_hash') scriptHash: string): Promise<Script> {
    return this.scripts.script(scriptHash);
  }

  @Get(':script_hash/cbor')
  cbor(@Param('script_hash') scriptHash: string): Promise<ScriptCbor> {
    return this.scripts.cbor(scriptHash);
  }

  @Get(':script_hash/utxos')
  utxos(@Param('script_hash') scriptHash: string, @Query() query: PaginationQuery): Promise<ScriptUtxo[]> {
    return this.scripts.utxos(scriptHash, query);
  }

  @Get(':script_hash/redeemers')
  redeemers(
    @Param('script_hash') scriptHash: string,
    @Query() query: PaginationQuery,
  ): Promise<ScriptRedeemer[]> {
    return this.scripts.redeemers(scriptHash, query);
  }

  @Get(':script_hash/json')
  json(@Param('script_hash') scriptHash: string): Promise<ScriptJson> {
    return this.scripts.json(scriptHash);
  }
}
