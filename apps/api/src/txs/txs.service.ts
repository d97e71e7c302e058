import { Inject, Injectable } from '@nestjs/common';
import { txsHash, txsHashCbor, txsHashMetadataCbor, txsHashUtxos, type PrismaClient } from '@frostline/db';
import {
  BlockfrostError,
  parseTxHashParam,
  type TxCbor,
  type TxContent,
  type TxMetadataCbor,
  type TxUtxos,
} from '@frostline/model';
import { READ_DB } from '../common/tokens.js';
import { toTxContent, toTxUtxos } from './txs.mapper.js';

/** 400 unless the hash is 64 hex digits; 404 if no such transaction was indexed. */
@Injectable()
export class TxsService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  async byHash(hashParam: string): Promise<TxContent> {
    const row = await this.query(hashParam, (hash) => txsHash(this.db, hash));
    return toTxContent(row);
  }

  async utxos(hashParam: string): Promise<TxUtxos> {
    const rows = await this.query(hashParam, (hash) => txsHashUtxos(this.db, hash));
    return toTxUtxos(hashParam, rows);
  }

  async cbor(hashParam: string): Promise<TxCbor> {
    return { cbor: await this.query(hashParam, (hash) => txsHashCbor(this.db, hash)) };
  }

  /** A transaction without metadata answers `[]`: Blaze awaits confirmation by this status alone. */
  metadataCbor(hashParam: string): Promise<TxMetadataCbor> {
    return this.query(hashParam, (hash) => txsHashMetadataCbor(this.db, hash));
  }

  private async query<T>(hashParam: string, run: (hash: string) => Promise<T | null>): Promise<T> {
    const hash = parseTxHashParam(hashParam);
    const result = hash === null ? null : await run(hash);
    if (result === null) throw new BlockfrostError(404);
    return result;
  }
}
