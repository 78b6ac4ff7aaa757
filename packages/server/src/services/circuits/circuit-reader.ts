import type { Db } from '../../db/db';
import type { DatabaseDialect } from '../../db/dialect';
import { notFound } from '../../errors/app-error';
import type { Circuit, CircuitPublic, Season } from '../../contract-types';
import { toCircuit, toCircuitPublic, toSeason } from './circuit-mapper';
import type { CircuitRow, SeasonRow } from '../../db/rows';

/** The circuits row with `id`, or undefined. */
export function findCircuitRow(db: Db, id: string): Promise<CircuitRow | undefined> {
  return db.selectFrom('circuits').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Locks circuit `id` in `trx` (the lock every write of its seasons, classifications and standings takes first) and
 * reads it again. @throws AppError 404 when it was deleted meanwhile, rather than a write that fails.
 */
export async function lockCircuitRow(trx: Db, dialect: DatabaseDialect, id: string): Promise<CircuitRow> {
  await dialect.lockRows(trx, 'circuits', [id]);
  const row = await findCircuitRow(trx, id);
  if (!row) throw notFound('circuit');
  return row;
}

/** The seasons rows of a circuit by number. */
export function findSeasonRows(db: Db, circuitId: string): Promise<SeasonRow[]> {
  return db.selectFrom('circuit_seasons').selectAll().where('circuit_id', '=', circuitId).orderBy('number', 'asc').execute();
}

/** API seasons of many circuits (two queries), grouped by circuit id, each list by number. */
export async function readSeasonsOf(db: Db, circuitIds: readonly string[]): Promise<Map<string, Season[]>> {
  const out = new Map<string, Season[]>(circuitIds.map((id) => [id, []]));
  if (circuitIds.length === 0) return out;
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('circuit_seasons')
      .selectAll()
      .where('circuit_id', 'in', circuitIds)
      .orderBy('circuit_id')
      .orderBy('number', 'asc')
      .execute(),
    db
      .selectFrom('circuit_classifications')
      .select(['season_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('circuit_id', 'in', circuitIds)
      .groupBy('season_id')
      .execute(),
  ]);
  const countBy = new Map(counts.map((c) => [c.season_id, Number(c.count)]));
  for (const row of rows) out.get(row.circuit_id)?.push(toSeason(row, countBy.get(row.id) ?? 0));
  return out;
}

/** The API `Circuit` of a row with all its seasons. */
export async function readCircuit(db: Db, row: CircuitRow): Promise<Circuit> {
  const seasons = await readSeasonsOf(db, [row.id]);
  return toCircuit(row, seasons.get(row.id) ?? []);
}

/** API `Circuit`s of many rows, in the order of `rows`. */
export async function readCircuits(db: Db, rows: readonly CircuitRow[]): Promise<Circuit[]> {
  const seasons = await readSeasonsOf(db, rows.map((r) => r.id));
  return rows.map((row) => toCircuit(row, seasons.get(row.id) ?? []));
}

/** Public views of many rows, in the order of `rows`. */
export async function readPublicCircuits(db: Db, rows: readonly CircuitRow[]): Promise<CircuitPublic[]> {
  const seasons = await readSeasonsOf(db, rows.map((r) => r.id));
  return rows.map((row) => toCircuitPublic(row, seasons.get(row.id) ?? []));
}

/**
 * The season standings default to (openapi `getCircuitStandings`, R9.17): the ACTIVE season, else the COMPLETED one
 * completed last, else the UPCOMING one the next `startCircuitSeason` would start (earliest startDate, then number,
 * R9.7); undefined when the circuit has no season. Seasons may be numbered out of date order, so numbers decide only
 * ties.
 */
export function currentSeason<S extends SeasonOrder | SeasonRowOrder>(seasons: readonly S[]): S | undefined {
  const order = (s: S): SeasonOrder => ('start_date' in s ? { status: s.status, number: s.number, startDate: s.start_date, completedAt: s.completed_at } : s);
  const byNumber = [...seasons].sort((a, b) => a.number - b.number);
  const completed = byNumber.filter((s) => s.status === 'COMPLETED');
  const upcoming = byNumber.filter((s) => s.status === 'UPCOMING');
  return (
    byNumber.find((s) => s.status === 'ACTIVE') ??
    completed.reduce<S | undefined>((latest, s) => (latest === undefined || (order(s).completedAt ?? '') >= (order(latest).completedAt ?? '') ? s : latest), undefined) ??
    upcoming.reduce<S | undefined>((first, s) => (first === undefined || order(s).startDate < order(first).startDate ? s : first), undefined)
  );
}

/** What orders a season (API shape) for currentSeason. */
interface SeasonOrder {
  status: string;
  number: number;
  startDate: string;
  completedAt: string | null;
}

/** What orders a season (row shape) for currentSeason. */
interface SeasonRowOrder {
  status: string;
  number: number;
  start_date: string;
  completed_at: string | null;
}
