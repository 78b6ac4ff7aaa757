import { isFinalMatchStatus, type MatchActor, type MatchStatus, type MatchTransition } from '@tourney/core';
import type { AuthContext } from '../../auth/auth-context';
import { AppError, invalidField, notFound } from '../../errors/app-error';
import { writeEvents } from '../events';
import { matchEventIds } from './event-data';
import { transition, validateRowResult } from './match-transition';
import { applyCorrection, checkCorrectable, sameResult } from './result-correction';
import { countEvidence, MAX_EVIDENCE_PER_MATCH } from './evidence';
import { resolveMatchActor, resolveStaffActor } from './match-actor';
import { completeMatch, type CompletionEventExtras, type MatchOutcomeInput } from './match-completion';
import { appendMatchHistory, type HistoryInput } from './match-history';
import type { StoredReportedResult } from './match-mapper';
import { findMatchRow, type MatchStageInfo } from './match-reader';
import { updateMatchVersioned } from './match-write';
import { MatchWriteService, type MatchWriteOptions, type MatchWriteResult, type Prepared } from './match-write-service';
import { seriesData } from './series';
import { requireVisibleTournament } from '../tournaments/visibility';
import type {
  Match,
  MatchCorrection,
  MatchCorrectionRequest,
  MatchDisputeRequest,
  MatchEvidenceRequest,
  MatchReportRequest,
  MatchRescheduleRequest,
  MatchResolveRequest,
} from '../../contract-types';
import type { MatchRow, TournamentRow } from '../../db/rows';

export type { MatchWriteOptions, MatchWriteResult } from './match-write-service';

/**
 * Matches (R8.1 to R8.23): reading, the result workflow driven by core's `applyMatchAction` (start,
 * report, confirm, dispute, resolve), dispute evidence, result correction and rescheduling. Writes need a user token
 * (API keys are refused by the router, R8.3). Each runs in one transaction that updates the match with
 * `WHERE id = ? AND version = ?` (409 CONFLICT when it changed meanwhile, so of two concurrent transitions exactly one
 * happens), appends history and writes exactly one event per transition:
 * - `match.started`, `match.score_reported` (reportedResult), `match.completed` (see tournaments/match-completion.ts),
 *   `match.disputed` (reason, evidence, disputedBy, participantId), `match.resolved` (the result, reason,
 *   resolvedBy, previousStatus), `match.result_corrected` and `match.reset` (matches/result-correction.ts),
 *   `match.rescheduled` (scheduledAt, previousScheduledAt, reason); `tournament.completed` after the last match.
 * Report, confirm, dispute, evidence, resolve and correct take an Idempotency-Key (matches/idempotency.ts): the
 * answer is stored in the transaction of the effect and replayed for a retry of the same request by the same user.
 * Refused transitions are 409 with core's code (INVALID_TRANSITION, MATCH_ALREADY_COMPLETED, MATCH_NOT_READY);
 * a user on neither side is 403 NOT_MATCH_PARTICIPANT; staff actions by anyone else are 403 FORBIDDEN.
 */
export class MatchService extends MatchWriteService {
  /**
   * The write that decides a match by a confirmed or resolved result `next` of core's state machine: completes it
   * with `how.status` (tournaments/match-completion.ts advances the bracket), appends a `how.history` entry with the
   * result (with its games and decider, R25.2, R25.4) and `how.data`, adds `how.extras` to the completion event, and
   * answers the match as it then is.
   */
  private decide(
    row: MatchRow,
    tournament: TournamentRow,
    stage: MatchStageInfo | null,
    userId: string,
    next: MatchTransition,
    how: { status: MatchOutcomeInput['status']; history: HistoryInput['type']; data: Record<string, unknown>; extras?: CompletionEventExtras },
  ): Prepared<Match> {
    if (next.scores === null) throw new Error(`${how.history} produced no scores`);
    const scores: [number, number] = [next.scores[0]?.score ?? 0, next.scores[1]?.score ?? 0];
    const { winnerId, loserId, isDraw } = next;
    return {
      tournament,
      effect: async (ctx) => {
        const series = { games: next.games, decider: next.decider };
        const written = await completeMatch(
          ctx,
          row,
          { status: how.status, winnerId, loserId, isDraw, scores, resultType: 'NORMAL', ...series },
          { type: how.history, actorUserId: userId, data: { winnerId, loserId, isDraw, scores: next.scores, ...seriesData(series), ...how.data } },
          how.extras,
        );
        return this.readWritten(ctx.db, written, stage);
      },
    };
  }

