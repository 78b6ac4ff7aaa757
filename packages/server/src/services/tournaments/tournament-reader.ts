import type { Db } from '../../db/db';
import type { ParticipantCounts, Stage, Tournament } from '../../contract-types';
import { countsFromGroups, type StageFields, toStage, toTournament } from './tournament-mapper';
import type { StageRow, TournamentRow } from '../../db/rows';
import { reusableQuery } from '../../db/compiled-query';
import type { DatabaseDialect } from '../../db/dialect';
import { jsonRows } from '../../db/json-rows';

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

/** A tournaments row with what its API `Tournament` shows of its children. */
export interface TournamentDetails {
  row: TournamentRow;
  /** Its stages in `number` order. */
  stages: Stage[];
  counts: Required<ParticipantCounts>;
}

type DetailsRead = (db: Db, parameters: readonly unknown[]) => Promise<(TournamentRow & { stages_json: unknown; counts_json: unknown })[]>;

/** The one-statement read of each dialect (the SQL is a pure function of the dialect). */
const detailsReads = new WeakMap<DatabaseDialect, DetailsRead>();

function detailsRead(dialect: DatabaseDialect): DetailsRead {
  let read = detailsReads.get(dialect);
  if (!read) {
    read = reusableQuery((db) =>
      db
        .selectFrom('tournaments')
        .selectAll('tournaments')
        .select((eb) => [
          dialect
            .jsonArrayFrom(
              eb
                .selectFrom('stages')
                .select(['stages.id', 'stages.number', 'stages.name', 'stages.format', 'stages.status', 'stages.settings'])
                .whereRef('stages.tournament_id', '=', 'tournaments.id'),
            )
            .as('stages_json'),
          dialect
            .jsonArrayFrom(
              eb
                .selectFrom('participants')
                .select(['participants.status', eb.fn.countAll<number>().as('count')])
                .whereRef('participants.tournament_id', '=', 'tournaments.id')
                .groupBy('participants.status'),
            )
            .as('counts_json'),
        ])
        .where('tournaments.id', '=', ''),
    );
    detailsReads.set(dialect, read);
  }
  return read;
}

/**
 * The tournament `id` with its stages and participant counts in one statement (getTournament's read, R18.7: one
 * statement instead of three), or undefined when there is no such row.
 */
export async function findTournamentDetails(db: Db, dialect: DatabaseDialect, id: string): Promise<TournamentDetails | undefined> {
  const found = (await detailsRead(dialect)(db, [id]))[0];
  if (!found) return undefined;
  const { stages_json, counts_json, ...row } = found;
  const stages = jsonRows<StageFields>(stages_json).sort((a, b) => a.number - b.number).map(toStage);
  return { row, stages, counts: countsFromGroups(jsonRows<{ status: string; count: number }>(counts_json)) };
}

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
