import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createPrismaClient } from '@frostline/db';
import { LogController } from 'fastify';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { AppModule } from './app.module.js';
import { BlockfrostErrorFilter } from './common/blockfrost-error.filter.js';
import { answerClientError, answerRoutingError, refuseConnection } from './common/framework-errors.js';
import type { ApiConfig, TrustedProxies } from './config.js';
import { serveExplorer } from './explorer/explorer.js';
import { ApiMetrics } from './metrics/api-metrics.js';
import { listenMetrics } from './metrics/metrics-server.js';
import { UsageCounts } from './metrics/usage-counts.js';
import { EVALUATE_UTXOS_PATH } from './utils/utils.controller.js';

/** Longest path parameter accepted (long Byron addresses included); longer ones are invalid paths. */
const MAX_PARAM_LENGTH = 8192;
/**
 * Only the evaluate endpoints take a body; every other route keeps this small limit, which also holds
 * the hex text of a transaction of up to 32 KiB (twice mainnet's maxTransactionSize).
 */
const BODY_LIMIT_BYTES = 64 * 1024;
/** A runaway query must not hold a pooled connection for long. */
const STATEMENT_TIMEOUT_MS = 10_000;
/** Rate limiting fails open; a slow Redis must not slow every request down. */
const REDIS_COMMAND_TIMEOUT_MS = 200;
const STARTUP_WAIT_MS = 2000;

export interface CreateAppOptions {
  /** Defaults to a pino logger at config.logLevel writing JSON to stdout. */
  logger?: Logger;
}

/**
 * Builds the initialised (not yet listening) application. main.ts calls listen(); tests use inject()
 * or listen on a free port. app.close() waits for in-flight requests, then closes the connections.
 */
