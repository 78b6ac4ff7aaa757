import {
  applyMatchAction,
  DomainError,
  type MatchAction,
  type MatchActor,
  type MatchState,
  type MatchStatus,
  type MatchTransition,
} from '@tourney/core';
import type { AppDeps } from '../deps';
import type { AuthContext } from '../http/auth-context';
import { ApiError, notFound } from '../http/errors';
import type { AccessService } from './access';
import { writeEvents } from './events';
import type { Match } from './tournaments/api-types';
import { resolveMatchActor } from './tournaments/match-actor';
import { completeMatch } from './tournaments/match-completion';
import { appendMatchHistory } from './tournaments/match-history';
import { parseReportedResult, type MatchRow, type StoredReportedResult } from './tournaments/match-mapper';
import { findMatchRow, readMatches } from './tournaments/match-reader';
import { updateMatchVersioned } from './tournaments/match-write';
import type { TournamentRow } from './tournaments/tournament-mapper';
import { findTournamentRow, type Db } from './tournaments/tournament-reader';
import { requireVisibleTournament } from './tournaments/visibility';

/** Body of reportMatchResult (spec 2.3). */
export interface ReportInput {
  winnerId?: string | null;
  scores: { participantId: string; score: number }[];
}

/** Brackets whose matches may end in a draw (pool formats); elimination brackets may not. */
const DRAW_BRACKETS = ['ROUND_ROBIN', 'SWISS', 'GROUP'];

/** The state machine's view of a match row. */
function stateOf(row: MatchRow): MatchState {
  const stored = parseReportedResult(row.reported_result);
  return {
    status: row.status as MatchStatus,
    participants: [row.participant1_id, row.participant2_id],
    reported:
      stored === null ? null : { winnerId: stored.winnerId, scores: stored.scores, reportedBy: stored.reportedByParticipantId },
    allowDraw: DRAW_BRACKETS.includes(row.bracket),
  };
}

/**
 * Runs core's state machine; its VALIDATION_ERROR details are re-rooted under `body.` (e.g.
 * `body.scores[1].participantId`). Other domain errors pass through (the HTTP layer maps their codes).
 */
function transition(row: MatchRow, action: MatchAction, actor: MatchActor): MatchTransition {
  try {
    return applyMatchAction(stateOf(row), action, actor);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'VALIDATION_ERROR') {
      const details = (error.details ?? []).map((d) => ({ path: `body.${d.path}`, message: d.message }));
      throw new ApiError('VALIDATION_ERROR', error.message, { details, cause: error });
    }
    throw error;
  }
}

/**
 * Matches (spec 2.3, 3.2, 4.4): reading, and the result workflow start -> report -> confirm driven by core's
 * `applyMatchAction`. Writes need a user token (API keys are refused by the router, spec 5.2), run in one
 * transaction, update the match with `WHERE id = ? AND version = ?` (409 CONFLICT when it changed meanwhile)
 * and append history (STARTED, REPORTED, CONFIRMED, WALKOVER). Events:
 * - `match.started` (data: matchId, tournamentId, stageId, status);
 * - `match.score_reported` (data: matchId, tournamentId, stageId, status, reportedResult {winnerId, scores, reportedBy});
 * - `match.completed` (see tournaments/match-completion.ts), and `tournament.completed` after the last match.
 * Refused transitions are 409 with core's code (INVALID_TRANSITION, MATCH_ALREADY_COMPLETED, MATCH_NOT_READY);
 * a user on neither side is 403 NOT_MATCH_PARTICIPANT; the reporting side confirming is 403 FORBIDDEN.
 */
export class MatchService {
  constructor(
    private readonly deps: AppDeps,
    private readonly access: AccessService,
  ) {}

  private get db(): Db {
    return this.deps.db;
  }

  private async read(row: MatchRow): Promise<Match> {
    const [match] = await readMatches(this.db, row.tournament_id, [row]);
    return match as Match;
  }

  private async reload(id: string): Promise<Match> {
    const row = await findMatchRow(this.db, id);
    if (!row) throw notFound('match');
    return this.read(row);
  }

  /** The match and its tournament for a write by the calling user, with the user's role on the match. */
  private async prepare(
    auth: AuthContext,
    id: string,
    allowOrganizer: boolean,
  ): Promise<{ userId: string; row: MatchRow; tournament: TournamentRow; actor: MatchActor }> {
    const userId = this.access.requireUser(auth);
    const row = await findMatchRow(this.db, id);
    if (!row) throw notFound('match');
    const tournament = await findTournamentRow(this.db, row.tournament_id);
    if (!tournament) throw notFound('match');
    const actor = await resolveMatchActor(this.db, this.access, userId, row, tournament, allowOrganizer);
    return { userId, row, tournament, actor };
  }

