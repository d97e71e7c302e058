import { Inject, Injectable } from '@nestjs/common';
import {
  txsHash,
  txsHashCbor,
  txsHashDelegations,
  txsHashMetadataCbor,
  txsHashMirs,
  txsHashPoolRetires,
  txsHashPoolUpdates,
  txsHashRedeemers,
  txsHashRequiredSigners,
  txsHashStakes,
  txsHashUtxos,
  txsHashWithdrawals,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  networkIdOf,
  parseTxHashParam,
  type TxCbor,
  type TxContent,
  type TxDelegations,
  type TxMetadata,
  type TxMetadataCbor,
  type TxMirs,
  type TxPoolRetires,
  type TxPoolUpdates,
  type TxRedeemers,
  type TxRequiredSigners,
  type TxStakes,
  type TxUtxos,
  type TxWithdrawals,
} from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import {
  toTxContent,
  toTxDelegations,
  toTxMetadata,
  toTxPoolRetires,
  toTxPoolUpdates,
  toTxRedeemers,
  toTxUtxos,
} from './txs.mapper.js';

/** The network id testnets (every network but mainnet) write in their addresses. */

/**
 * 404 unless the hash names an indexed transaction (a malformed one never does); the lists of a
 * transaction that has none are `[]`.
 */
@Injectable()
export class TxsService {
  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

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

  async metadata(hashParam: string): Promise<TxMetadata> {
    return toTxMetadata(await this.query(hashParam, (hash) => txsHashMetadataCbor(this.db, hash)));
  }

  stakes(hashParam: string): Promise<TxStakes> {
    return this.query(hashParam, (hash) => txsHashStakes(this.db, hash));
  }

  async delegations(hashParam: string): Promise<TxDelegations> {
    return toTxDelegations(await this.query(hashParam, (hash) => txsHashDelegations(this.db, hash)));
  }

  withdrawals(hashParam: string): Promise<TxWithdrawals> {
    return this.query(hashParam, (hash) => txsHashWithdrawals(this.db, hash));
  }

  mirs(hashParam: string): Promise<TxMirs> {
    return this.query(hashParam, (hash) => txsHashMirs(this.db, hash));
  }

  async poolRetires(hashParam: string): Promise<TxPoolRetires> {
    return toTxPoolRetires(await this.query(hashParam, (hash) => txsHashPoolRetires(this.db, hash)));
  }

  async poolUpdates(hashParam: string): Promise<TxPoolUpdates> {
    const rows = await this.query(hashParam, (hash) => txsHashPoolUpdates(this.db, hash));
    return toTxPoolUpdates(rows, networkIdOf(this.config.network));
  }

  async redeemers(hashParam: string): Promise<TxRedeemers> {
    return toTxRedeemers(await this.query(hashParam, (hash) => txsHashRedeemers(this.db, hash)));
  }

  requiredSigners(hashParam: string): Promise<TxRequiredSigners> {
    return this.query(hashParam, (hash) => txsHashRequiredSigners(this.db, hash));
  }

  private async query<T>(hashParam: string, run: (hash: string) => Promise<T | null>): Promise<T> {
    const hash = parseTxHashParam(hashParam);
    const result = hash === null ? null : await run(hash);
    if (result === null) throw new BlockfrostError(404);
    return result;
  }
}
