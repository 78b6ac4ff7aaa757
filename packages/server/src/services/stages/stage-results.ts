import type { MatchOutcome, StageMatchResult } from '@tourney/core';
import type { Db } from '../../db/db';
import type { MatchRow } from '../../db/rows';

/** A stage's match as core reads it: results for standings and Swiss pairing, outcomes for placements. */
export interface StageResults {
  results: StageMatchResult[];
  outcomes: MatchOutcome[];
}

/**
 * Every match of a stage as core results (key, sides in slot order, winner, draw, scores in slot order or null).
 * Matches without any known side (a grand-final reset closed as NOT_NEEDED) are left out; undecided matches
 * are kept (core ignores them).
 */
export async function readStageResults(db: Db, stageId: string): Promise<StageResults> {
  const rows = await db
    .selectFrom('matches')
    .select(['key', 'participant1_id', 'participant2_id', 'winner_id', 'loser_id', 'is_draw', 'score1', 'score2'])
    .where('stage_id', '=', stageId)
    .execute();
  return toStageResults(rows);
}

/** The columns of a matches row that {@link toStageResults} reads. */
export type StageResultRow = Pick<MatchRow, 'key' | 'participant1_id' | 'participant2_id' | 'winner_id' | 'loser_id' | 'is_draw' | 'score1' | 'score2'>;

/** Core results and outcomes of some matches rows of one stage, as {@link readStageResults} gives them. Pure. */
export function toStageResults(rows: readonly StageResultRow[]): StageResults {
  const results: StageMatchResult[] = [];
  const outcomes: MatchOutcome[] = [];
  for (const r of rows) {
    if (r.participant1_id === null && r.participant2_id === null) continue;
    results.push({
      key: r.key,
      participants: [r.participant1_id, r.participant2_id],
      winnerId: r.winner_id,
      isDraw: r.is_draw === 1,
      scores: r.score1 !== null && r.score2 !== null ? [r.score1, r.score2] : null,
    });
    outcomes.push({ key: r.key, winnerId: r.winner_id, loserId: r.loser_id });
  }
  return { results, outcomes };
}
