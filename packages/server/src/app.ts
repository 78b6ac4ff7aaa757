import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from './clock';
import { type ConfigOverrides, resolveConfig } from './config';
import type { DatabaseDialect } from './db/dialect';
import type { Database } from './db/schema';
import type { AppDeps } from './deps';
import { authenticate, rejectInvalidCredentials } from './http/authenticate';
import { compression } from './http/compression';
import { conditionalGet } from './http/conditional-get';
import { errorHandler } from './http/error-handler';
import { createJsonBodyReader } from './http/json-body';
import { listOperations, type OpenApiDocument, openapiDocument } from './http/openapi';
import type { ApiContextExtras, ApiState, OperationHandlers } from './http/operation';
import { createMemoryRateLimiter, type RateLimiter, rateLimit } from './http/rate-limit';
import { requestId } from './http/request-id';
import { loggedPath, requestLog } from './http/request-log';
import { responseContract } from './http/response-contract';
import { isClientGone } from './http/client-gone';
import { buildRouter, ignoresCredentials, servesOperation, unmatchedRoute } from './http/router';
import { compileValidators } from './http/validation';
import { createLogger, type Logger } from './logger';
import { operationHandlers } from './routes/index';
import { createServices, type Services } from './services/index';
import { notificationSubscriber } from './services/notifications/event-subscriber';
import { LiveStreams } from './http/live-streams';
import { pageRoutes, servesPage } from './pages/routes';
import { publicTournamentLinks } from './http/public-links';
import { createLiveStreamWriter } from './services/live/live-stream-writer';
import { checkListTotalCap } from './db/page-query';

/** Inputs of createApp: everything is injected, nothing is global. */
export interface CreateAppOptions {
  /** A migrated database (see migrateToLatest), opened by `dialect.connect`. */
  db: Kysely<Database>;
  /** The dialect that opened `db` (e.g. sqliteDialect). */
  dialect: DatabaseDialect;
  /** Defaults to the system clock. */
  clock?: Clock;
  /** Overrides of the defaults (see resolveConfig). */
  config?: ConfigOverrides;
  /** Defaults to a pino logger at config.logLevel with secrets redacted. */
  logger?: Logger;
  /** Handlers by operationId, merged over the built-in ones (tests, extensions). */
  handlers?: OperationHandlers;
  /** Rate limiter; defaults to an in-memory one from config.rateLimit (plug a shared one for several instances). */
  rateLimiter?: RateLimiter;
  /** The Redis connection of the rate limiter, checked by `/health` (R21.4); absent without REDIS_URL. */
  redis?: { ping(): Promise<void> };
  /** The contract to serve; defaults to the bundled openapi.json (tests may pass a small document). */
  document?: OpenApiDocument;
  /** Random numbers in [0, 1) for draws (R24.7); defaults to Math.random. */
  random?: () => number;
}

/** A built application: the Koa instance, its deps and services, and a Node request listener. */
export interface TourneyApp {
  koa: Koa<ApiState, ApiContextExtras>;
  deps: AppDeps;
  services: Services;
  /** The open live event streams (R28.1); `closeAll()` ends them at shutdown. */
  liveStreams: LiveStreams;
  /** The Node `request` listener (the same function on every call). */
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * Builds the HTTP application (no listening, no globals). Everything per-request-independent happens here, once:
 * operations are read from the contract, validators compiled, the router built. Middleware order: request id,
 * request log, compression (R2.19), ETag and Cache-Control of reads (R2.20), [response contract guard], error
 * handler, authenticate (the public pages and the operations ignoring credentials are read as anonymous), rate
 * limit, credential check, public pages, router, 404/405.
 * Webhook deliveries are queued with every event; sending them is `services.webhooks.dispatcher`'s job, which
 * startServer starts and stops (an embedder listening on its own calls `dispatcher.start()` and `await stop()`).
 */
export function createApp(options: CreateAppOptions): TourneyApp {
  const config = resolveConfig(options.config);
  checkListTotalCap(config.listTotalCap);
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const deps: AppDeps = {
    db: options.db,
    dialect: options.dialect,
    clock,
    config,
    logger,
    eventSubscribers: [],
    redis: options.redis,
    ...(options.random ? { random: options.random } : {}),
  };
  const services = createServices(deps);
  // Webhook deliveries are queued in the transaction of each event (R10.4).
  deps.eventSubscribers.push(services.webhooks.fanout);
  // Notifications of the users concerned are created in the transaction of each event (R15.1).
  deps.eventSubscribers.push(notificationSubscriber);
  // Each tournament's events are numbered into its live stream in the same transaction (R28.1, R28.2).
  deps.eventSubscribers.push(createLiveStreamWriter(config.liveBacklog));
  const liveStreams = new LiveStreams(services.live, { pollIntervalMs: config.livePollIntervalMs, heartbeatMs: config.liveHeartbeatMs }, logger);
  const document = options.document ?? openapiDocument;

  const operations = listOperations(document);
  const validators = compileValidators(document, operations, { validateResponses: config.validateResponses });
  const router = buildRouter({
    operations,
    validators: validators.byOperation,
    handlers: { ...operationHandlers, ...options.handlers },
    readJson: createJsonBodyReader(config.maxBodyBytes),
  });

  // Behind trusted proxies the client address is the one the nearest proxies appended, never an entry the client
  // wrote into X-Forwarded-For itself (maxIpsCount keeps that many entries from the right; ctx.ip is the first kept).
  const koa = new Koa<ApiState, ApiContextExtras>({ proxy: config.trustProxy, maxIpsCount: config.proxyHops });
  koa.context.services = services;
  koa.context.deps = deps;
  koa.context.liveStreams = liveStreams;
  koa.on('error', (error: unknown, ctx?: Koa.Context) => {
    const where = { requestId: ctx?.state?.requestId, method: ctx?.method, path: ctx ? loggedPath(ctx) : undefined };
    // A client that closes its connection while the body is sent (a live stream it stops following) is no fault.
    if (isClientGone(error)) return void logger.debug({ ...where, code: (error as { code?: string }).code }, 'client went away');
    logger.error({ err: error, ...where }, 'unhandled error');
  });

  koa.use(requestId());
  koa.use(requestLog(logger));
  koa.use(compression());
  koa.use(conditionalGet({ publicMaxAgeSeconds: config.publicCacheSeconds }));
  if (config.validateResponses) koa.use(responseContract(validators, logger));
  koa.use(errorHandler());
  // Operations marked x-ignores-credentials (R1.21) and the public pages (R28.5) take no credentials: theirs are
  // neither looked up nor refused, so a page behind an HTTP Basic-auth proxy is a page, not a 401.
  const ignoresOperationCredentials = ignoresCredentials(router, operations);
  koa.use(authenticate({ ignoresCredentials: (ctx) => servesPage(ctx) || ignoresOperationCredentials(ctx) }));
  if (config.rateLimit.enabled) {
    const byAddress = servesOperation(router, operations, (op) => op.rateLimitByAddress);
    koa.use(rateLimit(options.rateLimiter ?? createMemoryRateLimiter(config.rateLimit), clock, byAddress));
  }
  koa.use(rejectInvalidCredentials());
  // Public pages, the API reference and the contract, outside /api/v1 (R28.5 to R28.9).
  koa.use(pageRoutes());
  koa.use(publicTournamentLinks());
  koa.use(router.routes());
  koa.use(unmatchedRoute(router));

  const listener = koa.callback();
  return { koa, deps, services, liveStreams, callback: () => listener };
}
