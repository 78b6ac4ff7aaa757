import type { Entrant } from '@tourney/core';
import type { Db } from '../../db/db';
import type { DatabaseDialect } from '../../db/dialect';

/** The entrants of a stage with their stage seeds (1..N), best seed first. */
export async function readStageEntrants(db: Db, stageId: string): Promise<Entrant[]> {
  const rows = await db
    .selectFrom('stage_entrants')
    .select(['participant_id', 'seed'])
    .where('stage_id', '=', stageId)
    .orderBy('seed')
    .execute();
  return rows.map((r) => ({ id: r.participant_id, seed: r.seed }));
}

/** How many entrants a stage has (0 before it is generated). */
export async function countStageEntrants(db: Db, stageId: string): Promise<number> {
  const row = await db
    .selectFrom('stage_entrants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('stage_id', '=', stageId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Records who enters a stage and with which stage seed, inside the caller's transaction, with `dialect`'s bulk
 * insert (`insertRows`).
 */
export async function writeStageEntrants(db: Db, tournamentId: string, stageId: string, entrants: readonly Entrant[], dialect: DatabaseDialect): Promise<void> {
  const rows = entrants.map((e) => ({ stage_id: stageId, tournament_id: tournamentId, participant_id: e.id, seed: e.seed }));
  return dialect.insertRows(db, 'stage_entrants', rows);
}

