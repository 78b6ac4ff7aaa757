/**
 * Row types of every table, as Kysely sees them. Portable across SQLite and PostgreSQL:
 * ids are UUID strings, instants are UTC ISO 8601 strings (`...Z`), booleans are 0/1 integers and
 * structured values are JSON text. Column names are snake_case; see migrations/ for indexes.
 * The row types live in schema/, one file per domain; import them from this module.
 */

import type {
  UsersTable,
  AuthSessionsTable,
  ApiKeysTable,
  GamingAccountsTable,
  CalendarFeedTokensTable,
} from './schema/accounts';
import type {
  OrganizationsTable,
  OrganizationMembersTable,
  ProjectsTable,
  StaffInvitationsTable,
} from './schema/organizations';
import type {
  TournamentsTable,
  StagesTable,
  ParticipantsTable,
  ParticipantMembersTable,
  StageEntrantsTable,
} from './schema/tournaments';
import type { MatchesTable, MatchHistoryTable, IdempotencyKeysTable } from './schema/matches';
import type { EventsTable, TournamentLiveEventsTable, TournamentLiveSeqTable } from './schema/events';
import type {
  AntiCheatClientsTable,
  AntiCheatSessionsTable,
  AntiCheatSessionParticipantsTable,
  AntiCheatDetectionsTable,
  AntiCheatMediaFilesTable,
  AntiCheatDetectionEvidenceTable,
  EvidenceObjectsTable,
  ApiKeyIdempotencyKeysTable,
} from './schema/anti-cheat';
import type {
  CircuitsTable,
  CircuitSeasonsTable,
  CircuitClassificationsTable,
  CircuitAwardsTable,
  CircuitStandingsTable,
} from './schema/circuits';
import type {
  NotificationsTable,
  NotificationDeliveriesTable,
  NotificationPreferencesTable,
} from './schema/notifications';
import type {
  WebhookSubscriptionsTable,
  WebhookDeliveriesTable,
  WebhookDeliveryAttemptsTable,
} from './schema/webhooks';

export type * from './schema/accounts';
export type * from './schema/organizations';
export type * from './schema/tournaments';
export type * from './schema/matches';
export type * from './schema/events';
export type * from './schema/anti-cheat';
export type * from './schema/circuits';
export type * from './schema/notifications';
export type * from './schema/webhooks';

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
  api_key_idempotency_keys: ApiKeyIdempotencyKeysTable;
  tournament_live_events: TournamentLiveEventsTable;
  tournament_live_seq: TournamentLiveSeqTable;
}
