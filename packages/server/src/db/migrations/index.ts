import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';

/** Every migration, by name, in order (a static record, so bundlers and tests see them all). */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};
