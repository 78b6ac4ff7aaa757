import { DomainError } from '../errors/domain-error';
import type { StageFormat } from '../formats/types';
import { DEFAULT_POINTS, FORMAT_DEFAULTS } from '../registry/format-defaults';

/** Grand final of a double-elimination stage (contract `StageSettings.grandFinal`). */
export type GrandFinalMode = 'none' | 'simple' | 'double';

/** Every standings criterion, in contract order (contract `StageSettings.tiebreaks`). */
export const TIEBREAKS = [
  'POINTS',
  'HEAD_TO_HEAD',
  'SCORE_DIFFERENCE',
  'SCORES_FOR',
  'SONNEBORN_BERGER',
  'BUCHHOLZ',
  'BUCHHOLZ_CUT1',
  'OPPONENT_MATCH_WIN_PERCENTAGE',
] as const;

/** A standings criterion: points, a tiebreak, or head-to-head among the tied participants. */
export type Tiebreak = (typeof TIEBREAKS)[number];

/**
 * Configuration of one stage (contract `StageSettings`); every field is optional and each applies to some
 * formats only (others ignore it): thirdPlaceMatch (SE), grandFinal (DE), roundRobinCycles (RR, GROUPS),
 * points and tiebreaks (RR, SWISS, GROUPS), swiss* (SWISS), groupCount and qualifiersPerGroup (GROUPS),
 * advanceCount (any: qualifiers seeded into the next stage), roundIntervalMinutes (server scheduling).
 */
export interface StageSettings {
  thirdPlaceMatch?: boolean;
  grandFinal?: GrandFinalMode;
  roundRobinCycles?: 1 | 2;
  pointsForWin?: number;
  pointsForDraw?: number;
  pointsForLoss?: number;
  tiebreaks?: readonly Tiebreak[];
  swissRounds?: number;
  swissWinsToAdvance?: number;
  swissLossesToEliminate?: number;
  groupCount?: number;
  qualifiersPerGroup?: number;
  advanceCount?: number;
  roundIntervalMinutes?: number;
}

/** Points awarded per match result (3/1/0 by default; 1/0.5/0 for chess-style events). */
export interface PointsSystem {
  win: number;
  draw: number;
  loss: number;
}

/** Default standings criteria of round robin and groups (from `FORMAT_DEFAULTS`, the contract's). */
export const DEFAULT_ROUND_ROBIN_TIEBREAKS: readonly Tiebreak[] = FORMAT_DEFAULTS.ROUND_ROBIN.tiebreaks;
/** Default standings criteria of Swiss (from `FORMAT_DEFAULTS`, the contract's). */
export const DEFAULT_SWISS_TIEBREAKS: readonly Tiebreak[] = FORMAT_DEFAULTS.SWISS.tiebreaks;

function invalid(field: string, message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', `settings.${field} ${message}`, [{ path: `settings.${field}`, message }]);
}

/**
 * Checks that `settings` is an object (or undefined) and returns it (an empty object for undefined).
 * @throws DomainError VALIDATION_ERROR (path `settings`) for anything else.
 */
export function settingsObject(settings: StageSettings | undefined): StageSettings {
  if (settings === undefined) return {};
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    throw new DomainError('VALIDATION_ERROR', 'settings must be an object', [{ path: 'settings', message: 'must be an object' }]);
  }
  return settings;
}

/**
 * Reads an optional integer setting within [min, max]; returns `fallback` when absent.
 * @throws DomainError VALIDATION_ERROR (path `settings.{field}`) when present and not such an integer.
 */
