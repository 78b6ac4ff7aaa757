/**
 * Row types of every table, as Kysely sees them. Portable across SQLite and PostgreSQL:
 * ids are UUID strings, instants are UTC ISO 8601 strings (`...Z`), booleans are 0/1 integers and
 * structured values are JSON text. Column names are snake_case; see migrations/ for indexes.
 */

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

/** A tournament (R5.4); status DRAFT ... COMPLETED (R5.8). */
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
  /** Explicit draw of a group stage (R23.3): JSON array of groups of participant ids, or null. */
  group_draw: string | null;
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
  /** Rating (R27.10), null when unrated. */
  rating: number | null;
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

/** A match between two sides (R8.12), with its place in the bracket and its advancement path. */
export interface MatchesTable {
  id: string;
  tournament_id: string;
  stage_id: string;
  /** Stable key from the generator (e.g. "W-r2-n3"), unique per stage. */
  key: string;
  bracket: string;
  group_number: number | null;
  /** The group's name (R23.2); null outside group stages and in rows written before names existed. */
  group_name: string | null;
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
  /** 1-based slot in the stage's play order (a match is played after every match feeding it); null only before migration 0002. */
  play_round: number | null;
  /** JSON ReportedResult while a report awaits confirmation (and kept after). */
  reported_result: string | null;
  /** JSON per-game scores of the decided result, `[{ scores: [a, b], map? }]` in slot order (R25.2); null when none. */
  games: string | null;
  /** JSON decider of a drawn score, `{ kind, scores: [a, b] }` (R25.4); null when none. */
  decider: string | null;
  scheduled_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  /** Incremented on every write; writes check it to make concurrent transitions fail cleanly. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** A participant entering a stage, with its seed in that stage (1..N; stage 1: the tournament seed). */
export interface StageEntrantsTable {
  stage_id: string;
  tournament_id: string;
  participant_id: string;
  seed: number;
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

/**
 * One event of a tournament's live stream (R28.1): `seq` counts 1, 2, 3 ... per tournament in commit order; `data`
 * is the event's JSON `data`; only the last events of each tournament are kept.
 */
export interface TournamentLiveEventsTable {
  tournament_id: string;
  seq: number;
  event_id: string;
  type: string;
  data: string;
  created_at: string;
}

/** The newest live stream number of a tournament (R28.2), bumped by the stream writer (migration 0016). */
export interface TournamentLiveSeqTable {
  tournament_id: string;
  seq: number;
}

/** An anti-cheat client enrolled for a user of a project (R12.3); revoked_at set on revoke. */
export interface AntiCheatClientsTable {
  id: string;
  project_id: string;
  user_id: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** An anti-cheat monitoring session of a match (R12.4); status ACTIVE | ENDED; the API's sessionId is match_id. */
export interface AntiCheatSessionsTable {
  id: string;
  project_id: string;
  match_id: string;
  /** cs2 | valorant | apex | dota2 | rl. */
  game: string;
  status: string;
  started_at: string;
  ended_at: string | null;
  end_reason: string | null;
  started_by_key_id: string | null;
}

/** A user requested for a session; covered (0/1) when an enrolled client (client_id) wired them in (R12.4). */
export interface AntiCheatSessionParticipantsTable {
  session_id: string;
  user_id: string;
  /** Order in the start request, 0-based. */
  position: number;
  covered: number;
  client_id: string | null;
}

/**
 * A detection raised in a session (R12.7); ai_verdict is JSON `{ label, confidence }`; reviewed once verdict is set.
 */
export interface AntiCheatDetectionsTable {
  id: string;
  project_id: string;
  session_id: string;
  match_id: string;
  user_id: string;
  rule: string;
  /** LOW | MEDIUM | HIGH | CRITICAL. */
  severity: string;
  ai_verdict: string | null;
  /** CONFIRMED_CHEAT | FALSE_POSITIVE | INCONCLUSIVE. */
  verdict: string | null;
  verdict_note: string | null;
  reviewed_at: string | null;
  created_at: string;
}

/** An evidence file presigned for a session (R12.10); status PENDING until its bytes are uploaded, then UPLOADED. */
export interface AntiCheatMediaFilesTable {
  id: string;
  project_id: string;
  session_id: string;
  kind: string;
  content_type: string;
  size_bytes: number;
  /** Lowercase hex SHA-256 declared at presign. */
  sha256: string;
  /** Storage key, `anti-cheat-evidence/...`. */
  storage_key: string;
  status: string;
  /** Expiry of the upload URL. */
  expires_at: string;
  created_at: string;
  uploaded_at: string | null;
}

/** Evidence media files attached to a detection. */
export interface AntiCheatDetectionEvidenceTable {
  detection_id: string;
  media_file_id: string;
}

/** A circuit (R9.5): a series of tournaments in seasons; status DRAFT | ACTIVE | COMPLETED. */
export interface CircuitsTable {
  id: string;
  project_id: string;
  name: string;
  description: string | null;
  discipline_id: string | null;
  status: string;
  created_at: string;
  updated_at: string;
}

/** A season of a circuit; status UPCOMING | ACTIVE | COMPLETED; dates `YYYY-MM-DD`; scoring is JSON (ScoringConfig). */
export interface CircuitSeasonsTable {
  id: string;
  circuit_id: string;
  number: number;
  name: string;
  status: string;
  start_date: string;
  end_date: string;
  scoring: string;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
}

/** A tournament classified into a season (once per circuit), with a snapshot of the tournament. */
export interface CircuitClassificationsTable {
  id: string;
  circuit_id: string;
  season_id: string;
  tournament_id: string;
  tournament_name: string;
  discipline_id: string;
  start_date: string;
  completed_at: string | null;
  point_multiplier: number;
  participant_count: number;
  classified_at: string;
}

/** Points awarded to one participant by one classification; points in integer hundredths. */
export interface CircuitAwardsTable {
  id: string;
  classification_id: string;
  circuit_id: string;
  season_id: string;
  tournament_id: string;
  participant_id: string;
  /** `team:<name>`, `user:<id>` or `participant:<id>` (core competitorKey). */
  competitor_key: string;
  user_id: string | null;
  team_name: string | null;
  name: string;
  placement: number;
  points_hundredths: number;
  wins: number;
}

/** One ranked line of a season's standings, rewritten at each classification; `position` is the 1-based list order. */
export interface CircuitStandingsTable {
  season_id: string;
  circuit_id: string;
  competitor_key: string;
  user_id: string | null;
  team_name: string | null;
  name: string;
  points_hundredths: number;
  wins: number;
  tournaments_played: number;
  best_placement: number;
  rank: number;
  position: number;
  updated_at: string;
}

/**
 * A staff invitation (R13.5): to a user (invited_user_id) or an email with no account yet; the token kept as SHA-256.
 */
export interface StaffInvitationsTable {
  id: string;
  organization_id: string;
  token_hash: string;
  invited_user_id: string | null;
  /** Lower-cased email for invitations by email, else null. */
  invited_email: string | null;
  role: string;
  invited_by_user_id: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by_user_id: string | null;
  /** Set when a newer invitation of the same person replaced this one. */
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

/** A notification of a user; data and channels are JSON; in_app 0/1 (listed or only delivered elsewhere). */
export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  data: string;
  channels: string;
  in_app: number;
  /** Unique per user when set: time-based notifications are created once. */
  dedupe_key: string | null;
  read_at: string | null;
  created_at: string;
}

/** A pending delivery of a notification on the EMAIL or WEBHOOK channel, for an external mailer or relay. */
export interface NotificationDeliveriesTable {
  id: string;
  notification_id: string;
  user_id: string;
  channel: string;
  /** PENDING until an external worker marks it DELIVERED. */
  status: string;
  created_at: string;
  delivered_at: string | null;
}

/** A user's channel settings for one notification type (types without a row use the defaults). */
export interface NotificationPreferencesTable {
  user_id: string;
  type: string;
  in_app: number;
  email: number;
  webhook: number;
  updated_at: string;
}

/** A user's calendar feed token (one per user), kept as SHA-256 hex. */
export interface CalendarFeedTokensTable {
  user_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}

/**
 * A webhook subscription of a project (R10.1). `events`: JSON array of event names or "*"; `enabled` 0/1 with
 * `disabled_reason` MANUAL | GONE | FAILING; `secret` (`whsec_...`) kept as issued because signing needs it, and
 * `previous_secret` keeps signing until `previous_secret_expires_at` after a rotation.
 */
export interface WebhookSubscriptionsTable {
  id: string;
  project_id: string;
  url: string;
  events: string;
  enabled: number;
  disabled_reason: string | null;
  disabled_at: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One event to one subscription (unique per pair). status PENDING | SUCCEEDED | FAILED; mode AUTO (retried on the
 * schedule) | MANUAL (a redelivery: one attempt); the dispatcher leases a row (`lease_owner`, `lease_expires_at`)
 * while it sends it.
 */
export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string;
  project_id: string;
  event_id: string;
  event_type: string;
  status: string;
  mode: string;
  attempt_count: number;
  max_attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** One attempt of a delivery: HTTP status (null without an answer), duration in ms, error, the retry it scheduled. */
export interface WebhookDeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  number: number;
  attempted_at: string;
  succeeded: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  next_attempt_at: string | null;
}

/**
 * The first answer of a match write sent with an Idempotency-Key (migration 0003), per user, operation and key;
 * `request_hash` is the SHA-256 of the request, `response_body` the JSON answer, `expires_at` 24 h after creation.
 */
export interface IdempotencyKeysTable {
  user_id: string;
  operation: string;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: string;
  created_at: string;
  expires_at: string;
}

/**
 * An anti-cheat evidence object kept in the database (R21.3): the driver of storage/database-storage.ts, the default
 * on PostgreSQL, so that every server process reads what any of them stored.
 */
export interface EvidenceObjectsTable {
  /** Storage key (`sessions/<id>/<file>`, see storage/storage-driver.ts). */
  key: string;
  content_type: string;
  bytes: Uint8Array;
  size_bytes: number;
  created_at: string;
}

/** The whole database as Kysely sees it. */
export interface Database {
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
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
  stage_entrants: StageEntrantsTable;
  match_history: MatchHistoryTable;
  idempotency_keys: IdempotencyKeysTable;
  events: EventsTable;
  circuits: CircuitsTable;
  circuit_seasons: CircuitSeasonsTable;
  circuit_classifications: CircuitClassificationsTable;
  circuit_awards: CircuitAwardsTable;
  circuit_standings: CircuitStandingsTable;
  anti_cheat_clients: AntiCheatClientsTable;
  anti_cheat_sessions: AntiCheatSessionsTable;
  anti_cheat_session_participants: AntiCheatSessionParticipantsTable;
  anti_cheat_detections: AntiCheatDetectionsTable;
  anti_cheat_media_files: AntiCheatMediaFilesTable;
  anti_cheat_detection_evidence: AntiCheatDetectionEvidenceTable;
  staff_invitations: StaffInvitationsTable;
  gaming_accounts: GamingAccountsTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_preferences: NotificationPreferencesTable;
  calendar_feed_tokens: CalendarFeedTokensTable;
  evidence_objects: EvidenceObjectsTable;
  tournament_live_events: TournamentLiveEventsTable;
  tournament_live_seq: TournamentLiveSeqTable;
}
