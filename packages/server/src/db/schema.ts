/**
 * Row types of every table, as Kysely sees them. Portable across SQLite and PostgreSQL:
 * ids are UUID strings, instants are UTC ISO 8601 strings (`...Z`), booleans are 0/1 integers and
 * structured values are JSON text. Column names are snake_case; see migrations/ for indexes.
 */

/** A registered account (DESIGN "Identity"). */
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
}

export interface OrganizationsTable {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  website: string | null;
  created_at: string;
  updated_at: string;
}

/** Staff of an organization; role OWNER | ADMIN | ORGANIZER | MODERATOR. */
export interface OrganizationMembersTable {
  id: string;
  organization_id: string;
  user_id: string;
  role: string;
  joined_at: string;
}

/** A project of an organization; plan FREE | PRO (PRO includes anti-cheat). */
export interface ProjectsTable {
  id: string;
  organization_id: string;
  name: string;
  plan: string;
  created_at: string;
  updated_at: string;
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

/** A tournament (spec 2.2); status DRAFT ... COMPLETED. */
export interface TournamentsTable {
  id: string;
  project_id: string;
  name: string;
  description: string | null;
  discipline_id: string;
  status: string;
  max_participants: number;
  team_size: number;
  start_date: string;
  registration_opens_at: string | null;
  registration_closes_at: string | null;
  check_in_required: number;
  check_in_opens_minutes_before: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  started_at: string | null;
  completed_at: string | null;
}

/** A stage of a tournament, run in `number` order; settings is JSON (StageSettings). */
export interface StagesTable {
  id: string;
  tournament_id: string;
  number: number;
  name: string;
  format: string;
  status: string;
  settings: string;
  created_at: string;
}

/** A participant: one user, or a team (team_name set, members in participant_members). */
export interface ParticipantsTable {
  id: string;
  tournament_id: string;
  /** The registering user (the captain for teams). */
  user_id: string | null;
  name: string;
  seed: number | null;
  status: string;
  team_name: string | null;
  registered_at: string;
  checked_in_at: string | null;
  final_placement: number | null;
  placement_range: string | null;
}

/** Users acting for a participant (the user itself for solo entries; every team member for teams). */
export interface ParticipantMembersTable {
  participant_id: string;
  tournament_id: string;
  user_id: string;
}

/** A match between two sides (spec 2.3), with its place in the bracket and its advancement path. */
export interface MatchesTable {
  id: string;
  tournament_id: string;
  stage_id: string;
  /** Stable key from the generator (e.g. "W-r2-n3"), unique per stage. */
  key: string;
  bracket: string;
  group_number: number | null;
  round: number;
  number: number;
  status: string;
  participant1_id: string | null;
  participant2_id: string | null;
  score1: number | null;
  score2: number | null;
  winner_id: string | null;
  loser_id: string | null;
  is_draw: number;
  result_type: string | null;
  next_winner_match_id: string | null;
  next_winner_slot: number | null;
  next_loser_match_id: string | null;
  next_loser_slot: number | null;
  /** JSON ReportedResult while a report awaits confirmation (and kept after). */
  reported_result: string | null;
  scheduled_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  /** Incremented on every write; writes check it to make concurrent transitions fail cleanly. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** One entry of a match's history (report, confirmation, dispute, correction ...); data is JSON. */
export interface MatchHistoryTable {
  id: string;
  match_id: string;
  type: string;
  actor_user_id: string | null;
  at: string;
  data: string;
}

/** Outbox of domain events (webhook delivery reads it); data is the JSON payload `data`. */
export interface EventsTable {
  id: string;
  project_id: string;
  type: string;
  subject_id: string | null;
  data: string;
  created_at: string;
}

/** The whole database as Kysely sees it. */
export interface Database {
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  projects: ProjectsTable;
  api_keys: ApiKeysTable;
  tournaments: TournamentsTable;
  stages: StagesTable;
  participants: ParticipantsTable;
  participant_members: ParticipantMembersTable;
  matches: MatchesTable;
  match_history: MatchHistoryTable;
  events: EventsTable;
}
