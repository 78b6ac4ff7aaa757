import type { Db } from '../../db/db';
import type { Circuit, CircuitPublic, Season } from '../../contract-types';
import { toCircuit, toCircuitPublic, toSeason } from './circuit-mapper';
import type { CircuitRow, SeasonRow } from '../../db/rows';

/** The circuits row with `id`, or undefined. */
export function findCircuitRow(db: Db, id: string): Promise<CircuitRow | undefined> {
  return db.selectFrom('circuits').selectAll().where('id', '=', id).executeTakeFirst();
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
 * The season standings default to (openapi `getCircuitStandings`): the ACTIVE season, else the latest COMPLETED one,
 * else the first UPCOMING one; undefined when the circuit has no season.
 */
export function currentSeason<S extends { status: string; number: number }>(seasons: readonly S[]): S | undefined {
  const byNumber = [...seasons].sort((a, b) => a.number - b.number);
  return (
    byNumber.find((s) => s.status === 'ACTIVE') ??
    byNumber.filter((s) => s.status === 'COMPLETED').at(-1) ??
    byNumber.find((s) => s.status === 'UPCOMING')
  );
}