  /** A match of a visible tournament, with sides, scores, paths, reported result and history. @throws AppError 404. */
  async get(auth: AuthContext, id: string): Promise<Match> {
    const row = await findMatchRow(this.db, id);
    if (!row) throw notFound('match');
    await requireVisibleTournament(this.db, this.access, auth, row.tournament_id).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound('match') : error;
    });
    return this.readMatch(this.db, id);
  }

  /** SCHEDULED -> IN_PROGRESS by a participant of the match or an organizer (R8.6; event match.started). */
  async start(auth: AuthContext, id: string): Promise<MatchWriteResult<Match>> {
    return this.write(auth, { operation: 'startMatch', matchId: id, body: null }, async (userId, now) => {
      const { row, tournament, stage, bestOf } = await this.load(id);
      const actor = await resolveMatchActor(this.db, this.access, userId, row, tournament, true);
      const next = transition(row, { type: 'start' }, actor, bestOf);
      return {
        tournament,
        effect: async ({ db, sink }) => {
          const written = await updateMatchVersioned(db, row, { status: next.status, started_at: now }, now);
          await appendMatchHistory(db, row.id, { type: 'STARTED', actorUserId: userId, data: { status: next.status, by: actor.kind } }, now);
          await writeEvents(db, sink, [
            { projectId: tournament.project_id, type: 'match.started', subjectId: row.id, data: { ...matchEventIds(row), status: next.status } },
          ]);
          return this.readWritten(db, written, stage);
        },
      };
    });
  }

  /**
   * A participant of the match reports its result: SCHEDULED | IN_PROGRESS -> PENDING_RESULT (event
   * match.score_reported). Core validates the scores (one per side, integers >= 0) and the winner: equal scores
   * without `winnerId` are a draw in round robin, Swiss and group matches and a 400 naming `body.winnerId` in
   * elimination brackets (a tie-break decided it: name the winner, or give the decider, R25.4); the winner may not
   * have the lower score. Per-game scores (`games`) give the match score of a series (R25.2).
   * @throws AppError 400 naming `body.scores[i]...`, `body.winnerId`, `body.games...` or `body.decider...`.
   */
  async report(auth: AuthContext, id: string, input: MatchReportRequest, options?: MatchWriteOptions): Promise<MatchWriteResult<Match>> {
    return this.write(auth, { operation: 'reportMatchResult', matchId: id, body: input, options }, async (userId, now) => {
      const { row, tournament, stage, bestOf } = await this.load(id);
      const actor = await resolveMatchActor(this.db, this.access, userId, row, tournament, false);
      const next = transition(row, { type: 'report', winnerId: input.winnerId ?? null, ...resultFields(input) }, actor, bestOf);
      const reported = next.reported;
      if (reported === null || actor.kind !== 'participant') throw new Error('report produced no reported result');
      const stored: StoredReportedResult = {
        winnerId: reported.winnerId,
        scores: reported.scores.map((s) => ({ participantId: s.participantId, score: s.score })),
        reportedBy: userId,
        reportedAt: now,
        reportedByParticipantId: actor.participantId,
        ...seriesData(reported),
      };
      return {
        tournament,
        effect: async ({ db, sink }) => {
          const written = await updateMatchVersioned(db, row, { status: next.status, reported_result: JSON.stringify(stored) }, now);
          await appendMatchHistory(
            db,
            row.id,
            {
              type: 'REPORTED',
              actorUserId: userId,
              data: { participantId: actor.participantId, winnerId: stored.winnerId, scores: stored.scores, ...seriesData(reported) },
            },
            now,
          );
          await writeEvents(db, sink, [
            {
              projectId: tournament.project_id,
              type: 'match.score_reported',
              subjectId: row.id,
              data: {
                ...matchEventIds(row),
                status: next.status,
                reportedResult: { winnerId: stored.winnerId, scores: stored.scores, reportedBy: userId, ...seriesData(reported) },
              },
            },
          ]);
          return this.readWritten(db, written, stage);
        },
      };
    });
  }

  /**
   * The opponent of the reporting side, or an organizer (approval), confirms the reported result:
   * PENDING_RESULT -> COMPLETED; the winner advances to `next.winner`, the loser to `next.loser` (losers bracket,
   * third-place match, grand-final reset) or leaves; a draw (pool formats) completes with no winner. The last match
   * of a Swiss round pairs the next round, the last of a stage seeds the next stage, the last of the tournament
   * completes it, all in this transaction (tournaments/match-completion.ts, stage-completion.ts).
   */
  async confirm(auth: AuthContext, id: string, options?: MatchWriteOptions): Promise<MatchWriteResult<Match>> {
    return this.write(auth, { operation: 'confirmMatchResult', matchId: id, body: null, options }, async (userId) => {
      const { row, tournament, stage, bestOf } = await this.load(id);
      const actor = await resolveMatchActor(this.db, this.access, userId, row, tournament, true);
      const next = transition(row, { type: 'confirm' }, actor, bestOf);
      const by = actor.kind === 'organizer' ? 'ORGANIZER' : 'OPPONENT';
      return this.decide(row, tournament, stage, userId, next, { status: 'COMPLETED', history: 'CONFIRMED', data: { by } });
    });
  }

  /**
   * Either participant challenges the reported result: PENDING_RESULT -> DISPUTED (R8.9; event match.disputed,
   * queued for organizer review). The reported result stays as it was claimed; reason and evidence go to the history.
   * @throws AppError 403 NOT_MATCH_PARTICIPANT (organizers included: they resolve), 409 as the state machine.
   */
  async dispute(auth: AuthContext, id: string, input: MatchDisputeRequest, options?: MatchWriteOptions): Promise<MatchWriteResult<Match>> {
    return this.write(auth, { operation: 'disputeMatchResult', matchId: id, body: input, options }, async (userId, now) => {
      const { row, tournament, stage } = await this.load(id);
      const actor = await resolveMatchActor(this.db, this.access, userId, row, tournament, false);
      const evidence = input.evidence ?? [];
      const next = transition(row, { type: 'dispute', reason: input.reason, evidence }, actor, 1);
      const participantId = actor.kind === 'participant' ? actor.participantId : null;
      return {
        tournament,
        effect: async ({ db, sink }) => {
          const written = await updateMatchVersioned(db, row, { status: next.status }, now);
          await appendMatchHistory(db, row.id, { type: 'DISPUTED', actorUserId: userId, data: { participantId, reason: input.reason, evidence } }, now);
          await writeEvents(db, sink, [
            {
              projectId: tournament.project_id,
              type: 'match.disputed',
              subjectId: row.id,
              data: { ...matchEventIds(row), status: next.status, reason: input.reason, evidence, disputedBy: userId, participantId },
            },
          ]);
          return this.readWritten(db, written, stage);
        },
      };
    });
  }

  /**
   * A participant of the match adds evidence references (URLs, and an optional note) to its open dispute: an
   * EVIDENCE_ADDED history entry; the match stays DISPUTED (no transition, no event). A dispute holds at most
   * {@link MAX_EVIDENCE_PER_MATCH} references.
   * @throws AppError 403 NOT_MATCH_PARTICIPANT; 409 MATCH_ALREADY_COMPLETED once final, INVALID_TRANSITION unless
   *   DISPUTED (also when it is resolved concurrently); 400 naming `body.evidence` beyond the limit.
   */
  async addEvidence(auth: AuthContext, id: string, input: MatchEvidenceRequest, options?: MatchWriteOptions): Promise<MatchWriteResult<Match>> {
    return this.write(auth, { operation: 'addMatchEvidence', matchId: id, body: input, options }, async (userId, now) => {
      const { row, tournament } = await this.load(id);
      const actor = await resolveMatchActor(this.db, this.access, userId, row, tournament, false);
      if (isFinalMatchStatus(row.status as MatchStatus)) throw new AppError('MATCH_ALREADY_COMPLETED', `The match is already ${row.status}`);
      if (row.status !== 'DISPUTED') throw new AppError('INVALID_TRANSITION', `evidence can be added only to a DISPUTED match (it is ${row.status})`);
      const attached = await countEvidence(this.db, row.id);
      if (attached + input.evidence.length > MAX_EVIDENCE_PER_MATCH) {
        throw invalidField('body.evidence', `a dispute holds at most ${MAX_EVIDENCE_PER_MATCH} evidence references (${attached} attached)`);
      }
      const participantId = actor.kind === 'participant' ? actor.participantId : null;
      return {
        tournament,
        effect: async ({ db }) => {
          const still = await db.updateTable('matches').set({ updated_at: now }).where('id', '=', row.id).where('status', '=', 'DISPUTED').executeTakeFirst();
          if (Number(still.numUpdatedRows) === 0) throw new AppError('INVALID_TRANSITION', 'evidence can be added only to a DISPUTED match (it changed meanwhile)');
          await appendMatchHistory(
            db,
            row.id,
            { type: 'EVIDENCE_ADDED', actorUserId: userId, data: { participantId, evidence: input.evidence, ...(input.note !== undefined ? { note: input.note } : {}) } },
            now,
          );
          return this.readMatch(db, id);
        },
      };
    });
  }

  /**
   * An organizer or moderator sets the final result (R8.11): DISPUTED -> RESOLVED, or as an organizer override
   * any other non-final status -> RESOLVED (a moderator only resolves disputes). RESOLVED advances like COMPLETED
   * (tournaments/match-completion.ts) and writes event match.resolved (result, reason, resolvedBy, previousStatus).
   * @throws AppError 403 FORBIDDEN (participants of the match, other users; moderators outside a dispute),
   *   409 MATCH_ALREADY_COMPLETED / MATCH_NOT_READY, 400 naming the result fields.
   */
  async resolve(auth: AuthContext, id: string, input: MatchResolveRequest, options?: MatchWriteOptions): Promise<MatchWriteResult<Match>> {
    return this.write(auth, { operation: 'resolveMatch', matchId: id, body: input, options }, async (userId) => {
      const { row, tournament, stage, bestOf } = await this.load(id);
      const actor: MatchActor = await resolveStaffActor(this.db, this.access, userId, row, tournament, true);
      const next = transition(row, { type: 'resolve', winnerId: input.winnerId ?? null, ...resultFields(input), reason: input.reason }, actor, bestOf);
      const by = actor.kind === 'moderator' ? 'MODERATOR' : 'ORGANIZER';
      return this.decide(row, tournament, stage, userId, next, {
        status: 'RESOLVED',
        history: 'RESOLVED',
        data: { reason: input.reason, by, previousStatus: row.status },
        extras: { reason: input.reason, resolvedBy: userId, previousStatus: row.status },
      });
    });
  }

  /**
   * An organizer corrects the result of a COMPLETED or RESOLVED match of an ONGOING or COMPLETED tournament (R8.13):
   * the bracket is rewired, and later matches that depend on the result are refused (409 CONFLICT naming them)
   * unless `cascade` resets them (matches/result-correction.ts). A COMPLETED tournament is refused when classified in
   * a circuit or when a later stage was played, and returns to ONGOING when the correction leaves a match to play
   * (matches/completed-correction.ts). The match keeps its status; history CORRECTED, event match.result_corrected.
   * @throws AppError 403 FORBIDDEN (not an organizer, or a participant of the match), 409 TOURNAMENT_LOCKED /
   *   INVALID_STATE / INVALID_TRANSITION / CONFLICT, 400 naming the result fields or an unchanged result (`body.scores`).
   */
  async correct(auth: AuthContext, id: string, input: MatchCorrectionRequest, options?: MatchWriteOptions): Promise<MatchWriteResult<MatchCorrection>> {
    return this.write(auth, { operation: 'correctMatchResult', matchId: id, body: input, options, completedAllowed: true }, async (userId) => {
      const { row, tournament, bestOf } = await this.load(id);
      await resolveStaffActor(this.db, this.access, userId, row, tournament, false);
      checkCorrectable(row, tournament);
      const result = validateRowResult(row, { winnerId: input.winnerId ?? null, ...resultFields(input) }, bestOf);
      if (sameResult(row, result)) throw invalidField('body.scores', 'equal the current result: nothing to correct');
      return {
        tournament,
        effect: async (ctx) => {
          const outcome = await applyCorrection(ctx, row, result, input, userId);
          return { match: await this.readMatch(ctx.db, id), ...outcome };
        },
      };
    });
  }

  /**
   * An organizer moves a SCHEDULED match to another time (R8.19): `scheduledAt` must lie in the future; history
   * RESCHEDULED, event match.rescheduled (scheduledAt, previousScheduledAt, reason). The same time again changes
   * nothing (no history, no event).
   * @throws AppError 403 FORBIDDEN, 409 INVALID_TRANSITION unless SCHEDULED (MATCH_ALREADY_COMPLETED once final),
   *   400 naming `body.scheduledAt`.
   */
  async reschedule(auth: AuthContext, id: string, input: MatchRescheduleRequest): Promise<MatchWriteResult<Match>> {
    return this.write(auth, { operation: 'rescheduleMatch', matchId: id, body: input }, async (userId, now) => {
      const { row, tournament } = await this.load(id);
      await resolveStaffActor(this.db, this.access, userId, row, tournament, false);
      if (isFinalMatchStatus(row.status as MatchStatus)) throw new AppError('MATCH_ALREADY_COMPLETED', `The match is already ${row.status}`);
      if (row.status !== 'SCHEDULED') throw new AppError('INVALID_TRANSITION', `only a SCHEDULED match can be rescheduled (it is ${row.status})`);
      const at = new Date(input.scheduledAt);
      if (Number.isNaN(at.getTime())) throw invalidField('body.scheduledAt', 'must be a date-time');
      if (at.getTime() <= new Date(now).getTime()) throw invalidField('body.scheduledAt', `must be in the future (now is ${now})`);
      const scheduledAt = at.toISOString();
      return {
        tournament,
        effect: async ({ db, sink }) => {
          if (row.scheduled_at !== null && new Date(row.scheduled_at).getTime() === at.getTime()) return this.readMatch(db, id);
          await updateMatchVersioned(db, row, { scheduled_at: scheduledAt }, now);
          const change = { scheduledAt, previousScheduledAt: row.scheduled_at, ...(input.reason !== undefined ? { reason: input.reason } : {}) };
          await appendMatchHistory(db, row.id, { type: 'RESCHEDULED', actorUserId: userId, data: change }, now);
          await writeEvents(db, sink, [
            { projectId: tournament.project_id, type: 'match.rescheduled', subjectId: row.id, data: { ...matchEventIds(row), status: row.status, ...change } },
          ]);
          return this.readMatch(db, id);
        },
      };
    });
  }
}

/** The result fields of a report, resolution or correction body, each only when sent (R25.2, R25.4). */
function resultFields(input: Pick<MatchReportRequest, 'scores' | 'games' | 'decider'>): Pick<MatchReportRequest, 'scores' | 'games' | 'decider'> {
  return {
    ...(input.scores !== undefined ? { scores: input.scores } : {}),
    ...(input.games !== undefined ? { games: input.games } : {}),
    ...(input.decider !== undefined ? { decider: input.decider } : {}),
  };
}
