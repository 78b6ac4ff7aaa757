import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { DatabaseDialect } from './db/dialect';
import type { Database } from './db/schema';
import type { EventSubscriber } from './services/events';

/** What every service is built from: no globals, everything injected (createApp's inputs). */
export interface AppDeps {
  db: Kysely<Database>;
  /** What `db` is (db/dialect.ts): row locks for counted invariants; its transactions take the write lock up front. */
  dialect: DatabaseDialect;
  clock: Clock;
  config: ServerConfig;
  logger: Logger;
  /** Run inside the transaction of every recorded event (notifications, webhook wake-ups); filled by createApp. */
  eventSubscribers: EventSubscriber[];
  /** Random numbers in [0, 1) for draws (shuffleParticipantSeeds, R24.7); Math.random when absent (tests inject one). */
  random?: () => number;
  /** The Redis connection holding the rate limit counters (REDIS_URL), checked by `/health` (R21.4); absent without. */
  redis?: { ping(): Promise<void> };
}
