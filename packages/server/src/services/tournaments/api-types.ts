/**
 * Response and request shapes of the tournament, participant and match operations
 * (openapi.yaml `Tournament`, `Stage`, `Participant`, `Match`, `Bracket`). Instants are UTC ISO 8601 strings.
 */

/** Tournament status (R5.8). */
export type TournamentStatus = 'DRAFT' | 'PUBLISHED' | 'REGISTRATION_OPEN' | 'REGISTRATION_CLOSED' | 'ONGOING' | 'COMPLETED';

/** Stage status. */
export type StageStatus = 'PENDING' | 'ONGOING' | 'COMPLETED';

/** Stage format (R7.2 to R7.10). */
export type StageFormatName = 'SINGLE_ELIMINATION' | 'DOUBLE_ELIMINATION' | 'ROUND_ROBIN' | 'SWISS' | 'GROUPS';

/** Participant status. */
export type ParticipantStatus = 'REGISTERED' | 'CHECKED_IN' | 'ACTIVE' | 'ELIMINATED' | 'DISQUALIFIED' | 'WITHDRAWN' | 'NO_SHOW';

/** Settings of a stage; which field applies to which format is documented in openapi.yaml `StageSettings`. */
export interface StageSettings {
  thirdPlaceMatch?: boolean;
  grandFinal?: 'none' | 'simple' | 'double';
  roundRobinCycles?: 1 | 2;
  pointsForWin?: number;
  pointsForDraw?: number;
  pointsForLoss?: number;
  tiebreaks?: string[];
  swissRounds?: number;
  swissWinsToAdvance?: number;
  swissLossesToEliminate?: number;
  groupCount?: number;
  qualifiersPerGroup?: number;
  advanceCount?: number;
  /** Minutes between the scheduled starts of consecutive rounds (default 60). */
  roundIntervalMinutes?: number;
}

/** A stage as given on create or update. */
export interface StageInput {
  name: string;
  format: StageFormatName;
  settings?: StageSettings;
}

/** A stage of a tournament. */
export interface Stage {
  id: string;
  number: number;
  name: string;
  format: StageFormatName;
  status: StageStatus;
  settings: StageSettings;
}

/** Participants of a tournament counted by status group. */
export interface ParticipantCounts {
  registered: number;
  checkedIn: number;
  active: number;
  eliminated: number;
  disqualified: number;
  withdrawn: number;
  noShow: number;
}

/** A tournament (R5.4). */
export interface Tournament {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  disciplineId: string;
  status: TournamentStatus;
  maxParticipants: number;
  currentParticipants: number;
  teamSize: number;
  startDate: string;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  checkInRequired: boolean;
  checkInOpensMinutesBefore: number;
  stages: Stage[];
  participantCounts: ParticipantCounts;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
}

/** Body of createTournament. */
export interface TournamentCreateInput {
  name: string;
  description?: string | null;
  disciplineId: string;
  maxParticipants: number;
  teamSize?: number;
  startDate: string;
  registrationOpensAt?: string | null;
  registrationClosesAt?: string | null;
  checkInRequired?: boolean;
  checkInOpensMinutesBefore?: number;
  stages: StageInput[];
  projectId?: string;
}

/** Body of updateTournament: every field optional (PUT = partial update). */
export type TournamentUpdateInput = Partial<Omit<TournamentCreateInput, 'projectId'>>;

/** A member of a team participant. */
export interface TeamMember {
  userId: string;
  username: string;
}

/** A participant: one user or a team (R6.1, R6.2). */
export interface Participant {
  id: string;
  tournamentId: string;
  userId: string | null;
  name: string;
  seed: number | null;
  status: ParticipantStatus;
  team: { name: string; members: TeamMember[] } | null;
  registeredAt: string;
  checkedInAt: string | null;
  finalPlacement: number | null;
  placementRange: string | null;
}

/** Where a match's winner or loser goes next. */
export interface MatchSlotRef {
  matchId: string;
  slot: 1 | 2;
}

/** One side of a match. */
export interface MatchSide {
  participantId: string | null;
  name: string | null;
  seed: number | null;
  score: number | null;
}

/** A result reported by a participant, awaiting confirmation. */
export interface ReportedResultView {
  winnerId: string | null;
  scores: { participantId: string; score: number }[];
  /** User id of the reporter. */
  reportedBy: string;
  reportedAt: string;
}

/** One entry of a match's history. */
export interface MatchHistoryEntry {
  id: string;
  type: string;
  actorUserId: string | null;
  at: string;
  data: Record<string, unknown>;
}

/** A match (R8.12). */
export interface Match {
  id: string;
  tournamentId: string;
  stageId: string;
  stageNumber: number;
  bracket: string;
  groupNumber: number | null;
  round: number;
  number: number;
  status: string;
  participants: [MatchSide, MatchSide];
  winnerId: string | null;
  loserId: string | null;
  isDraw: boolean;
  resultType: string | null;
  scheduledAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  next: { winner: MatchSlotRef | null; loser: MatchSlotRef | null };
  reportedResult: ReportedResultView | null;
  history: MatchHistoryEntry[];
}

/** A placement in the bracket response. */
export interface BracketPlacement {
  participantId: string;
  name: string;
  placement: number;
  placementRange: string;
}

/** One line of a round-robin, Swiss or group stage's standings (openapi `StandingsRow`). */
export interface StandingsRow {
  rank: number;
  participantId: string;
  name: string;
  seed: number;
  group: number | null;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  points: number;
  scoreFor: number;
  scoreAgainst: number;
  scoreDifference: number;
  /** Value of each configured criterion, by name (POINTS, BUCHHOLZ ...). */
  tiebreaks: Record<string, number>;
  tiedWithPrevious: boolean;
  /** Esports-form Swiss: ACTIVE, ADVANCED or ELIMINATED; null otherwise. */
  status: 'ACTIVE' | 'ADVANCED' | 'ELIMINATED' | null;
}

/** One stage of the bracket: its rounds and, for pool formats, its standings. */
export interface BracketStage {
  stage: Stage;
  rounds: { bracket: string; round: number; name: string; matches: Match[] }[];
  standings: StandingsRow[];
}

/** The bracket of a started tournament. */
export interface Bracket {
  tournamentId: string;
  status: TournamentStatus;
  stages: BracketStage[];
  placements: BracketPlacement[];
}
