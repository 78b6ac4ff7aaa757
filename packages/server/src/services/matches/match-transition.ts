import {
  applyMatchAction,
  bracketAllowsDraws,
  DomainError,
  validateResult,
  type MatchAction,
  type MatchActor,
  type MatchState,
  type MatchStatus,
  type MatchTransition,
  type ResultInput,
  type ValidatedResult,
  type Decider,
  type GameScore,
} from '@tourney/core';
import { AppError } from '../../errors/app-error';
import { parseReportedResult } from './match-mapper';
import type { MatchRow } from '../../db/rows';

/** The state machine's view of a match row played over `bestOf` games (R25.1). */
export function stateOf(row: MatchRow, bestOf: number): MatchState {
  const stored = parseReportedResult(row.reported_result);
  return {
    status: row.status as MatchStatus,
    participants: [row.participant1_id, row.participant2_id],
    reported:
      stored === null
        ? null
        : {
            winnerId: stored.winnerId,
            scores: stored.scores,
            reportedBy: stored.reportedByParticipantId,
            ...(stored.games ? { games: stored.games as GameScore[] } : {}),
            ...(stored.decider ? { decider: stored.decider as Decider } : {}),
          },
    allowDraw: bracketAllowsDraws(row.bracket),
    bestOf,
  };
}

/** Runs `fn`, re-rooting core VALIDATION_ERROR details under `body.` (e.g. `body.scores[1].participantId`). */
function withBodyPaths<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'VALIDATION_ERROR') {
      const details = (error.details ?? []).map((d) => ({ path: `body.${d.path}`, message: d.message }));
      throw new AppError('VALIDATION_ERROR', error.message, { details, cause: error });
    }
    throw error;
  }
}

/**
 * Runs core's state machine (`applyMatchAction`, R8.1) on a match row. Its VALIDATION_ERROR details are
 * re-rooted under `body.`; other domain errors pass through (the HTTP layer maps their codes: FORBIDDEN,
 * NOT_MATCH_PARTICIPANT, MATCH_ALREADY_COMPLETED, MATCH_NOT_READY, INVALID_TRANSITION).
 */
export function transition(row: MatchRow, action: MatchAction, actor: MatchActor, bestOf: number): MatchTransition {
  return withBodyPaths(() => applyMatchAction(stateOf(row, bestOf), action, actor));
}

/**
 * Validates a result for a match row played over `bestOf` games with core's `validateResult` (draws only in brackets
 * whose format allows them, core `bracketAllowsDraws`; series and deciders, R25.2, R25.4).
 * @throws AppError 400 naming `body.scores...` / `body.winnerId` / `body.games...` / `body.decider...`; DomainError
 *   MATCH_NOT_READY when a side is unknown.
 */
export function validateRowResult(row: MatchRow, input: ResultInput, bestOf: number): ValidatedResult {
  return withBodyPaths(() =>
    validateResult([row.participant1_id, row.participant2_id], input, { allowDraw: bracketAllowsDraws(row.bracket), bestOf }),
  );
}
