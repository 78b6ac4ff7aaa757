import { applyMultiplier, competitorKey, createScorer, type ScoringConfig } from '@tourney/core';
import type { Db } from '../../db/db';
import type { ClassificationAward } from '../../contract-types';

/**
 * Points one participant earns from a classification, before it is stored: the contract's ClassificationAward
 * (placement: the best place of a shared range, "3-4" -> 3; points: base points x multiplier, rounded half up to
 * hundredths by core applyMultiplier) plus the key of the competitor the points go to in standings.
 */
export type AwardDraft = ClassificationAward & { competitorKey: string };

/** Result types that count as a won match: played (NORMAL, or null on older rows) or won by WALKOVER. */
const WINNING_RESULTS = ['NORMAL', 'WALKOVER'];

/**
 * Matches won per participant of a tournament (COMPLETED or RESOLVED, a winner set, decided by play or walkover;
 * byes and double forfeits excluded): one grouped query.
 */
export async function winsByParticipant(db: Db, tournamentId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('matches')
    .select(['winner_id', (eb) => eb.fn.countAll<number>().as('wins')])
    .where('tournament_id', '=', tournamentId)
    .where('status', 'in', ['COMPLETED', 'RESOLVED'])
    .where('winner_id', 'is not', null)
    .where((eb) => eb.or([eb('result_type', 'is', null), eb('result_type', 'in', WINNING_RESULTS)]))
    .groupBy('winner_id')
    .execute();
  return new Map(rows.map((r) => [r.winner_id as string, Number(r.wins)]));
}

/**
 * The awards of a completed tournament under a season's scoring (R9.13, R9.14): every
 * participant with a final placement (`participants.final_placement`, written when the tournament completed) except
 * DISQUALIFIED ones scores the points of its placement times `multiplier`; participants sharing a placement each
 * score it. A team entry is identified by its team name, a solo entry by its user, and a solo entry without an account
 * (a guest) by its name, trimmed, any case (core competitorKey, R9.15).
 * Sorted by placement, then name.
 */
export async function buildAwards(db: Db, tournamentId: string, scoring: ScoringConfig, multiplier: number): Promise<AwardDraft[]> {
  const score = createScorer(scoring);
  const [participants, wins] = await Promise.all([
    db
      .selectFrom('participants')
      .select(['id', 'user_id', 'name', 'team_name', 'final_placement'])
      .where('tournament_id', '=', tournamentId)
      .where('final_placement', 'is not', null)
      .where('status', '!=', 'DISQUALIFIED')
      .orderBy('final_placement', 'asc')
      .orderBy('name', 'asc')
      .execute(),
    winsByParticipant(db, tournamentId),
  ]);
  return participants.map((p) => {
    const placement = p.final_placement as number;
    return {
      participantId: p.id,
      competitorKey: competitorKey({ teamName: p.team_name, userId: p.user_id, name: p.name, participantId: p.id }),
      userId: p.team_name === null ? p.user_id : null,
      teamName: p.team_name,
      name: p.name,
      placement,
      points: applyMultiplier(score(placement), multiplier),
      wins: wins.get(p.id) ?? 0,
    };
  });
}
