import type { Db } from '../../db/db';

/**
 * Deletes circuit `circuitId` with everything it holds (openapi deleteCircuit), in the caller's transaction under the
 * circuit's lock: the standings of its seasons, its awards, classifications and seasons, then the circuit row. Each
 * delete runs on an index led by its filter (the standings by season id, the rest by circuit id, R3.8). The classified
 * tournaments themselves are untouched, and the events recorded before stay.
 */
export async function deleteCircuitRows(db: Db, circuitId: string): Promise<void> {
  const seasonIds = db.selectFrom('circuit_seasons').select('id').where('circuit_id', '=', circuitId);
  await db.deleteFrom('circuit_standings').where('season_id', 'in', seasonIds).execute();
  await db.deleteFrom('circuit_awards').where('circuit_id', '=', circuitId).execute();
  await db.deleteFrom('circuit_classifications').where('circuit_id', '=', circuitId).execute();
  await db.deleteFrom('circuit_seasons').where('circuit_id', '=', circuitId).execute();
  await db.deleteFrom('circuits').where('id', '=', circuitId).execute();
}
