import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Database } from './db/schema';
import type { EventSubscriber } from './services/events';

/** What every service is built from: no globals, everything injected (createApp's inputs). */
export interface AppDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: ServerConfig;
  logger: Logger;
  /** Run inside the transaction of every recorded event (notifications, webhook wake-ups); filled by createApp. */
  eventSubscribers: EventSubscriber[];
}
