import type { components } from './generated/schema';

type Schemas = components['schemas'];

/** Any named schema of openapi.yaml, e.g. `Schema<'TournamentCreate'>`. */
export type Schema<Name extends keyof Schemas> = Schemas[Name];

// Envelopes and errors (R2.2, R2.3, R3.1)
/** Position of a list page: page, limit, total, totalPages, hasNext, hasPrevious, and totalCapped when total is a lower bound (R3.11). */
export type Pagination = Schemas['Pagination'];
/** The API's closed list of error codes. */
export type ErrorCode = Schemas['ErrorCode'];
/** One offending input value of a validation error: `{ path: 'body.stages[0].name', message }`. */
export type ErrorDetail = Schemas['ErrorDetail'];
/** The body of every 4xx/5xx answer: `{ success: false, error: { code, message, details?, requestId } }`. */
export type ApiErrorBody = Schemas['Error'];

// Identity, organizations, projects, API keys
/** Access and refresh tokens returned by register, login and refresh; `expiresIn` in seconds. */
export type AuthTokens = Schemas['AuthTokens'];
/** Public profile of a user. */
export type User = Schemas['User'];
/** The caller's own profile (adds email and settings to {@link User}). */
export type OwnProfile = Schemas['OwnProfile'];
/** What anyone may see of a user (GET /users/{username}): {@link User} plus bio, avatar and country. */
export type PublicProfile = Schemas['PublicProfile'];
/** Body of PATCH /users/me (username, displayName, bio, avatarUrl, country, timeZone; null clears). */
export type UpdateMeRequest = Schemas['UpdateMeRequest'];
/** Body of POST /auth/register. */
export type RegisterRequest = Schemas['RegisterRequest'];
/** Body of POST /auth/login (username or email, and password). */
export type LoginRequest = Schemas['LoginRequest'];
/** An organization, owner of projects. */
export type Organization = Schemas['Organization'];
/** A staff member of an organization with their role. */
export type StaffMember = Schemas['StaffMember'];
/** Staff role: OWNER, ADMIN, ORGANIZER or MODERATOR. */
export type StaffRole = Schemas['StaffRole'];
/** A pending invitation to join an organization's staff, with its one-time token. */
export type StaffInvitation = Schemas['StaffInvitation'];
/** Body of POST /organizations/{id}/staff/invite: `{ username, role }` or `{ email, role }`. */
export type StaffInviteRequest = Schemas['StaffInviteRequest'];
/** A project: owns tournaments, circuits, webhooks, API keys and anti-cheat sessions. */
export type Project = Schemas['Project'];
/** Project plan: FREE or PRO (PRO includes anti-cheat). */
export type ProjectPlan = Schemas['ProjectPlan'];
/** An API key scope, e.g. `manage:tournaments`. */
export type Scope = Schemas['Scope'];
/** An API key without its secret (prefix and last four characters only). */
export type ApiKey = Schemas['ApiKey'];
/** A newly created API key, with its secret `key` (shown once). */
export type ApiKeyCreated = Schemas['ApiKeyCreated'];
/** Body of POST /developer/api-keys. */
export type ApiKeyCreate = Schemas['ApiKeyCreate'];
/** Health report of GET /health. */
export type Health = Schemas['Health'];

