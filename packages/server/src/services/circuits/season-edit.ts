import { validateScoringConfig } from '@tourney/core';
import { AppError, invalidField } from '../../errors/app-error';
import type { Db } from '../../db/db';
import type { Schema } from '../../contract-types';
import type { CircuitRow, SeasonRow } from '../../db/rows';
import { storedNameIfSent } from '../stored-name';

/** The body of updateCircuitSeason: name, startDate, endDate and scoring, each optional (at least one). */
export type SeasonUpdate = Schema<'SeasonUpdate'>;

/** The fields only an UPCOMING season may change: its standings are made with them once it has started. */
const UPCOMING_ONLY = ['startDate', 'endDate', 'scoring'] as const;

/** A season update checked on its own (before the season is read): the trimmed name and the scoring core validated. */
export interface CheckedSeasonUpdate {
  name?: string;
  startDate?: string;
  endDate?: string;
  /** The scoring as core validated it (LINEAR gains minPoints 0), JSON-encoded as stored. */
  scoring?: string;
  /** The fields sent, by name. */
  sent: ReadonlyArray<keyof SeasonUpdate>;
}

/**
 * Checks what can be checked of an updateCircuitSeason body without the season: the name trimmed and not blank
 * (stored-name.ts) and the scoring (core validateScoringConfig, as at creation).
 * @throws AppError 400 naming `body.name` or the scoring's field (e.g. `body.scoring.placements["4"]`).
 */
export function checkSeasonUpdate(input: SeasonUpdate): CheckedSeasonUpdate {
  return {
    name: storedNameIfSent(input.name, 'body.name'),
    startDate: input.startDate,
    endDate: input.endDate,
    scoring: input.scoring === undefined ? undefined : JSON.stringify(validateScoringConfig(input.scoring, 'body.scoring')),
    sent: (Object.keys(input) as (keyof SeasonUpdate)[]).filter((k) => input[k] !== undefined),
  };
}

/**
 * Writes `update` to `season` (openapi updateCircuitSeason) in the caller's transaction, `season` read under the
 * circuit's lock (the one starting a season takes): an UPCOMING season takes every field; an ACTIVE or COMPLETED one
 * only its name. The dates are checked as at creation, against the season's other date when one is sent alone.
 * @returns the season row as written.
 * @throws AppError 409 INVALID_STATE naming each field (`body.startDate`, `body.endDate`, `body.scoring`) a started
 *   season cannot change; 400 naming the date sent (`body.endDate`, else `body.startDate`) when the end would come
 *   before the start.
 */
export async function writeSeasonUpdate(db: Db, season: SeasonRow, update: CheckedSeasonUpdate, now: string): Promise<SeasonRow> {
  if (season.status !== 'UPCOMING') {
    const refused = UPCOMING_ONLY.filter((field) => update.sent.includes(field));
    if (refused.length > 0) {
      const message = `season ${season.number} is ${season.status}: only its name can change`;
      throw new AppError('INVALID_STATE', `${refused.map((f) => `body.${f}`).join(', ')}: ${message}`, {
        details: refused.map((f) => ({ path: `body.${f}`, message })),
      });
    }
  }
  const startDate = update.startDate ?? season.start_date;
  const endDate = update.endDate ?? season.end_date;
  if (endDate < startDate) {
    throw update.endDate !== undefined
      ? invalidField('body.endDate', `must be on or after startDate (${startDate})`)
      : invalidField('body.startDate', `must be on or before endDate (${endDate})`);
  }
  const changes = {
    name: update.name ?? season.name,
    start_date: startDate,
    end_date: endDate,
    scoring: update.scoring ?? season.scoring,
    updated_at: now,
  };
  await db.updateTable('circuit_seasons').set(changes).where('id', '=', season.id).execute();
  return { ...season, ...changes };
}

/**
 * Deletes an UPCOMING `season` of `circuit` (openapi deleteCircuitSeason) in the caller's transaction, both read under
 * the circuit's lock. The other seasons keep their numbers: a number is shown in messages and pages and may be
 * quoted, so it never changes (a gap may remain; the next season added takes the highest number + 1). The circuit's
 * status then follows R9.5: an ACTIVE circuit left with neither an ACTIVE nor an UPCOMING season becomes COMPLETED (as
 * when its last season completes); a DRAFT circuit stays DRAFT (no season has started) and any other stays as it is.
 * @throws AppError 409 INVALID_STATE when the season is not UPCOMING (an ACTIVE or COMPLETED season holds standings).
 */
export async function deleteUpcomingSeason(db: Db, circuit: CircuitRow, season: SeasonRow, now: string): Promise<void> {
  if (season.status !== 'UPCOMING') {
    throw new AppError('INVALID_STATE', `season ${season.number} is ${season.status}: only an UPCOMING season can be deleted`);
  }
  // An UPCOMING season has no classification, awards or standings: only the season row goes.
  await db.deleteFrom('circuit_seasons').where('id', '=', season.id).execute();
  const open = await db
    .selectFrom('circuit_seasons')
    .select('id')
    .where('circuit_id', '=', circuit.id)
    .where('status', 'in', ['ACTIVE', 'UPCOMING'])
    .executeTakeFirst();
  const status = circuit.status === 'ACTIVE' && !open ? 'COMPLETED' : circuit.status;
  await db.updateTable('circuits').set({ status, updated_at: now }).where('id', '=', circuit.id).execute();
}
