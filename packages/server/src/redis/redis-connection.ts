import { Redis } from 'ioredis';
import { connectionFailureReason } from '../connection-failure-reason';
import { redactUrl } from '../db/connection-error';
import { redisDatabaseIndex } from './redis-database-index';

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
 * The database the URL names (`redis://cache:6379/2`; default 0) is selected explicitly, so that an index Redis refuses
 * (beyond its `databases` setting) stops the start instead of leaving the counters in database 0 (R21.5).
 * @throws RedisConnectionError, e.g. `cannot connect to Redis at redis://cache:6379: connection refused (...)`, or
 * `cannot select database 99 of Redis at redis://cache:6379/99: ERR DB index is out of range`.
 */
export async function connectRedis(url: string, options: { connectTimeoutMs?: number; commandTimeoutMs?: number } = {}): Promise<RedisConnection> {
  const database = databaseOf(url);
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
  try {
    // ioredis selects the URL's database on connecting but only emits an 'error' when Redis refuses it (an index
    // beyond the server's `databases`), then carries on in database 0: selected again here, a refusal stops the start.
    // Database 0 is where every connection starts (and proxies that refuse SELECT still serve it).
    if (database !== 0) await client.select(database);
  } catch (error) {
    client.disconnect();
    throw new RedisConnectionError(`cannot select database ${database} of Redis at ${redactUrl(url)}: ${reasonOf(error)}`, error);
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

/**
 * The database index `url` selects (redis-database-index.ts), checked before connecting: ioredis would read `/abc` as
 * NaN and fail later, outside the start.
 * @throws RedisConnectionError when the URL does not parse or its path (or `db` parameter) is not a decimal number.
 */
function databaseOf(url: string): number {
  let index: number | null = null;
  try {
    index = redisDatabaseIndex(new URL(url));
  } catch (error) {
    throw new RedisConnectionError(`cannot connect to Redis at ${redactUrl(url)}: it is not a URL`, error);
  }
  if (index === null) {
    throw new RedisConnectionError(
      `cannot connect to Redis at ${redactUrl(url)}: the database must be named by its number, e.g. redis://127.0.0.1:6379/0, or left out for database 0`,
      null,
    );
  }
  return index;
}

/** An error's message in one line (Redis's own reply, e.g. `ERR DB index is out of range`). */
const reasonOf = (error: unknown): string => (error instanceof Error && error.message ? error.message.split('\n')[0]! : String(error));

/** A failure to reach Redis at `url` as RedisConnectionError (AggregateError: its first error says why). */
function connectionFailure(url: string, error: unknown): RedisConnectionError {
  const reason = connectionFailureReason(error, 'Redis');
  return new RedisConnectionError(`cannot connect to Redis at ${redactUrl(url)}: ${reason}`, error);
}
