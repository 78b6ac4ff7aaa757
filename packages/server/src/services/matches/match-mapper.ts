import { defaultGroupName } from '@tourney/core';
import type {
  BracketKind,
  BracketMatch,
  Match,
  MatchHistoryEntry,
  MatchHistoryType,
  MatchResultType,
  MatchSide,
  MatchSlotRef,
  MatchStatus,
  ReportedResult,
} from '../../contract-types';
import type { MatchHistoryRow, MatchRow } from '../../db/rows';
import { parseDecider, parseGames } from './series';

/**
 * The `reported_result` JSON column: the API `ReportedResult` (reportedBy = reporting user id) plus the
 * participant id of the reporting side, which the state machine compares on confirm.
 */
export interface StoredReportedResult extends ReportedResult {
  reportedByParticipantId: string;
}

/** Name and seed of a participant, for match sides. */
export interface SideInfo {
  name: string;
  seed: number | null;
}

/** Parses the `reported_result` column (null when absent or malformed). */
export function parseReportedResult(json: string | null): StoredReportedResult | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as StoredReportedResult | null;
    return value !== null && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** Maps a match_history row to the API entry (data parsed from JSON). */
export function toHistoryEntry(row: MatchHistoryRow): MatchHistoryEntry {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.data);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch {
    data = {};
  }
  return { id: row.id, type: row.type as MatchHistoryType, actorUserId: row.actor_user_id, at: row.at, data };
}

function slotRef(matchId: string | null, slot: number | null): MatchSlotRef | null {
  return matchId === null || (slot !== 1 && slot !== 2) ? null : { matchId, slot };
}

/** The group's name of a GROUPS match (its own, else the default A, B, ...), null for other matches. */
function groupNameOf(row: Pick<MatchRow, 'group_number' | 'group_name'>): string | null {
  return row.group_number === null ? null : (row.group_name ?? defaultGroupName(row.group_number));
}

/** Where a match's winner and loser go next (`next.winner`, `next.loser`; null when the side leaves the stage). */
function nextOf(row: Pick<MatchRow, 'next_winner_match_id' | 'next_winner_slot' | 'next_loser_match_id' | 'next_loser_slot'>): Match['next'] {
  return { winner: slotRef(row.next_winner_match_id, row.next_winner_slot), loser: slotRef(row.next_loser_match_id, row.next_loser_slot) };
}

function side(participantId: string | null, score: number | null, sides: ReadonlyMap<string, SideInfo>, stageSeed: number | undefined): MatchSide {
  if (participantId === null) return { participantId: null, name: null, seed: null, score: null };
  const info = sides.get(participantId);
  return { participantId, name: info?.name ?? null, seed: stageSeed ?? info?.seed ?? null, score };
}

/** Seed of participant `id` in stage `stageId` from `${stageId}:${participantId}` keys (no closure per match mapped). */
function stageSeedOf(stageSeeds: ReadonlyMap<string, number> | undefined, stageId: string, id: string | null): number | undefined {
  return id === null ? undefined : stageSeeds?.get(`${stageId}:${id}`);
}

/** The columns of a matches row that {@link toMatch} reads (a read may leave the others out). */
export type MatchViewRow = Omit<MatchRow, 'version' | 'created_at' | 'updated_at' | 'play_round' | 'key'>;

/**
 * Maps a matches row to the API `Match`. `sides` gives names and tournament seeds of participants by id,
 * `stageSeeds` their seeds in the match's stage (keyed `${stageId}:${participantId}`, preferred: a later stage
 * re-seeds its qualifiers), `bestOf` the match's best-of (R25.1), `history` the match's entries in time order (left
 * out when undefined: lists, R25.9). Scores are the final ones (set on completion) with their games and decider
 * (R25.2, R25.4); a pending report is in `reportedResult`.
 */
export function toMatch(
  row: MatchViewRow,
  ctx: { stageNumber: number; sides: ReadonlyMap<string, SideInfo>; stageSeeds?: ReadonlyMap<string, number>; bestOf?: number; history?: MatchHistoryEntry[] },
): Match {
  const reported = parseReportedResult(row.reported_result);
  return {
    id: row.id,
    tournamentId: row.tournament_id,
    stageId: row.stage_id,
    stageNumber: ctx.stageNumber,
    bracket: row.bracket as BracketKind,
    groupNumber: row.group_number,
    groupName: groupNameOf(row),
    round: row.round,
    number: row.number,
    status: row.status as MatchStatus,
    participants: [
      side(row.participant1_id, row.score1, ctx.sides, stageSeedOf(ctx.stageSeeds, row.stage_id, row.participant1_id)),
      side(row.participant2_id, row.score2, ctx.sides, stageSeedOf(ctx.stageSeeds, row.stage_id, row.participant2_id)),
    ],
    winnerId: row.winner_id,
    loserId: row.loser_id,
    isDraw: row.is_draw === 1,
    resultType: row.result_type as MatchResultType,
    scheduledAt: row.scheduled_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    next: nextOf(row),
    reportedResult:
      reported === null
        ? null
        : {
            winnerId: reported.winnerId,
            scores: reported.scores,
            reportedBy: reported.reportedBy,
            reportedAt: reported.reportedAt,
            ...(reported.games ? { games: reported.games } : {}),
            ...(reported.decider ? { decider: reported.decider } : {}),
          },
    bestOf: (ctx.bestOf ?? 1) as Match['bestOf'],
    games: parseGames(row.games),
    decider: parseDecider(row.decider),
    ...(ctx.history !== undefined ? { history: ctx.history } : {}),
  };
}

/** The columns of a matches row that {@link toBracketMatch} reads. */
export type BracketMatchRow = Pick<
  MatchRow,
  | 'id'
  | 'stage_id'
  | 'bracket'
  | 'group_number'
  | 'group_name'
  | 'round'
  | 'number'
  | 'status'
  | 'participant1_id'
  | 'participant2_id'
  | 'score1'
  | 'score2'
  | 'winner_id'
  | 'is_draw'
  | 'result_type'
  | 'scheduled_at'
  | 'next_winner_match_id'
  | 'next_winner_slot'
  | 'next_loser_match_id'
  | 'next_loser_slot'
  | 'decider'
>;

/**
 * Maps a matches row to the bracket form of a match (`BracketMatch`, R5.15): its place in the tree, sides (names and
 * seeds from `sides`, as {@link toMatch} gives them without stage seeds), scores, status, outcome, best-of, decider
 * and kick-off. The match resource ({@link toMatch}) has the rest.
 */
export function toBracketMatch(row: BracketMatchRow, ctx: { sides: ReadonlyMap<string, SideInfo>; bestOf: number }): BracketMatch {
  return {
    id: row.id,
    bracket: row.bracket as BracketKind,
    groupNumber: row.group_number,
    groupName: groupNameOf(row),
    round: row.round,
    number: row.number,
    status: row.status as MatchStatus,
    participants: [side(row.participant1_id, row.score1, ctx.sides, undefined), side(row.participant2_id, row.score2, ctx.sides, undefined)],
    winnerId: row.winner_id,
    isDraw: row.is_draw === 1,
    resultType: row.result_type as MatchResultType,
    scheduledAt: row.scheduled_at,
    next: nextOf(row),
    bestOf: ctx.bestOf as BracketMatch['bestOf'],
    decider: parseDecider(row.decider),
  };
}
