import { Controller, Get, Param } from '@nestjs/common';
import type {
  TxCbor,
  TxContent,
  TxDelegations,
  TxMetadata,
  TxMetadataCbor,
  TxMirs,
  TxPoolRetires,
  TxPoolUpdates,
  TxRedeemers,
  TxRequiredSigners,
  TxStakes,
  TxUtxos,
  TxWithdrawals,
} from '@frostline/model';
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

  @Get(':hash/metadata')
  metadata(@Param('hash') hash: string): Promise<TxMetadata> {
    return this.txs.metadata(hash);
  }

  @Get(':hash/metadata/cbor')
  metadataCbor(@Param('hash') hash: string): Promise<TxMetadataCbor> {
    return this.txs.metadataCbor(hash);
  }

  @Get(':hash/stakes')
  stakes(@Param('hash') hash: string): Promise<TxStakes> {
    return this.txs.stakes(hash);
  }

  @Get(':hash/delegations')
  delegations(@Param('hash') hash: string): Promise<TxDelegations> {
    return this.txs.delegations(hash);
  }

  @Get(':hash/withdrawals')
  withdrawals(@Param('hash') hash: string): Promise<TxWithdrawals> {
    return this.txs.withdrawals(hash);
  }

  @Get(':hash/mirs')
  mirs(@Param('hash') hash: string): Promise<TxMirs> {
    return this.txs.mirs(hash);
  }

  @Get(':hash/pool_retires')
  poolRetires(@Param('hash') hash: string): Promise<TxPoolRetires> {
    return this.txs.poolRetires(hash);
  }

  @Get(':hash/pool_updates')
  poolUpdates(@Param('hash') hash: string): Promise<TxPoolUpdates> {
    return this.txs.poolUpdates(hash);
  }

  @Get(':hash/redeemers')
  redeemers(@Param('hash') hash: string): Promise<TxRedeemers> {
    return this.txs.redeemers(hash);
  }

  @Get(':hash/required_signers')
  requiredSigners(@Param('hash') hash: string): Promise<TxRequiredSigners> {
    return this.txs.requiredSigners(hash);
  }
}
