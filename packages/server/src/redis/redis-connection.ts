import { Redis } from 'ioredis';
import { connectionFailureReason } from '../connection-failure-reason';
import { redactUrl } from '../db/connection-error';

/**
 * Redis could not be used at start (unreachable, refused credentials, no answer): `message` says where (without the
 * password) and why, in one line fit for the console; `cause` is the client's error (R21.5).
 */
export class RedisConnectionError extends Error {
  override readonly name = 'RedisConnectionError';

  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}

/** A Redis connection the server holds: the client and how to close it. */
export interface RedisConnection {
  client: Redis;
  /** Resolves when Redis answers PING; rejects otherwise (within the connection timeout). For `/health` (R21.4). */
  ping(): Promise<void>;
  /** Closes the connection (pending commands are dropped). */
  close(): Promise<void>;
}

/**
 * Opens a connection to `url` (redis:// or rediss://) and waits until Redis answers, so that a wrong URL fails at
 * start (within `connectTimeoutMs`, default 5 s). Commands sent while the connection is down later fail at once
 * instead of queueing, and a command without answer fails after `commandTimeoutMs` (default 2 s): the rate limiter
 * then counts in this process (redis-rate-limiter.ts) and `/health` says `degraded`; the client reconnects by itself.
 * @throws RedisConnectionError, e.g. `cannot connect to Redis at redis://cache:6379: connection refused (...)`.
 */
export async function connectRedis(url: string, options: { connectTimeoutMs?: number; commandTimeoutMs?: number } = {}): Promise<RedisConnection> {
  const connectTimeout = options.connectTimeoutMs ?? 5_000;
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout,
    commandTimeout: options.commandTimeoutMs ?? 2_000,
  });
  let lastError: unknown = null;
  // Reported here at start; later ones are the client's reconnections (an unhandled 'error' would end the process).
  client.on('error', (error: unknown) => (lastError = error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw connectionFailure(url, lastError ?? error);
  }
  return {
    client,
    async ping() {
      await client.ping();
    },
    async close() {
      client.disconnect();
    },
  };
}

/** A failure to reach Redis at `url` as RedisConnectionError (AggregateError: its first error says why). */
function connectionFailure(url: string, error: unknown): RedisConnectionError {
  const reason = connectionFailureReason(error, 'Redis');
  return new RedisConnectionError(`cannot connect to Redis at ${redactUrl(url)}: ${reason}`, error);
}
