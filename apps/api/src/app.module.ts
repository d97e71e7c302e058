import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { PrismaClient } from '@frostline/db';
import { EvaluationPool } from '@frostline/evaluator';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ApiConfig } from './config.js';
import { AccountsController } from './accounts/accounts.controller.js';
import { AccountsService } from './accounts/accounts.service.js';
import { AddressesController } from './addresses/addresses.controller.js';
import { AddressesService } from './addresses/addresses.service.js';
import { AssetsController } from './assets/assets.controller.js';
import { AssetsService } from './assets/assets.service.js';
import { BlocksController } from './blocks/blocks.controller.js';
import { BlocksService } from './blocks/blocks.service.js';
import { EpochsController } from './epochs/epochs.controller.js';
import { EpochsService } from './epochs/epochs.service.js';
import { AuthGuard } from './common/auth.guard.js';
import { ProjectTokens } from './common/project-tokens.js';
import { RateLimitGuard } from './common/rate-limit.guard.js';
import { RateLimiter } from './common/rate-limiter.js';
import { API_CONFIG, LOGGER, OGMIOS_RPC, READ_DB, REDIS } from './common/tokens.js';
import { ExplorerController } from './explorer/explorer.js';
import { GenesisController } from './genesis/genesis.controller.js';
import { GovernanceController } from './governance/governance.controller.js';
import { GovernanceService } from './governance/governance.service.js';
import { GenesisService } from './genesis/genesis.service.js';
import { HealthController } from './health/health.controller.js';
import { ReadyController } from './health/ready.controller.js';
import { ApiMetrics } from './metrics/api-metrics.js';
import { UsageCounts } from './metrics/usage-counts.js';
import { UsageController } from './metrics/usage.controller.js';
import { MempoolController } from './mempool/mempool.controller.js';
import { MempoolService } from './mempool/mempool.service.js';
import { MempoolSnapshots } from './mempool/mempool-snapshots.js';
import { MetadataController } from './metadata/metadata.controller.js';
import { MetadataService } from './metadata/metadata.service.js';
import { NetworkController } from './network/network.controller.js';
import { NetworkService } from './network/network.service.js';
import { NutlinkController } from './nutlink/nutlink.controller.js';
import { NutlinkService } from './nutlink/nutlink.service.js';
import { ProposalsController } from './proposals/proposals.controller.js';
import { ProposalsService } from './proposals/proposals.service.js';
import { VotesController } from './proposals/votes.controller.js';
import { VotesService } from './proposals/votes.service.js';
import { OgmiosRpc } from './common/ogmios-rpc.js';
import { OpenApiController } from './openapi/openapi.controller.js';
import { PoolsController } from './pools/pools.controller.js';
import { PoolsService } from './pools/pools.service.js';
import { AccountRewardsController, PoolHistoryController } from './rewards/rewards.controller.js';
import { RewardsService } from './rewards/rewards.service.js';
import { RootController } from './root/root.controller.js';
import { ScriptsController } from './scripts/scripts.controller.js';
import { ScriptsService } from './scripts/scripts.service.js';
import {
  AccountStakesController,
  EpochStakesController,
  PoolDelegatorsController,
} from './stakes/stakes.controller.js';
import { StakesService } from './stakes/stakes.service.js';
import { TxController } from './tx/tx.controller.js';
import { TxService } from './tx/tx.service.js';
import { TxsController } from './txs/txs.controller.js';
import { TxsService } from './txs/txs.service.js';
import { UtilsController } from './utils/utils.controller.js';
import { utilsProviders } from './utils/utils.providers.js';
import { XpubController } from './utils/xpub.controller.js';
import { XpubService } from './utils/xpub.service.js';

/** What createApp() connects before building the module. */
export interface AppResources {
  config: ApiConfig;
  logger: Logger;
  readDb: PrismaClient;
  redis: Redis;
  metrics: ApiMetrics;
  usage: UsageCounts;
}

/**
 * Closes the connections and the evaluation threads once Nest has stopped serving (after in-flight
 * requests finished).
 */
class ConnectionsCloser implements OnApplicationShutdown {
  constructor(
    @Inject(READ_DB) private readonly readDb: PrismaClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EvaluationPool) private readonly pool: EvaluationPool,
    @Inject(UsageCounts) private readonly usage: UsageCounts,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    // The calls answered since the last flush, while Redis is still connected.
    await this.usage.close();
    // quit() waits for pending replies, but it cannot reach a Redis that is down, and the client would
    // then keep reconnecting forever (an open handle): just drop the connection attempt in that case.
    const closeRedis =
      this.redis.status === 'ready' ? this.redis.quit() : Promise.resolve(this.redis.disconnect());
    await Promise.allSettled([this.readDb.$disconnect(), closeRedis, this.pool.close()]);
  }
}

@Module({})
export class AppModule {
  static forRoot({ config, logger, readDb, redis, metrics, usage }: AppResources): DynamicModule {
    return {
      module: AppModule,
      controllers: [
        AddressesController,
        AssetsController,
        BlocksController,
        EpochsController,
        AccountsController,
        GenesisController,
        GovernanceController,
        MempoolController,
        MetadataController,
        NetworkController,
        NutlinkController,
        ProposalsController,
        VotesController,
        PoolsController,
        ScriptsController,
        EpochStakesController,
        PoolDelegatorsController,
        AccountStakesController,
        AccountRewardsController,
        PoolHistoryController,
        TxController,
        TxsController,
        UsageController,
        UtilsController,
        XpubController,
        HealthController,
        ReadyController,
        OpenApiController,
        RootController,
        ExplorerController,
      ],
      providers: [
        { provide: API_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: READ_DB, useValue: readDb },
        { provide: REDIS, useValue: redis },
        { provide: OGMIOS_RPC, useValue: config.ogmiosUrl ? new OgmiosRpc(config.ogmiosUrl) : null },
        { provide: ApiMetrics, useValue: metrics },
        { provide: UsageCounts, useValue: usage },
        { provide: EvaluationPool, useValue: new EvaluationPool(config.evaluation) },
        { provide: ProjectTokens, useValue: new ProjectTokens(config.tokenHashes) },
        { provide: RateLimiter, useValue: new RateLimiter(redis, config.rateLimit, logger) },
        ConnectionsCloser,
        // Global guards run in this order: limits first, so floods of bad tokens are limited too.
        ...(config.rateLimit.enabled ? [{ provide: APP_GUARD, useClass: RateLimitGuard }] : []),
        { provide: APP_GUARD, useClass: AuthGuard },
        AddressesService,
        AssetsService,
        BlocksService,
        EpochsService,
        AccountsService,
        GenesisService,
        GovernanceService,
        MempoolService,
        MempoolSnapshots,
        MetadataService,
        NetworkService,
        NutlinkService,
        ProposalsService,
        VotesService,
        PoolsService,
        ScriptsService,
        StakesService,
        RewardsService,
        TxService,
        TxsService,
        ...utilsProviders(config),
        XpubService,
      ],
    };
  }
}
