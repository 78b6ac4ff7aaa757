import type { components } from './generated/contract';
import type { OperationQuery } from './contract-operations';

/**
 * The contract's shapes under the names services use: aliases of openapi.yaml schemas (src/generated/contract.ts,
 * `npm run generate -w @tourney/server`) and the validated queries of list operations. Nothing is restated here: a
 * change of openapi.yaml changes these types, and the services or mappers that no longer match fail to compile.
 * Instants are UTC ISO 8601 strings, dates `YYYY-MM-DD`.
 */

/**
 * Every member of a contract enum as a runtime list, in the order written: `membersOf<Scope>({ 'read:x': true, ... })`.
 * The object must name each member exactly once (a missing or unknown member fails to compile).
 */
export function membersOf<T extends string>(members: Record<T, true>): readonly T[] {
  return Object.keys(members) as T[];
}

/** Any schema of openapi.yaml by name. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

// Accounts, organizations, projects, API keys.
export type AuthTokens = Schema<'AuthTokens'>;
export type RegisterRequest = Schema<'RegisterRequest'>;
export type LoginRequest = Schema<'LoginRequest'>;
export type User = Schema<'User'>;
export type PublicProfile = Schema<'PublicProfile'>;
export type OwnProfile = Schema<'OwnProfile'>;
export type UpdateMeRequest = Schema<'UpdateMeRequest'>;
export type StaffRole = Schema<'StaffRole'>;
export type Scope = Schema<'Scope'>;
export type Organization = Schema<'Organization'>;
export type OrganizationCreate = Schema<'OrganizationCreate'>;
export type OrganizationUpdate = Schema<'OrganizationUpdate'>;
export type StaffMember = Schema<'StaffMember'>;
export type StaffInviteRequest = Schema<'StaffInviteRequest'>;
export type StaffInvitation = Schema<'StaffInvitation'>;
export type PendingStaffInvitation = Schema<'PendingStaffInvitation'>;
export type ProjectPlan = Schema<'ProjectPlan'>;
export type Project = Schema<'Project'>;
export type ProjectCreate = Schema<'ProjectCreate'>;
export type ProjectUpdate = Schema<'ProjectUpdate'>;
export type ApiKey = Schema<'ApiKey'>;
export type ApiKeyCreated = Schema<'ApiKeyCreated'>;
export type ApiKeyCreate = Schema<'ApiKeyCreate'>;
export type Health = Schema<'Health'>;

// Tournaments, stages, participants.
export type TournamentStatus = Schema<'TournamentStatus'>;
export type StageFormat = Schema<'StageFormat'>;
export type StageStatus = Schema<'StageStatus'>;
export type Tiebreak = Schema<'Tiebreak'>;
export type StageSettings = Schema<'StageSettings'>;
export type StageInput = Schema<'StageInput'>;
export type Stage = Schema<'Stage'>;
export type StageGroupsInput = Schema<'StageGroupsInput'>;
export type StageGroups = Schema<'StageGroupsResponse'>['data'];
export type StageSeedingInput = Schema<'StageSeedingInput'>;
export type StageSeeding = Schema<'StageSeedingResponse'>['data'];
export type ParticipantCounts = Schema<'ParticipantCounts'>;
export type Tournament = Schema<'Tournament'>;
export type TournamentCreate = Schema<'TournamentCreate'>;
export type TournamentUpdate = Schema<'TournamentUpdate'>;
export type TournamentCloneRequest = Schema<'TournamentCloneRequest'>;
export type ParticipantStatus = Schema<'ParticipantStatus'>;
export type TeamMember = Schema<'TeamMember'>;
export type Participant = Schema<'Participant'>;
export type ParticipateRequest = Schema<'ParticipateRequest'>;
export type ParticipantUpdate = Schema<'ParticipantUpdate'>;
export type ParticipantCreate = Schema<'ParticipantCreate'>;
export type ParticipantImportRequest = Schema<'ParticipantImportRequest'>;
export type SeedsUpdate = Schema<'SeedsUpdate'>;

// Matches and brackets.
export type MatchStatus = Schema<'MatchStatus'>;
export type BracketKind = Schema<'BracketKind'>;
export type MatchResultType = Schema<'MatchResultType'>;
export type MatchHistoryType = Schema<'MatchHistoryType'>;
export type MatchSide = Schema<'MatchSide'>;
export type MatchSlotRef = Schema<'MatchSlotRef'>;
export type ReportedResult = Schema<'ReportedResult'>;
export type GameScore = Schema<'GameScore'>;
export type MatchDecider = Schema<'MatchDecider'>;
export type MatchHistoryEntry = Schema<'MatchHistoryEntry'>;
export type Match = Schema<'Match'>;
export type BracketMatch = Schema<'BracketMatch'>;
export type MyMatch = Schema<'MyMatch'>;
export type MyTournament = Schema<'MyTournament'>;
export type MatchReportRequest = Schema<'MatchReportRequest'>;
export type MatchDisputeRequest = Schema<'MatchDisputeRequest'>;
export type MatchEvidenceRequest = Schema<'MatchEvidenceRequest'>;
export type MatchResolveRequest = Schema<'MatchResolveRequest'>;
export type MatchCorrectionRequest = Schema<'MatchCorrectionRequest'>;
export type MatchCorrection = Schema<'MatchCorrection'>;
export type MatchRescheduleRequest = Schema<'MatchRescheduleRequest'>;
export type StandingsRow = Schema<'StandingsRow'>;
export type BracketRound = Schema<'BracketRound'>;
export type BracketStage = Schema<'BracketStage'>;
export type Placement = Schema<'Placement'>;
export type Bracket = Schema<'Bracket'>;
export type LiveEvent = Schema<'LiveEvent'>;

// Circuits and seasons.
export type CircuitStatus = Schema<'CircuitStatus'>;
export type SeasonStatus = Schema<'SeasonStatus'>;
export type Season = Schema<'Season'>;
export type SeasonCreate = Schema<'SeasonCreate'>;
export type SeasonStartRequest = Schema<'SeasonStartRequest'>;
export type Circuit = Schema<'Circuit'>;
export type CircuitCreate = Schema<'CircuitCreate'>;
export type CircuitUpdate = Schema<'CircuitUpdate'>;
export type CircuitPublic = Schema<'CircuitPublic'>;
export type CircuitPublicDetails = Schema<'CircuitPublicDetails'>;
export type Standing = Schema<'Standing'>;
export type CircuitTournament = Schema<'CircuitTournament'>;
export type ClassifyRequest = Schema<'ClassifyRequest'>;
export type ClassificationAward = Schema<'ClassificationAward'>;
export type Classification = Schema<'Classification'>;

// Analytics.
export type TournamentAnalytics = Schema<'TournamentAnalytics'>;
export type MatchCounts = Schema<'MatchCounts'>;
export type CircuitAnalytics = Schema<'CircuitAnalytics'>;
export type SeasonAnalytics = Schema<'SeasonAnalytics'>;
export type CircuitEngagementPoint = Schema<'CircuitEngagementPoint'>;

// Gaming accounts, notifications, calendar.
export type GamingPlatform = Schema<'GamingPlatform'>;
export type GamingAccount = Schema<'GamingAccount'>;
export type LinkGamingAccountRequest = Schema<'LinkGamingAccountRequest'>;
export type GamingProfile = Schema<'GamingProfile'>;
export type NotificationType = Schema<'NotificationType'>;
export type NotificationChannel = Schema<'NotificationChannel'>;
export type Notification = Schema<'Notification'>;
export type MarkAllReadResult = Schema<'MarkAllReadResult'>;
export type NotificationChannelSettings = Schema<'NotificationChannelSettings'>;
export type NotificationPreferences = Schema<'NotificationPreferences'>;
export type NotificationPreferencesUpdate = Schema<'NotificationPreferencesUpdate'>;
export type CalendarEventType = Schema<'CalendarEventType'>;
export type CalendarEvent = Schema<'CalendarEvent'>;
export type CalendarFeedToken = Schema<'CalendarFeedToken'>;

// Webhooks.
export type WebhookSubscription = Schema<'WebhookSubscription'>;
export type WebhookDisabledReason = Schema<'WebhookDisabledReason'>;
export type WebhookCreated = Schema<'WebhookCreated'>;
export type WebhookCreate = Schema<'WebhookCreate'>;
export type WebhookUpdate = Schema<'WebhookUpdate'>;
export type WebhookSecretRotate = Schema<'WebhookSecretRotate'>;
export type WebhookSecretRotated = Schema<'WebhookSecretRotated'>;
export type WebhookDeliveryStatus = Schema<'WebhookDeliveryStatus'>;
export type WebhookDeliveryAttempt = Schema<'WebhookDeliveryAttempt'>;
export type WebhookDelivery = Schema<'WebhookDelivery'>;

// Anti-cheat.
export type AntiCheatGame = Schema<'AntiCheatGame'>;
export type AntiCheatSessionStart = Schema<'AntiCheatSessionStart'>;
export type AntiCheatSessionStarted = Schema<'AntiCheatSessionStarted'>;
export type AntiCheatSessionStatus = Schema<'AntiCheatSessionStatus'>;
export type AntiCheatSession = Schema<'AntiCheatSession'>;
export type AntiCheatSessionEndResult = Schema<'AntiCheatSessionEndResult'>;
export type DetectionSeverity = Schema<'DetectionSeverity'>;
export type DetectionVerdict = Schema<'DetectionVerdict'>;
export type Detection = Schema<'Detection'>;
export type DetectionRaise = Schema<'DetectionRaise'>;
export type DetectionVerdictRequest = Schema<'DetectionVerdictRequest'>;
export type EvidencePresignRequest = Schema<'EvidencePresignRequest'>;
export type EvidencePresign = Schema<'EvidencePresign'>;
export type EvidenceUpload = Schema<'EvidenceUpload'>;
export type AntiCheatClient = Schema<'AntiCheatClient'>;
export type AntiCheatClientEnroll = Schema<'AntiCheatClientEnroll'>;

// Validated queries (defaults applied) of the list operations.
export type TournamentListQuery = OperationQuery<'listTournaments'>;
export type ScheduleQuery = OperationQuery<'getTournamentSchedule'>;
export type PublicTournamentListQuery = OperationQuery<'listPublicTournaments'>;
export type MyTournamentListQuery = OperationQuery<'listMyTournaments'>;
export type MyMatchListQuery = OperationQuery<'listMyMatches'>;
export type ParticipantListQuery = OperationQuery<'listParticipants'>;
export type CircuitListQuery = OperationQuery<'listCircuits'>;
export type StandingsQuery = OperationQuery<'getCircuitStandings'>;
export type CircuitTournamentsQuery = OperationQuery<'listCircuitTournaments'>;
export type NotificationListQuery = OperationQuery<'listNotifications'>;
export type CalendarFeedQuery = OperationQuery<'getCalendarFeed'>;
export type CalendarExportQuery = OperationQuery<'exportCalendar'>;
export type WebhookListQuery = OperationQuery<'listWebhooks'>;
export type WebhookDeliveryListQuery = OperationQuery<'listWebhookDeliveries'>;
export type ApiKeyListQuery = OperationQuery<'listApiKeys'>;
export type DetectionListQuery = OperationQuery<'listDetections'>;
export type AntiCheatClientListQuery = OperationQuery<'listAntiCheatClients'>;
