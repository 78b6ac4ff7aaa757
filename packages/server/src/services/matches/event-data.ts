import type { MatchRow } from '../../db/rows';
import { parseDecider, parseGames } from './series';

/** The ids every match event's `data` starts with (contract MatchEventData): matchId, tournamentId, stageId. */
export function matchEventIds(row: Pick<MatchRow, 'id' | 'tournament_id' | 'stage_id'>): { matchId: string; tournamentId: string; stageId: string } {
  return { matchId: row.id, tournamentId: row.tournament_id, stageId: row.stage_id };
}

/**
 * A match's decided result as history and events show it: winner, loser, draw, scores by participant (or null), and
 * its games and decider when it has them (R25.2, R25.4).
 */
export function resultOf(row: MatchRow): {
  winnerId: string | null;
  loserId: string | null;
  isDraw: boolean;
  resultType: string | null;
  scores: { participantId: string | null; score: number }[] | null;
  games?: unknown[];
  decider?: unknown;
} {
  const games = parseGames(row.games);
  const decider = parseDecider(row.decider);
  return {
    ...(games ? { games } : {}),
    ...(decider ? { decider } : {}),
    winnerId: row.winner_id,
    loserId: row.loser_id,
    isDraw: row.is_draw === 1,
    resultType: row.result_type,
    scores:
      row.score1 === null || row.score2 === null
        ? null
        : [
            { participantId: row.participant1_id, score: row.score1 },
            { participantId: row.participant2_id, score: row.score2 },
          ],
  };
}
