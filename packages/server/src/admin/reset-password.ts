import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords';
import { systemClock, type Clock } from '../clock';
import { type ConfigOverrides, resolveConfig } from '../config';
import { ConfigError } from '../config-env';
import { databaseFor } from '../db/database-for';
import { NewerDatabaseError, pendingMigrations, unknownMigrations } from '../db/migrate';
import { migrations } from '../db/migrations/index';
import type { Database } from '../db/schema';

/** Fewest characters of a password, as at registration and `changePassword` (R1.1, R1.24). */
export const MIN_PASSWORD_LENGTH = 8;
/** Most characters of a password, as in the contract. */
export const MAX_PASSWORD_LENGTH = 200;

/** What {@link resetPassword} did: the account (id, username) and how many of its sessions it ended. */
export interface PasswordReset {
  userId: string;
  username: string;
  sessionsEnded: number;
}

/** The account a reset names does not exist (no user with that username, or that email). */
export class UnknownAccountError extends Error {
  override readonly name = 'UnknownAccountError';
}

/**
 * Refuses a database whose schema is not this version's: an empty or older one (start the server once, which
 * migrates it) or a newer one (NewerDatabaseError). The operator's command never changes the schema itself.
 */
async function assertCurrentSchema(db: Kysely<Database>): Promise<void> {
  const unknown = await unknownMigrations(db);
  if (unknown.length > 0) throw new NewerDatabaseError(unknown);
  const pending = await pendingMigrations(db);
  if (pending.length === Object.keys(migrations).length) {
    throw new ConfigError('the database holds no Tourney data yet (no migration has run): start the server on it first');
  }
  if (pending.length > 0) {
    throw new ConfigError(
      `the database was made by an older version of Tourney (${pending.length} migration(s) not run): start this version's server on it once, then reset the password`,
    );
  }
}

/**
 * Sets a new password on an account, as the operator of the server (R1.27): for a player or organizer who lost
 * theirs, on a server without e-mail. Opens the database the configuration names (`databaseUrl`, else the SQLite file
 * `databasePath`, which must exist), finds the account by username, or by email when `login` holds an `@` (both
 * case-insensitively, as `login`), stores the scrypt hash of `newPassword` and ends every session of the account
 * (their refresh tokens are refused from then on, R1.24), in one transaction under the account's lock. The password
 * itself is neither stored nor logged. The schema is never changed: the database must be at this version's.
 * @param login username or email of the account
 * @param newPassword 8 to 200 characters
 * @throws ConfigError for bad configuration (URL scheme, missing SQLite file, a database without Tourney data or of
 *   an older version), a password of the wrong length; DatabaseConnectionError when PostgreSQL cannot be reached;
 *   NewerDatabaseError for a database of a newer version; UnknownAccountError when no account has that name.
 */
export async function resetPassword(
  overrides: ConfigOverrides,
  login: string,
  newPassword: string,
  clock: Clock = systemClock,
): Promise<PasswordReset> {
  const length = [...newPassword].length;
  if (length < MIN_PASSWORD_LENGTH || length > MAX_PASSWORD_LENGTH) {
    throw new ConfigError(`the new password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`);
  }
  const config = resolveConfig(overrides);
  const { dialect, location } = databaseFor(config);
  if (dialect.name === 'sqlite' && location !== ':memory:' && !existsSync(location)) {
    throw new ConfigError(`no database at ${location}: name the server's database with --db or TOURNEY_DB (or DATABASE_URL)`);
  }
  const connected = await dialect.connect(location);
  try {
    const { db } = connected;
    await assertCurrentSchema(db);
    const name = login.trim().toLowerCase();
    const hash = await hashPassword(newPassword);
    const now = clock.now().toISOString();
    return await db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('users')
        .select(['id', 'username'])
        .where(name.includes('@') ? 'email' : 'username_lower', '=', name)
        .executeTakeFirst();
      if (!found) throw new UnknownAccountError(`no account named "${login.trim()}" (by ${name.includes('@') ? 'email' : 'username'})`);
      await dialect.lockRows(trx, 'users', [found.id]);
      await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', found.id).execute();
      const ended = await trx.updateTable('auth_sessions').set({ revoked_at: now }).where('user_id', '=', found.id).where('revoked_at', 'is', null).executeTakeFirst();
      return { userId: found.id, username: found.username, sessionsEnded: Number(ended.numUpdatedRows) };
    });
  } finally {
    await connected.close();
  }
}
