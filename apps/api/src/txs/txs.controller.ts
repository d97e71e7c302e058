import { Controller, Get, Param } from '@nestjs/common';
import type { TxCbor, TxContent, TxMetadataCbor, TxUtxos } from '@frostline/model';
import { servedAt } from '../common/route-paths.js';
import { TxsService } from './txs.service.js';

@Controller(servedAt('txs'))
export class TxsController {
  constructor(private readonly txs: TxsService) {}

  @Get(':hash')
  byHash(@Param('hash') hash: string): Promise<TxContent> {
    return this.txs.byHash(hash);
  }

  @Get(':hash/utxos')
  utxos(@Param('hash') hash: string): Promise<TxUtxos> {
    return this.txs.utxos(hash);
  }

  @Get(':hash/cbor')
  cbor(@Param('hash') hash: string): Promise<TxCbor> {
    return this.txs.cbor(hash);
  }

  @Get(':hash/metadata/cbor')
  metadataCbor(@Param('hash') hash: string): Promise<TxMetadataCbor> {
    return this.txs.metadataCbor(hash);
  }
}
