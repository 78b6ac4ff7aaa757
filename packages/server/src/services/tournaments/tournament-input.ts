import type { Insertable } from 'kysely';
import type { StagesTable } from '../../db/schema';
import { canonicalJson } from '../../canonical-json';
import { AppError, invalidField } from '../../errors/app-error';
import { newId } from '../../ids';
import type { StageInput, StageSettings } from '../../contract-types';
import { consolationSetting, thirdPlaceMatchOf } from '@tourney/core';
import { parseStageSettings, withFormatDefaults } from '../stages/stage-settings';
import type { StageRow } from '../../db/rows';

/** Default of `checkInOpensMinutesBefore` (openapi.yaml `TournamentCreate`; R6.3). */
export const DEFAULT_CHECK_IN_OPENS_MINUTES_BEFORE = 60;

/** An instant as stored: UTC ISO 8601 with milliseconds and `Z` (so text comparison orders instants). */
export function toStoredInstant(value: string): string {
  return new Date(value).toISOString();
}

/** `value` as a stored instant, null/undefined as null. */
export function toStoredInstantOrNull(value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : toStoredInstant(value);
}

/** The dates of a tournament, stored form (UTC ISO 8601). */
export interface TournamentDates {
  startDate: string;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
}

/**
 * Checks the order of a tournament's dates: registration opens before it closes, and both are no later than the
 * start. @throws AppError 400 VALIDATION_ERROR naming `body.registrationOpensAt` or `body.registrationClosesAt`.
 */
export function validateDates(dates: TournamentDates): void {
  const { startDate, registrationOpensAt: opens, registrationClosesAt: closes } = dates;
  if (opens !== null && opens > startDate) throw invalidField('body.registrationOpensAt', 'must not be after startDate');
  if (closes !== null && closes > startDate) throw invalidField('body.registrationClosesAt', 'must not be after startDate');
  if (opens !== null && closes !== null && opens >= closes) {
    throw invalidField('body.registrationClosesAt', 'must be after registrationOpensAt');
  }
}

/**
 * Checks that a required check-in has a window (R6.3): the window is [startDate - checkInOpensMinutesBefore,
 * startDate), so 0 minutes with `checkInRequired` would let nobody check in and make every participant NO_SHOW at the
 * start. `minutes` is the resulting checkInOpensMinutesBefore (whole minutes).
 * @throws AppError 400 VALIDATION_ERROR naming `body.checkInOpensMinutesBefore`.
 */
export function validateCheckInWindow(checkInRequired: boolean, minutes: number): void {
  if (checkInRequired && minutes < 1) {
    throw invalidField(
      'body.checkInOpensMinutesBefore',
      'must be at least 1 when checkInRequired is true (a window of 0 minutes before the start lets nobody check in)',
    );
  }
}

/** New stages rows of a tournament, numbered 1..n in the given order, status PENDING. */
export function newStageRows(tournamentId: string, stages: readonly StageInput[], now: string): Insertable<StagesTable>[] {
  return stages.map((s, i) => ({
    id: newId(),
    tournament_id: tournamentId,
    number: i + 1,
    name: s.name,
    format: s.format,
    status: 'PENDING',
    settings: JSON.stringify(s.settings ?? {}),
    created_at: now,
  }));
}

/**
 * Settings as they compare (R5.6: a value sent back as it is, in another spelling, is no change): `stopAtQualifiers:
 * false` is its absence (R7.20), and a single elimination's play-offs are read as the one `consolation` they mean
 * (`thirdPlaceMatch: true` is THIRD_PLACE, an absent or false one NONE, R27.9) unless the two fields disagree.
 */
function plainSettings(format: string, settings: StageSettings): StageSettings {
  const { stopAtQualifiers, ...rest } = settings;
  const plain: StageSettings = stopAtQualifiers === false ? rest : settings;
  if (format !== 'SINGLE_ELIMINATION') return plain;
  const implied = thirdPlaceMatchOf(plain.consolation);
  if (plain.thirdPlaceMatch !== undefined && implied !== undefined && plain.thirdPlaceMatch !== implied) return plain;
  try {
    const { thirdPlaceMatch: _folded, ...others } = plain;
    return { ...others, consolation: consolationSetting(plain) };
  } catch {
    return plain;
  }
}

/**
 * True when `input` describes exactly the existing stages: same order, names, formats and settings (defaults
 * filled in on both sides, so the settings of a response can be sent back unchanged).
 */
export function sameStages(existing: readonly StageRow[], input: readonly StageInput[]): boolean {
  if (existing.length !== input.length) return false;
  return existing.every((row, i) => {
    const given = input[i] as StageInput;
    const stored = withFormatDefaults(row.format, plainSettings(row.format, parseStageSettings(row.settings)));
    const wanted = withFormatDefaults(given.format, plainSettings(given.format, given.settings ?? {}));
    return row.name === given.name && row.format === given.format && canonicalJson(stored) === canonicalJson(wanted);
  });
}

/** 409 TOURNAMENT_LOCKED naming a field (`body.<field>`) that a started tournament no longer accepts (R5.6). */
export function lockedField(field: string, status: string): AppError {
  return new AppError('TOURNAMENT_LOCKED', `body.${field} cannot change once the tournament is ${status}`, {
    details: [{ path: `body.${field}`, message: `locked once the tournament is ${status}` }],
  });
}