// Tournaments, stages, participants (R5.4, R6.4, R7.1)
/** A tournament with its stages and participant counts (R5.4). */
export type Tournament = Schemas['Tournament'];
/** Tournament status: DRAFT, PUBLISHED, REGISTRATION_OPEN, REGISTRATION_CLOSED, ONGOING, COMPLETED. */
export type TournamentStatus = Schemas['TournamentStatus'];
/** Body of POST /tournaments. */
export type TournamentCreate = Schemas['TournamentCreate'];
/** Body of PUT /tournaments/{id} (partial update). */
export type TournamentUpdate = Schemas['TournamentUpdate'];
/** Participant and match analytics of one tournament. */
export type TournamentAnalytics = Schemas['TournamentAnalytics'];
/** One stage of a tournament. */
export type Stage = Schemas['Stage'];
/** Stage format: SINGLE_ELIMINATION, DOUBLE_ELIMINATION, ROUND_ROBIN, SWISS, GROUPS. */
export type StageFormat = Schemas['StageFormat'];
/** Stage status: PENDING, ONGOING, COMPLETED. */
export type StageStatus = Schemas['StageStatus'];
/** Settings of a stage (which apply depends on the format). */
export type StageSettings = Schemas['StageSettings'];
/** A stage as given when creating or updating a tournament. */
export type StageInput = Schemas['StageInput'];
/** A ranking tiebreak, e.g. BUCHHOLZ. */
export type Tiebreak = Schemas['Tiebreak'];
/** A registered participant (player or team) of a tournament. */
export type Participant = Schemas['Participant'];
/** Participant status: REGISTERED, CHECKED_IN, ACTIVE, ELIMINATED, DISQUALIFIED, WITHDRAWN, NO_SHOW, WAITLISTED (R6.14). */
export type ParticipantStatus = Schemas['ParticipantStatus'];
/** Body of POST /tournaments/{id}/participate. */
export type ParticipateRequest = Schemas['ParticipateRequest'];
/** Body of PATCH /tournaments/{id}/participants/{pid}. */
export type ParticipantUpdate = Schemas['ParticipantUpdate'];
/** An organizer-added participant: a name, a username or a team (R24.1). */
export type ParticipantCreate = Schemas['ParticipantCreate'];
/** Every seed at once: participant ids in seed order, or id and seed pairs (R24.6). */
export type SeedsUpdate = Schemas['SeedsUpdate'];

// Matches and brackets (R8.12, R5.15)
/** A match with its sides, result (games and decider included), links to the next matches and (getMatch) history. */
export type Match = Schemas['Match'];
/** Match status: SCHEDULED, IN_PROGRESS, PENDING_RESULT, COMPLETED, DISPUTED, RESOLVED. */
export type MatchStatus = Schemas['MatchStatus'];
/** Which bracket a match belongs to: WINNERS, LOSERS, GRAND_FINAL, THIRD_PLACE, ROUND_ROBIN, SWISS, GROUP. */
export type BracketKind = Schemas['BracketKind'];
/** One side (slot) of a match. */
export type MatchSide = Schemas['MatchSide'];
/** One entry of a match's history. */
export type MatchHistoryEntry = Schemas['MatchHistoryEntry'];
/** One game (map) of a match: scores per side in slot order, and its map (R25.2). */
export type GameScore = Schemas['GameScore'];
/** What decided a drawn score: EXTRA_TIME, PENALTIES, GOLDEN_GOAL or OTHER with its own score (R25.4). */
export type MatchDecider = Schemas['MatchDecider'];
/** Body of POST /matches/{id}/report. */
export type MatchReportRequest = Schemas['MatchReportRequest'];
/** Body of POST /matches/{id}/dispute. */
export type MatchDisputeRequest = Schemas['MatchDisputeRequest'];
/** Body of POST /matches/{id}/evidence. */
export type MatchEvidenceRequest = Schemas['MatchEvidenceRequest'];
/** Body of POST /matches/{id}/resolve. */
export type MatchResolveRequest = Schemas['MatchResolveRequest'];
/** The full bracket of a tournament: stages, rounds, matches and placements. */
export type Bracket = Schemas['Bracket'];
/** One round of a bracket, e.g. "Semi-finals". */
export type BracketRound = Schemas['BracketRound'];
/**
 * A match as the bracket lists it: place in the tree, sides, scores, status, outcome, best-of, decider and kick-off
 * (getMatch gives the whole `Match`: per-game scores, pending report, times, history).
 */
export type BracketMatch = Schemas['BracketMatch'];
/** A final placement, e.g. placementRange "3-4". */
export type Placement = Schemas['Placement'];

