/** Row types of the account tables: users, auth_sessions, api_keys, gaming_accounts, calendar_feed_tokens. */

/** A registered account (R1.1). */
export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username, unique: usernames are case-insensitive. */
  username_lower: string;
  /** Lower-cased email, unique. */
  email: string;
  /** scrypt hash, see auth/passwords.ts. */
  password_hash: string;
  display_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  country: string | null;
  time_zone: string | null;
  created_at: string;
  updated_at: string;
}

/** A login session: one access token and one refresh token, both stored as SHA-256 hex. */
export interface AuthSessionsTable {
  id: string;
  user_id: string;
  access_token_hash: string;
  refresh_token_hash: string;
  access_expires_at: string;
  refresh_expires_at: string;
  created_at: string;
  revoked_at: string | null;
  /** The session the login opened, inherited by every session rotated from it (R1.28); null before migration 0024. */
  family_id: string | null;
  /** When a refresh replaced this session (its refresh token is spent), else null. */
  rotated_at: string | null;
}

/** An API key, bound to a project; the secret is kept only as its SHA-256 hex. */
export interface ApiKeysTable {
  id: string;
  project_id: string;
  name: string;
  key_hash: string;
  prefix: string;
  last_four: string;
  /** JSON array of scope strings. */
  scopes: string;
  created_by_user_id: string | null;
  created_by_key_id: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

/** A gaming account linked to a user; account_key is the normalized id, unique per platform. */
export interface GamingAccountsTable {
  id: string;
  user_id: string;
  platform: string;
  account_id: string;
  account_key: string;
  display_name: string;
  linked_at: string;
}

/** A user's calendar feed token (one per user), kept as SHA-256 hex. */
export interface CalendarFeedTokensTable {
  user_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}
