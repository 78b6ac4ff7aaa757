import type { Db } from '../../db/db';
import type { ParticipantCounts, Stage, Tournament } from '../../contract-types';
import { countsFromGroups, toStage, toTournament } from './tournament-mapper';
import type { StageRow, TournamentRow } from '../../db/rows';
import { reusableQuery } from '../../db/compiled-query';

// The reads of getTournament and of every tournament operation, compiled once per handle (R18.7).
const tournamentById = reusableQuery((db) => db.selectFrom('tournaments').selectAll().where('id', '=', ''));
const stagesOfTournament = reusableQuery((db) =>
  db.selectFrom('stages').selectAll().where('tournament_id', '=', '').orderBy('number', 'asc'),
);
const participantGroups = reusableQuery((db) =>
  db
    .selectFrom('participants')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('tournament_id', '=', '')
    .groupBy('status'),
);

/** The tournaments row with `id`, or undefined. */
export function findTournamentRow(db: Db, id: string): Promise<TournamentRow | undefined> {
  return tournamentById(db, [id]).then((rows) => rows[0]);
}

/** The stages rows of a tournament in `number` order. */
export function findStageRows(db: Db, tournamentId: string): Promise<StageRow[]> {
  return stagesOfTournament(db, [tournamentId]);
}

/** Participant counts by status of one tournament: one grouped query over the (tournament_id, status) index. */
export async function countParticipants(db: Db, tournamentId: string): Promise<Required<ParticipantCounts>> {
  return countsFromGroups(await participantGroups(db, [tournamentId]));
}

/** The API `Tournament` of a row: loads its stages and participant counts (two queries). */
export async function readTournament(db: Db, row: TournamentRow): Promise<Tournament> {
  const [stageRows, counts] = await Promise.all([findStageRows(db, row.id), countParticipants(db, row.id)]);
  return toTournament(row, stageRows.map(toStage), counts);
}

/**
 * API `Tournament`s of many rows with three queries in all (stages and counts grouped by tournament), in the
 * order of `rows`.
 */
export async function readTournaments(db: Db, rows: readonly TournamentRow[]): Promise<Tournament[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [stageRows, groups] = await Promise.all([
    db.selectFrom('stages').selectAll().where('tournament_id', 'in', ids).orderBy('tournament_id').orderBy('number').execute(),
    db
      .selectFrom('participants')
      .select(['tournament_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('tournament_id', 'in', ids)
      .groupBy(['tournament_id', 'status'])
      .execute(),
  ]);
  const stagesBy = new Map<string, Stage[]>();
  for (const s of stageRows) {
    const list = stagesBy.get(s.tournament_id) ?? [];
    list.push(toStage(s));
    stagesBy.set(s.tournament_id, list);
  }
  const groupsBy = new Map<string, { status: string; count: number }[]>();
  for (const g of groups) {
    const list = groupsBy.get(g.tournament_id) ?? [];
    list.push(g);
    groupsBy.set(g.tournament_id, list);
  }
  return rows.map((r) => toTournament(r, stagesBy.get(r.id) ?? [], countsFromGroups(groupsBy.get(r.id) ?? [])));
}