export async function createApp(
  config: ApiConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const readDb = createPrismaClient(config.databaseReadUrl ?? config.databaseUrl, {
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  const redis = new Redis(config.redisUrl, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Fail fast while disconnected instead of queueing requests behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', (error) => logger.debug({ err: error }, 'redis connection error'));
  // Without the offline queue, commands sent before the connection is up fail (and limits fail open):
  // give Redis a moment at startup, but start anyway if it is down. Prisma's first query loads its
  // query compiler, which blocks the event loop for a noticeable while: done here rather than in the
  // first request, where it made the Redis commands beside it time out (the first /ready said Redis
  // was down). Neither waits beyond STARTUP_WAIT_MS when its server is down.
  const startupWait = () => delay(STARTUP_WAIT_MS, undefined, { ref: false });
  await Promise.all([
    Promise.race([once(redis, 'ready').catch(() => undefined), startupWait()]),
    Promise.race([readDb.$queryRawUnsafe('SELECT 1').catch(() => undefined), startupWait()]),
  ]);

  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Errors are logged by the error filter; per-request info logs would dominate the CPU under load.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && given.length <= 128 ? given : randomUUID();
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Blaze builds every path but the parameters one as `${url}/…` with a trailing-slash url: `/api/v0//…`.
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: MAX_PARAM_LENGTH,
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients (a header line every few seconds) are cut; Node checks the deadlines on this beat.
    requestTimeout: config.connections.requestTimeoutMs,
    http: {
      headersTimeout: config.connections.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.connections.headersTimeoutMs / 4)),
    },
    frameworkErrors: answerRoutingError,
    clientErrorHandler: answerClientError,
  });
  capConnectionsPerAddress(adapter.getInstance().server, config.connections.maxPerAddress);
  // Once closing, responses to in-flight requests end their keep-alive connection: the server only
  // finishes closing when every connection is gone, and an idle one would otherwise stay for
  // Fastify's keepAliveTimeout (72 s), beyond the container's stop grace period.
  let closing = false;
  adapter.getInstance().addHook('preClose', async () => {
    closing = true;
  });
  adapter.getInstance().addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
  const metrics = new ApiMetrics();
  let metricsServer: Server | undefined;
  adapter.getInstance().addHook('onClose', async () => {
    if (metricsServer) await closeServer(metricsServer);
  });
  const usage = new UsageCounts(redis, config.usageRedisKeyPrefix, logger);
  adapter.getInstance().decorateRequest('projectId', null);
  adapter.getInstance().addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    // Only requests of a project the AuthGuard let through, so only routes served (never a made-up URL).
    if (request.projectId !== null && route !== undefined) usage.record(request.projectId, route);
  });
  adapter.getInstance().addHook('onRoute', (route) => {
    // The transaction's text and the additional UTxO set's bound (EvaluateService checks each).
    if (route.url.endsWith(`utils/${EVALUATE_UTXOS_PATH}`))
      route.bodyLimit = BODY_LIMIT_BYTES + config.evaluation.maxAdditionalUtxoBytes;
  });
  // JSON bodies reach the handler as text: the evaluate endpoint parses them itself, keeping integers
  // beyond 2^53 exact (blockfrost-js sends BigInt quantities as bare integers).
  adapter.useBodyParser('application/json', false, undefined, async (_request: unknown, body: Buffer) =>
    body.toString('utf8'),
  );
  // POST /tx/submit takes the transaction's CBOR (or its hex text) as it is.
  adapter.useBodyParser(
    'application/cbor',
    false,
    undefined,
    async (_request: unknown, body: Buffer) => body,
  );

  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({ config, logger, readDb, redis, metrics, usage }),
    adapter,
    // bodyParser false: the JSON parser above is ours; Nest would add its own and Fastify refuse the duplicate.
    { logger: nestLogger(logger), abortOnError: false, bodyParser: false },
  );
  app.useGlobalFilters(new BlockfrostErrorFilter());
  // Browser dApps: preflights are answered before routing (no token needed), allowing whatever headers
  // the client asks for (project_id, content-type and the providers' own: lucid, b3, traceparent…);
  // no credentials, since the token travels in a header.
  // An OPTIONS request that is no preflight (no Origin or requested method) gets the same empty 204 instead
  // of the plugin's plain-text 400, which is not a Blockfrost body.
  app.enableCors({
    origin: config.corsOrigins,
    methods: ['GET', 'POST'],
    maxAge: 86_400,
    strictPreflight: false,
  });
  await serveExplorer(app, config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  if (config.trustProxy.kind === 'hops' && !isLoopback(config.host))
    logger.warn(
      `TRUST_PROXY=${config.trustProxy.hops} trusts X-Forwarded-For from whoever connects, and HOST=${config.host} ` +
        'lets clients connect around the proxies and choose their address: list the proxies instead ' +
        '(TRUST_PROXY=<addresses/CIDRs>) or listen on loopback only',
    );
  if (config.metrics.port > 0) {
    const { host, port } = config.metrics;
    try {
      metricsServer = await listenMetrics(host, port, metrics.registry);
    } catch (error) {
      await app.close();
      throw new Error(`cannot listen for /metrics on ${host}:${port}: ${(error as Error).message}`);
    }
  }
  return app;
}

const isLoopback = (host: string) => host === '::1' || host.startsWith('127.');

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/**
 * One address may hold at most `cap` connections: beyond that a new one is answered 429 and closed, so
 * a client cannot tie up the server with idle or slow connections. Counted by socket peer, before any
 * request (so before X-Forwarded-For is read).
 */
function capConnectionsPerAddress(server: Server, cap: number): void {
  if (cap === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
    if (count > cap) refuseConnection(socket, 429);
  });
}

/**
 * Fastify's trustProxy: it walks X-Forwarded-For from the right while the trust function accepts the
 * address at each hop (0 = the socket's peer), and the client is the first address it does not trust.
 * A bare hop count would make Fastify 5 trust nothing, hence the function.
 */
function fastifyTrustProxy(
  trust: TrustedProxies,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'hops') return (_address, hop) => hop < trust.hops;
  return trust.addresses;
}

/**
 * Nest's own messages (a failed listen, a provider that cannot start) as pino JSON lines like every
 * other log, instead of coloured text on stderr; its route-mapping chatter only at debug level.
 */
function nestLogger(logger: Logger): LoggerService {
  return {
    error: (message: unknown) => logger.error(String(message)),
    warn: (message: unknown) => logger.warn(String(message)),
    log: (message: unknown) => logger.debug(String(message)),
  };
}