export function integerSetting(
  settings: StageSettings,
  field: keyof StageSettings,
  min: number,
  max: number,
  fallback: number,
): number;
export function integerSetting(
  settings: StageSettings,
  field: keyof StageSettings,
  min: number,
  max: number,
  fallback: null,
): number | null;
export function integerSetting(
  settings: StageSettings,
  field: keyof StageSettings,
  min: number,
  max: number,
  fallback: number | null,
): number | null {
  const value: unknown = settings[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

/**
 * Points for a win, a draw and a loss from `settings` (defaults 3/1/0). Each must be a finite number >= 0,
 * and win >= draw >= loss.
 * @throws DomainError VALIDATION_ERROR (paths `settings.pointsForWin|pointsForDraw|pointsForLoss`).
 */
export function pointsSystem(settings: StageSettings = {}): PointsSystem {
  const read = (field: 'pointsForWin' | 'pointsForDraw' | 'pointsForLoss', fallback: number): number => {
    const value: unknown = settings[field];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw invalid(field, 'must be a finite number >= 0');
    return value;
  };
  const win = read('pointsForWin', DEFAULT_POINTS.pointsForWin);
  const draw = read('pointsForDraw', DEFAULT_POINTS.pointsForDraw);
  const loss = read('pointsForLoss', DEFAULT_POINTS.pointsForLoss);
  if (draw > win) throw invalid('pointsForDraw', 'must not exceed pointsForWin');
  if (loss > draw) throw invalid('pointsForLoss', 'must not exceed pointsForDraw');
  return { win, draw, loss };
}

/** The default criteria of a format with standings (formats without standings read the round-robin ones). */
function defaultTiebreaks(format: StageFormat): readonly Tiebreak[] {
  const defaults: StageSettings | undefined = (FORMAT_DEFAULTS as Partial<Record<string, StageSettings>>)[format];
  return defaults?.tiebreaks ?? DEFAULT_ROUND_ROBIN_TIEBREAKS;
}

/**
 * The ordered standings criteria of a stage: `settings.tiebreaks` or the format's default from
 * `FORMAT_DEFAULTS` (round robin and groups: POINTS, HEAD_TO_HEAD, SCORE_DIFFERENCE, SCORES_FOR; Swiss:
 * POINTS, BUCHHOLZ, BUCHHOLZ_CUT1, SONNEBORN_BERGER, as the contract documents). POINTS is put first when the
 * list does not name it.
 * @throws DomainError VALIDATION_ERROR (path `settings.tiebreaks` or `settings.tiebreaks[i]`) for a
 *   non-array, an unknown criterion or a repeated one.
 */
export function resolveTiebreaks(format: StageFormat, settings: StageSettings = {}): Tiebreak[] {
  const given: unknown = settings.tiebreaks;
  if (given === undefined) return [...defaultTiebreaks(format)];
  if (!Array.isArray(given)) throw invalid('tiebreaks', 'must be an array');
  const seen = new Set<Tiebreak>();
  given.forEach((item: unknown, i) => {
    if (!(TIEBREAKS as readonly unknown[]).includes(item)) throw invalid(`tiebreaks[${i}]`, `must be one of ${TIEBREAKS.join(', ')}`);
    if (seen.has(item as Tiebreak)) throw invalid(`tiebreaks[${i}]`, `repeats ${String(item)}`);
    seen.add(item as Tiebreak);
  });
  const list = [...seen];
  return seen.has('POINTS') ? list : ['POINTS', ...list];
}

/**
 * Grand-final mode from `settings.grandFinal` (default "simple").
 * @throws DomainError VALIDATION_ERROR (path `settings.grandFinal`) for another value.
 */
export function grandFinalSetting(settings: StageSettings = {}): GrandFinalMode {
  const value: unknown = settings.grandFinal ?? FORMAT_DEFAULTS.DOUBLE_ELIMINATION.grandFinal;
  if (value !== 'none' && value !== 'simple' && value !== 'double') throw invalid('grandFinal', 'must be one of none, simple, double');
  return value;
}

/**
 * Number of round-robin cycles from `settings.roundRobinCycles` (default 1).
 * @throws DomainError VALIDATION_ERROR (path `settings.roundRobinCycles`) unless 1 or 2.
 */
export function cyclesSetting(settings: StageSettings = {}): 1 | 2 {
  const value: unknown = settings.roundRobinCycles ?? FORMAT_DEFAULTS.ROUND_ROBIN.roundRobinCycles;
  if (value !== 1 && value !== 2) throw invalid('roundRobinCycles', 'must be 1 or 2');
  return value;
}

/**
 * `settings.thirdPlaceMatch` (default false).
 * @throws DomainError VALIDATION_ERROR (path `settings.thirdPlaceMatch`) for a non-boolean.
 */
export function thirdPlaceSetting(settings: StageSettings = {}): boolean {
  const value: unknown = settings.thirdPlaceMatch ?? FORMAT_DEFAULTS.SINGLE_ELIMINATION.thirdPlaceMatch;
  if (typeof value !== 'boolean') throw invalid('thirdPlaceMatch', 'must be a boolean');
  return value;
}
