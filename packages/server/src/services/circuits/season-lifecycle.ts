import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors/app-error';
import { writeEvents, type EventSink } from '../events';
import type { Db } from '../../db/db';
import type { Season, SeasonStatus } from '../../contract-types';
import { toSeason } from './circuit-mapper';
import { rewriteSeasonStandings } from './season-standings';
import type { CircuitRow, SeasonRow } from '../../db/rows';

/** What a season transition works with: the open transaction, the event sink, the circuit and the instant. */
export interface SeasonWriteContext {
  db: Db;
  sink: EventSink;
  circuit: CircuitRow;
  now: string;
}

/** Classified tournaments of one season, counted in the given handle (inside the transaction). */
async function tournamentCount(db: Db, seasonId: string): Promise<number> {
  const row = await db
    .selectFrom('circuit_classifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('season_id', '=', seasonId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The season a start targets (R9.7): `seasonId` when given (404 when not a season of the circuit,
 * 409 INVALID_STATE unless UPCOMING), else the UPCOMING season with the earliest startDate (then number).
 * @throws AppError 409 INVALID_STATE when a season is already ACTIVE or none is UPCOMING.
 */
export function seasonToStart(seasons: readonly SeasonRow[], seasonId: string | undefined): SeasonRow {
  const active = seasons.find((s) => s.status === 'ACTIVE');
  if (active) throw new AppError('INVALID_STATE', `season ${active.number} ("${active.name}") is ACTIVE: complete it before starting another`);
  if (seasonId !== undefined) {
    const named = seasons.find((s) => s.id === seasonId);
    if (!named) throw new AppError('NOT_FOUND', 'season not found', { details: [{ path: 'body.seasonId', message: 'is not a season of this circuit' }] });
    if (named.status !== 'UPCOMING') throw new AppError('INVALID_STATE', `season ${named.number} is ${named.status}; only an UPCOMING season can start`);
    return named;
  }
  const upcoming = seasons
    .filter((s) => s.status === 'UPCOMING')
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.number - b.number)[0];
  if (!upcoming) throw new AppError('INVALID_STATE', 'the circuit has no UPCOMING season to start: create one first');
  return upcoming;
}

/** The season a completion targets (R9.7): the ACTIVE one. @throws AppError 409 INVALID_STATE when none is ACTIVE. */
export function seasonToComplete(seasons: readonly SeasonRow[]): SeasonRow {
  const active = seasons.find((s) => s.status === 'ACTIVE');
  if (!active) throw new AppError('INVALID_STATE', 'the circuit has no ACTIVE season to complete');
  return active;
}

/**
 * Moves `season` out of status `from` with `changes` (its new status and instants) unless a concurrent write moved
 * it first; returns the season row as it now is, or null when it was no longer in `from`.
 */
async function moveSeason(db: Db, season: SeasonRow, from: SeasonStatus, changes: Partial<SeasonRow>): Promise<SeasonRow | null> {
  const result = await db.updateTable('circuit_seasons').set(changes).where('id', '=', season.id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 0 ? null : { ...season, ...changes };
}

/** Records the event `type` of a season's transition (data: circuitId, season) and returns the API season. */
async function recordSeasonEvent(ctx: SeasonWriteContext, type: 'circuit.season_started' | 'circuit.season_ended', row: SeasonRow): Promise<Season> {
  const { db, circuit } = ctx;
  const season = toSeason(row, await tournamentCount(db, row.id));
  await writeEvents(db, ctx.sink, [{ projectId: circuit.project_id, type, subjectId: circuit.id, data: { circuitId: circuit.id, season } }]);
  return season;
}

/**
 * UPCOMING -> ACTIVE for `season`, the circuit becomes ACTIVE, and the event `circuit.season_started`
 * (data: circuitId, season) is recorded, all in the caller's transaction.
 * @throws AppError 409 INVALID_STATE when another start won the race.
 */
export async function startSeason(ctx: SeasonWriteContext, season: SeasonRow): Promise<Season> {
  const { db, circuit, now } = ctx;
  const raced = () => new AppError('INVALID_STATE', 'the circuit changed meanwhile: another season was started');
  let started: SeasonRow | null;
  try {
    started = await moveSeason(db, season, 'UPCOMING', { status: 'ACTIVE', started_at: now, updated_at: now });
  } catch (error) {
    throw isUniqueViolation(error) ? raced() : error;
  }
  if (!started) throw raced();
  await db.updateTable('circuits').set({ status: 'ACTIVE', updated_at: now }).where('id', '=', circuit.id).execute();
  return recordSeasonEvent(ctx, 'circuit.season_started', started);
}

/**
 * ACTIVE -> COMPLETED for `season`: its standings are recomputed one last time and stay as they are from then on
 * (no classification reaches a COMPLETED season); the circuit becomes COMPLETED when no UPCOMING season remains;
 * the event `circuit.season_ended` (data: circuitId, season) is recorded, all in the caller's transaction.
 * @throws AppError 409 INVALID_STATE when the season was completed meanwhile.
 */
export async function completeSeason(ctx: SeasonWriteContext, season: SeasonRow): Promise<Season> {
  const { db, circuit, now } = ctx;
  const completed = await moveSeason(db, season, 'ACTIVE', { status: 'COMPLETED', completed_at: now, updated_at: now });
  if (!completed) throw new AppError('INVALID_STATE', 'the season was completed meanwhile');
  await rewriteSeasonStandings(db, circuit.id, season.id, now);
  const upcoming = await db
    .selectFrom('circuit_seasons')
    .select('id')
    .where('circuit_id', '=', circuit.id)
    .where('status', '=', 'UPCOMING')
    .executeTakeFirst();
  await db
    .updateTable('circuits')
    .set({ status: upcoming ? 'ACTIVE' : 'COMPLETED', updated_at: now })
    .where('id', '=', circuit.id)
    .execute();
  return recordSeasonEvent(ctx, 'circuit.season_ended', completed);
}
