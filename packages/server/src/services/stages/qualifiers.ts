import {
  resolveSlotMap,
  seedOrderingSetting,
  selectQualifiers,
  slotMapEntrants,
  slotMapSource,
  type BracketSeedOrdering,
  type Entrant,
  type StageFormat,
  type StageMatchResult,
  type StageSettings,
} from '@tourney/core';
import { forfeitedParticipantIds } from '../participants/participant-rows';
import { readStageEntrants } from './stage-entrants';
import { readStageResults } from './stage-results';
import { effectiveSettings } from './stage-settings';
import type { Db } from '../../db/db';
import type { StageRow } from '../../db/rows';

/**
 * The qualifiers of a completed stage, re-seeded 1..k for the next stage (R7.15), by core's
 * `selectQualifiers` (k = `advanceCount`, or the format's default). Participants in `excluded` (disqualified or
 * withdrawn) never qualify: the next best by stage result take their places (in a group stage, the next of the
 * same group), so k stays the same unless too few participants remain. Group qualifiers are ordered so that
 * group-mates do not meet in round 1 of a bracket seeded by `nextOrdering` (the next stage's `seedOrdering`).
 * @throws DomainError as `selectQualifiers` (settings validated at create time make this an internal error).
 */
export function selectStageQualifiers(
  format: StageFormat,
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings,
  excluded: ReadonlySet<string>,
  nextOrdering: BracketSeedOrdering = 'inner_outer',
): Entrant[] {
  return selectQualifiers(format, entrants, results, settings, excluded, nextOrdering);
}

/**
 * The qualifiers of a completed stage read from the database (see {@link selectStageQualifiers}), seeded for
 * `next`: when `next` has a slot map (`slotMap` or `slotMapPreset`, R23.1) exactly the qualifiers it names, in its
 * slots (core `slotMapEntrants`). `excluded`: who never qualifies, by default every disqualified or withdrawn
 * participant of the tournament.
 * @throws DomainError VALIDATION_ERROR when the slot map names a position left empty by disqualifications.
 */
export async function readStageQualifiers(db: Db, stage: StageRow, next?: StageRow, excluded?: ReadonlySet<string>): Promise<Entrant[]> {
  const entrants = await readStageEntrants(db, stage.id);
  if (entrants.length < 2) return [];
  const [{ results }, never] = await Promise.all([readStageResults(db, stage.id), excluded ?? forfeitedParticipantIds(db, stage.tournament_id)]);
  const settings = effectiveSettings(stage.format, stage.settings);
  const nextSettings = next === undefined ? undefined : effectiveSettings(next.format, next.settings);
  if (next !== undefined && nextSettings !== undefined) {
    const refs = resolveSlotMap(nextSettings, slotMapSource(stage.format as StageFormat, settings, entrants.length));
    if (refs !== null) {
      const prev = { format: stage.format as StageFormat, entrants, results, settings };
      // Seeded by the receiving stage's seedOrdering, so slots 2i-1 and 2i meet in its round-1 match i (R23.1).
      return slotMapEntrants(prev, refs, next.format as StageFormat, never, nextSettings);
    }
  }
  // Group-mates kept apart in the bracket the next stage's seedOrdering makes (R7.15).
  return selectStageQualifiers(stage.format as StageFormat, entrants, results, settings, never, seedOrderingSetting(nextSettings ?? {}));
}
