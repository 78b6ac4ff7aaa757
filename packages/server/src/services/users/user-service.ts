import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AuthContext } from '../../auth/auth-context';
import { AppError, invalidField, notFound } from '../../errors/app-error';
import { COUNTRY_CODES } from './country-codes';
import { normalizeTimeZone } from './time-zone';
import { storedDisplayName } from './display-name';
import type { OwnProfile, PublicProfile, UpdateMeRequest, User } from '../../contract-types';
import { DomainService } from '../domain-service';

/** The public profile of a users row. */
export function toPublicUser(row: Selectable<UsersTable>): User {
  return { id: row.id, username: row.username, displayName: row.display_name, createdAt: row.created_at };
}

/** The own profile of a users row. */
export function toOwnProfile(row: Selectable<UsersTable>): OwnProfile {
  return {
    ...toPublicUser(row),
    email: row.email,
    bio: row.bio,
    avatarUrl: row.avatar_url,
    country: row.country,
    timeZone: row.time_zone,
  };
}

/** The public profile of a users row. */
export function toPublicProfile(row: Selectable<UsersTable>): PublicProfile {
  return { ...toPublicUser(row), bio: row.bio, avatarUrl: row.avatar_url, country: row.country };
}

/** User profiles (R14.1 to R14.4): public profiles by username, the caller's own profile and its changes. */
export class UserService extends DomainService {
  /** The caller's own profile (GET /users/me). 401 anonymous, 403 API_KEY_NOT_ALLOWED for a key, 404 if deleted. */
  async getOwnProfile(auth: AuthContext): Promise<OwnProfile> {
    const userId = this.access.requireUser(auth);
    const row = await this.deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!row) throw notFound('user');
    return toOwnProfile(row);
  }

  /** The public profile of `username` (case-insensitive; GET /users/{username}). 404 when unknown. */
  async getPublicProfile(username: string): Promise<PublicProfile> {
    const row = await this.deps.db.selectFrom('users').selectAll().where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
    if (!row) throw notFound('user');
    return toPublicProfile(row);
  }

  /**
   * Updates the caller's profile (PATCH /users/me). Checks beyond the schema: `username` free case-insensitively
   * (409 USERNAME_TAKEN), `displayName` stored trimmed and not blank (400 body.displayName, R14.7),
   * `timeZone` known to Intl, stored as the canonical name it resolves to (400 body.timeZone, R14.4), `country` an
   * assigned ISO 3166-1 alpha-2 code (400 body.country), `avatarUrl` an http or https URL with a host (400
   * body.avatarUrl).
   */
  async updateOwnProfile(auth: AuthContext, input: UpdateMeRequest): Promise<OwnProfile> {
    const userId = this.access.requireUser(auth);
    const changes: Partial<Selectable<UsersTable>> = { updated_at: this.deps.clock.now().toISOString() };
    if (input.displayName !== undefined) changes.display_name = storedDisplayName(input.displayName);
    if (input.bio !== undefined) changes.bio = input.bio;
    if (input.avatarUrl !== undefined) {
      if (input.avatarUrl !== null && !isWebUrl(input.avatarUrl)) throw invalidField('body.avatarUrl', 'must be an http or https URL with a host');
      changes.avatar_url = input.avatarUrl;
    }
    if (input.country !== undefined) {
      if (input.country !== null && !COUNTRY_CODES.has(input.country)) {
        throw invalidField('body.country', `"${input.country}" is not an assigned ISO 3166-1 alpha-2 country code`);
      }
      changes.country = input.country;
    }
    if (input.timeZone !== undefined) {
      const zone = input.timeZone === null ? null : normalizeTimeZone(input.timeZone);
      if (input.timeZone !== null && zone === null) {
        throw invalidField('body.timeZone', `"${input.timeZone}" is not an IANA time zone name, e.g. Europe/Paris`);
      }
      changes.time_zone = zone;
    }
    if (input.username !== undefined) {
      const lower = input.username.toLowerCase();
      const clash = await this.deps.db.selectFrom('users').select('id').where('username_lower', '=', lower).where('id', '!=', userId).executeTakeFirst();
      if (clash) throw usernameTaken(input.username);
      changes.username = input.username;
      changes.username_lower = lower;
    }
    try {
      const row = await this.deps.db.updateTable('users').set(changes).where('id', '=', userId).returningAll().executeTakeFirst();
      if (!row) throw notFound('user');
      return toOwnProfile(row);
    } catch (error) {
      if (input.username !== undefined && isUniqueViolation(error)) throw usernameTaken(input.username);
      throw error;
    }
  }
}

const usernameTaken = (username: string) => new AppError('USERNAME_TAKEN', `the username "${username}" is already taken`);

/** Whether `value` is an absolute http or https URL naming a host (`http://` alone is not, R14.4). */
function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}