// Circuits (R9.1 to R9.19)
/** A series of tournaments organised into seasons. */
export type Circuit = Schemas['Circuit'];
/** A season of a circuit with its point scoring. */
export type Season = Schemas['Season'];
/** Point scoring of a season (PLACEMENT, LINEAR or EXPONENTIAL). */
export type ScoringConfig = Schemas['ScoringConfig'];
/** One competitor's line in a season's standings. */
export type Standing = Schemas['Standing'];
/** Points awarded for one tournament's final placements. */
export type Classification = Schemas['Classification'];
/** One participant's points in a classification (placement, points after the multiplier, wins). */
export type ClassificationAward = Schemas['ClassificationAward'];
/** Circuit status: DRAFT, ACTIVE, COMPLETED. */
export type CircuitStatus = Schemas['CircuitStatus'];
/** Season status: UPCOMING, ACTIVE, COMPLETED. */
export type SeasonStatus = Schemas['SeasonStatus'];
/** A circuit as anyone may see it (no project id). */
export type CircuitPublic = Schemas['CircuitPublic'];
/** A public circuit with the top of its current standings. */
export type CircuitPublicDetails = Schemas['CircuitPublicDetails'];
/** A tournament classified into a season, with its multiplier. */
export type CircuitTournament = Schemas['CircuitTournament'];
/** Body of POST /circuits. */
export type CircuitCreate = Schemas['CircuitCreate'];
/** Body of PUT /circuits/{id} (partial update). */
export type CircuitUpdate = Schemas['CircuitUpdate'];
/** Body of POST /circuits/{id}/seasons. */
export type SeasonCreate = Schemas['SeasonCreate'];
/** Body of POST /circuits/{id}/tournaments/{tid}/classify: `{ pointMultiplier? }`. */
export type ClassifyRequest = Schemas['ClassifyRequest'];
/** Engagement and standings analytics of a circuit. */
export type CircuitAnalytics = Schemas['CircuitAnalytics'];
/** Figures of one season in circuit analytics. */
export type SeasonAnalytics = Schemas['SeasonAnalytics'];
/** Min, quartiles, median, max and mean of point totals. */
export type PointsDistribution = Schemas['PointsDistribution'];
/** Participation in one classified tournament (new and returning competitors). */
export type CircuitEngagementPoint = Schemas['CircuitEngagementPoint'];

// Users' extras: gaming accounts, notifications, calendar
/** A linked gaming account. */
export type GamingAccount = Schemas['GamingAccount'];
/** A gaming platform name. */
export type GamingPlatform = Schemas['GamingPlatform'];
/** Every gaming account linked to the caller. */
export type GamingProfile = Schemas['GamingProfile'];
/** Body of POST /gaming/platforms/{platform}/link. */
export type LinkGamingAccountRequest = Schemas['LinkGamingAccountRequest'];
/** A notification of the caller. */
export type Notification = Schemas['Notification'];
/** A notification type, e.g. MATCH_READY. */
export type NotificationType = Schemas['NotificationType'];
/** A notification channel: IN_APP, EMAIL or WEBHOOK. */
export type NotificationChannel = Schemas['NotificationChannel'];
/** Whether one notification type goes in-app, by email and by webhook. */
export type NotificationChannelSettings = Schemas['NotificationChannelSettings'];
/** The caller's notification preferences: channel settings of every type. */
export type NotificationPreferences = Schemas['NotificationPreferences'];
/** Body of PATCH /notifications/preferences. */
export type NotificationPreferencesUpdate = Schemas['NotificationPreferencesUpdate'];
/** An entry of the caller's calendar. */
export type CalendarEvent = Schemas['CalendarEvent'];
/** Kind of a calendar entry, e.g. MATCH or TOURNAMENT_START. */
export type CalendarEventType = Schemas['CalendarEventType'];
/** A personal calendar feed token and the URL calendar apps subscribe to (shown once). */
export type CalendarFeedToken = Schemas['CalendarFeedToken'];

// Webhooks
/** A webhook subscription (without its secret). */
export type Webhook = Schemas['WebhookSubscription'];
/** A newly created webhook subscription, with its `whsec_...` secret (shown once). */
export type WebhookCreated = Schemas['WebhookCreated'];
/** A webhook event name. */
export type WebhookEventType = Schemas['WebhookEventType'];
/** A webhook event payload `{ id, type, createdAt, data }`. */
export type WebhookEvent = Schemas['WebhookEvent'];

// Anti-cheat (R12.4, R12.8)
/** An anti-cheat session of a match. */
export type AntiCheatSession = Schemas['AntiCheatSession'];
/** Answer of POST /anti-cheat/sessions. */
export type AntiCheatSessionStarted = Schemas['AntiCheatSessionStarted'];
/** An enrolled anti-cheat client of a user. */
export type AntiCheatClient = Schemas['AntiCheatClient'];
/** An anti-cheat detection as listed (never carries evidence content). */
export type Detection = Schemas['Detection'];
/** Detection severity: LOW, MEDIUM, HIGH, CRITICAL. */
export type DetectionSeverity = Schemas['DetectionSeverity'];
/** A presigned evidence upload URL and its conditions. */
export type EvidencePresign = Schemas['EvidencePresign'];
