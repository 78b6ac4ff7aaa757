import { sql } from 'kysely';
import { bracketPlayRankSql } from './play-order';
import { participantFilterIds } from '../players/participant-filter';
import type { Db } from '../../db/db';
import { type RowPage, queryPage } from '../../db/page-query';
import type { ScheduleQuery } from '../../contract-types';
import type { MatchRow } from '../../db/rows';

/**
 * One page of a tournament's matches in play order across stages (stage number, play round, bracket play rank,
 * group, round, number: a losers-bracket round comes after the winners round feeding it, a grand final after both
 * finals) and the total count under the same filters (on the `(tournament_id, ...)` match indexes). Filters: stage
 * number and group number (R25.8), round (within each stage), status, participant.
 */
export async function querySchedulePage(db: Db, tournamentId: string, q: ScheduleQuery & { totalCap: number }): Promise<RowPage<MatchRow>> {
  let base = db.selectFrom('matches').where('matches.tournament_id', '=', tournamentId);
  const stageNumber = q.stage;
  if (stageNumber !== undefined) {
    base = base.where('matches.stage_id', 'in', (eb) =>
      eb.selectFrom('stages').select('stages.id').where('stages.tournament_id', '=', tournamentId).where('stages.number', '=', stageNumber),
    );
  }
  if (q.groupNumber !== undefined) base = base.where('matches.group_number', '=', q.groupNumber);
  if (q.round !== undefined) base = base.where('matches.round', '=', q.round);
  if (q.status !== undefined) base = base.where('matches.status', '=', q.status);
  if (q.participantId !== undefined) {
    const ids = await participantFilterIds(db, tournamentId, q.participantId); // a user id finds her participant (R26.5)
    base = base.where((eb) => eb.or([eb('matches.participant1_id', 'in', ids), eb('matches.participant2_id', 'in', ids)]));
  }
  return queryPage(base, q, (b) =>
    b
      .innerJoin('stages', 'stages.id', 'matches.stage_id')
      .selectAll('matches')
      .orderBy('stages.number')
      .orderBy(sql`coalesce(matches.play_round, matches.round)`)
      .orderBy(bracketPlayRankSql())
      .orderBy(sql`coalesce(matches.group_number, 0)`)
      .orderBy('matches.round')
      .orderBy('matches.number'),
  );
}
