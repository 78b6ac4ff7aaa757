import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** A database handle: the app's Kysely instance or an open transaction. */
export type Db = Kysely<Database>;
