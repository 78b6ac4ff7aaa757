import { AppError } from '../../errors/app-error';
import { writeEvents, type EventSink } from '../events';
import type { Db } from '../../db/db';
import type { CircuitRow } from '../../db/rows';
import { rewriteSeasonStandings } from './season-standings';

/**
 * Takes the classification of `tournamentId` out of `circuit` (openapi unclassifyTournament), in the caller's
 * transaction, which holds the circuit's lock (the lock classify, the season moves and deleteCircuit take first): the
 * classification and its awards are deleted, the season's standings recomputed from the awards left (so exactly as if
 * the tournament had never been classified: same points, wins, places, ranks and latest names) and the event
 * `circuit.standings_updated` (data: circuitId, seasonId, tournamentId, change `UNCLASSIFIED`) recorded. Cumulative
 * standings and analytics are computed from the awards when read: nothing else is stored. The season is read under
 * the lock, so a completion committed meanwhile is seen (409) and one that follows finalizes the recomputed standings.
 * @returns the id of the season the tournament was classified into.
 * @throws AppError 404 NOT_FOUND when the tournament is not classified in the circuit; 409 INVALID_STATE when its
 *   season is no longer ACTIVE (a COMPLETED season's standings are final).
 */
export async function removeClassification(db: Db, sink: EventSink, circuit: CircuitRow, tournamentId: string, now: string): Promise<string> {
  const classification = await db
    .selectFrom('circuit_classifications')
    .select(['id', 'season_id'])
    .where('circuit_id', '=', circuit.id)
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirst();
  if (!classification) throw new AppError('NOT_FOUND', 'the tournament is not classified in this circuit');
  const season = await db.selectFrom('circuit_seasons').select(['number', 'status']).where('id', '=', classification.season_id).executeTakeFirstOrThrow();
  if (season.status !== 'ACTIVE') {
    throw new AppError('INVALID_STATE', `season ${season.number} is ${season.status}: its standings are final and its tournaments stay classified`);
  }
  await db.deleteFrom('circuit_awards').where('classification_id', '=', classification.id).execute();
  await db.deleteFrom('circuit_classifications').where('id', '=', classification.id).execute();
  await rewriteSeasonStandings(db, circuit.id, classification.season_id, now);
  await writeEvents(db, sink, [
    {
      projectId: circuit.project_id,
      type: 'circuit.standings_updated',
      subjectId: circuit.id,
      data: { circuitId: circuit.id, seasonId: classification.season_id, tournamentId, change: 'UNCLASSIFIED' },
    },
  ]);
  return classification.season_id;
}
