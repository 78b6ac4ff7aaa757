import type { Selectable } from 'kysely';
import type { AppDeps } from '../deps';
import type { UsersTable } from '../db/schema';
import type { AuthContext } from '../http/auth-context';
import { notFound } from '../http/errors';
import type { AccessService } from './access';

/** A user's public profile (contract: User). */
export interface PublicUser {
  id: string;
  username: string;
  displayName: string | null;
  /** UTC ISO 8601. */
  createdAt: string;
}

/** The caller's own profile: the public profile plus private fields (contract: OwnProfile). */
export interface OwnProfile extends PublicUser {
  email: string;
  bio: string | null;
  avatarUrl: string | null;
  country: string | null;
  timeZone: string | null;
}

/** The public profile of a users row. */
export function toPublicUser(row: Selectable<UsersTable>): PublicUser {
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

/** User profiles (spec 4.6): the caller's own profile. */
export class UserService {
  constructor(
    private readonly deps: AppDeps,
    private readonly access: AccessService,
  ) {}

  /** The caller's own profile (GET /users/me). 401 anonymous, 403 API_KEY_NOT_ALLOWED for a key, 404 if deleted. */
  async getOwnProfile(auth: AuthContext): Promise<OwnProfile> {
    const userId = this.access.requireUser(auth);
    const row = await this.deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!row) throw notFound('user');
    return toOwnProfile(row);
  }
}