  /** A match of a visible tournament, with sides, scores, paths, reported result and history. @throws ApiError 404. */
  async get(auth: AuthContext, id: string): Promise<Match> {
    const row = await findMatchRow(this.db, id);
    if (!row) throw notFound('match');
    await requireVisibleTournament(this.db, this.access, auth, row.tournament_id).catch((error: unknown) => {
      throw error instanceof ApiError && error.code === 'NOT_FOUND' ? notFound('match') : error;
    });
    return this.read(row);
  }

  /** SCHEDULED -> IN_PROGRESS by a participant of the match or an organizer (spec 3.2; event match.started). */
  async start(auth: AuthContext, id: string): Promise<Match> {
    const { userId, row, tournament, actor } = await this.prepare(auth, id, true);
    const next = transition(row, { type: 'start' }, actor);
    const now = this.deps.clock.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await updateMatchVersioned(trx, row, { status: next.status, started_at: now }, now);
      await appendMatchHistory(trx, row.id, { type: 'STARTED', actorUserId: userId, data: { status: next.status, by: actor.kind } }, now);
      await writeEvents(trx, this.deps, [
        {
          projectId: tournament.project_id,
          type: 'match.started',
          subjectId: row.id,
          data: { matchId: row.id, tournamentId: row.tournament_id, stageId: row.stage_id, status: next.status },
        },
      ]);
    });
    return this.reload(id);
  }

  /**
   * A participant of the match reports its result: SCHEDULED | IN_PROGRESS -> PENDING_RESULT (event
   * match.score_reported). Core validates the scores (one per side, integers >= 0) and the winner: equal scores
   * without `winnerId` are a draw in round robin, Swiss and group matches and a 400 naming `body.winnerId` in
   * elimination brackets (a tie-break decided it: name the winner); the winner may not have the lower score.
   * @throws ApiError 400 naming `body.scores[i]...` or `body.winnerId`.
   */
  async report(auth: AuthContext, id: string, input: ReportInput): Promise<Match> {
    const { userId, row, tournament, actor } = await this.prepare(auth, id, false);
    const next = transition(row, { type: 'report', winnerId: input.winnerId ?? null, scores: input.scores }, actor);
    const reported = next.reported;
    if (reported === null || actor.kind !== 'participant') throw new Error('report produced no reported result');
    const now = this.deps.clock.now().toISOString();
    const stored: StoredReportedResult = {
      winnerId: reported.winnerId,
      scores: reported.scores.map((s) => ({ participantId: s.participantId, score: s.score })),
      reportedBy: userId,
      reportedAt: now,
      reportedByParticipantId: actor.participantId,
    };
    await this.db.transaction().execute(async (trx) => {
      await updateMatchVersioned(trx, row, { status: next.status, reported_result: JSON.stringify(stored) }, now);
      await appendMatchHistory(
        trx,
        row.id,
        { type: 'REPORTED', actorUserId: userId, data: { participantId: actor.participantId, winnerId: stored.winnerId, scores: stored.scores } },
        now,
      );
      await writeEvents(trx, this.deps, [
        {
          projectId: tournament.project_id,
          type: 'match.score_reported',
          subjectId: row.id,
          data: {
            matchId: row.id,
            tournamentId: row.tournament_id,
            stageId: row.stage_id,
            status: next.status,
            reportedResult: { winnerId: stored.winnerId, scores: stored.scores, reportedBy: userId },
          },
        },
      ]);
    });
    return this.reload(id);
  }

  /**
   * The opponent of the reporting side, or an organizer (approval), confirms the reported result:
   * PENDING_RESULT -> COMPLETED; the winner advances to `next.winner`, the loser to `next.loser` (losers bracket,
   * third-place match, grand-final reset) or leaves; a draw (pool formats) completes with no winner. The last match
   * of a Swiss round pairs the next round, the last of a stage seeds the next stage, the last of the tournament
   * completes it, all in this transaction (tournaments/match-completion.ts, stage-completion.ts).
   */
  async confirm(auth: AuthContext, id: string): Promise<Match> {
    const { userId, row, tournament, actor } = await this.prepare(auth, id, true);
    const next = transition(row, { type: 'confirm' }, actor);
    if (next.scores === null) throw new Error('confirm produced no scores');
    const [first, second] = next.scores;
    const scores: [number, number] = [first?.score ?? 0, second?.score ?? 0];
    const { winnerId, loserId, isDraw } = next;
    const now = this.deps.clock.now().toISOString();
    await this.db.transaction().execute((trx) =>
      completeMatch(
        { db: trx, sink: this.deps, tournament, now },
        row,
        { status: 'COMPLETED', winnerId, loserId, isDraw, scores, resultType: 'NORMAL' },
        {
          type: 'CONFIRMED',
          actorUserId: userId,
          data: { winnerId, loserId, isDraw, scores: next.scores, by: actor.kind === 'organizer' ? 'ORGANIZER' : 'OPPONENT' },
        },
      ),
    );
    return this.reload(id);
  }
}
