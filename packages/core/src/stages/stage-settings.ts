import { DomainError } from '../errors/domain-error';
import { enumSetting, invalidSetting, oneOfSetting } from './enum-setting';
import type { StageFormat } from '../formats/types';
import type { QualifierRef, SlotMapPreset } from '../draw/slot-map';
import { DEFAULT_POINTS, FORMAT_DEFAULTS } from '../registry/format-defaults';
import { BRACKET_SEED_ORDERINGS, type BracketSeedOrdering } from '../seeding/seed-orderings';

/** Play-offs behind the final of a single elimination (contract `StageSettings.consolation`, R27.9). */
export const CONSOLATION_MODES = ['NONE', 'THIRD_PLACE', 'FULL'] as const;
/** A value of `CONSOLATION_MODES`. */
export type ConsolationMode = (typeof CONSOLATION_MODES)[number];

/** Grand final modes of a double-elimination stage (contract `StageSettings.grandFinal`). */
export const GRAND_FINAL_MODES = ['none', 'simple', 'double'] as const;
/** Grand final of a double-elimination stage (contract `StageSettings.grandFinal`): a value of `GRAND_FINAL_MODES`. */
export type GrandFinalMode = (typeof GRAND_FINAL_MODES)[number];

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
  'BUCHHOLZ_CUT2',
  'MEDIAN_BUCHHOLZ',
  'CUMULATIVE_SCORE',
  'KOYA',
  'GAME_WIN_PERCENTAGE',
  'OPPONENT_GAME_WIN_PERCENTAGE',
  'HEAD_TO_HEAD_MINI_LEAGUE',
] as const;

/** How a Swiss orders each score group for pairing (contract `StageSettings.swissPairingOrder`, R27.8). */
export const SWISS_PAIRING_ORDERS = ['STANDINGS', 'SEED'] as const;

/** How byes count in Buchholz and Sonneborn-Berger (contract `StageSettings.byeTiebreakRule`, R27.2). */
export const BYE_TIEBREAK_RULES = ['FIDE_2023', 'NONE'] as const;

/** A standings criterion: points, a tiebreak, or head-to-head among the tied participants. */
export type Tiebreak = (typeof TIEBREAKS)[number];

/**
 * Configuration of one stage (contract `StageSettings`); every field is optional and each applies to some
 * formats only (others ignore it): thirdPlaceMatch (SE), stopAtQualifiers (SE followed by another stage; true is
 * refused elsewhere, R7.20), seedOrdering (SE, DE), grandFinal and skipFirstRound (DE), roundRobinCycles (RR, GROUPS), points and tiebreaks (RR, SWISS, GROUPS), swiss*, swissPairingOrder and
 * byeTiebreakRule (SWISS), groupCount and qualifiersPerGroup (GROUPS),
 * advanceCount (any: qualifiers seeded into the next stage), roundIntervalMinutes, startsAt and
 * matchIntervalMinutes (server scheduling, R25.6, R25.7), bestOf and bestOfByRound (any: series, R25.1),
 * groupNames (GROUPS, R23.2), slotMap and slotMapPreset (any stage after the first: who fills which slot, R23.1).
 */
export interface StageSettings {
  thirdPlaceMatch?: boolean;
  consolation?: ConsolationMode;
  seedOrdering?: BracketSeedOrdering;
  /** How stage 1's entrants are seeded at the start (R27.10): MANUAL (default) or RATING. */
  seeding?: 'MANUAL' | 'RATING';
  grandFinal?: GrandFinalMode;
  skipFirstRound?: boolean;
  roundRobinCycles?: 1 | 2;
  pointsForWin?: number;
  pointsForDraw?: number;
  pointsForLoss?: number;
  tiebreaks?: readonly Tiebreak[];
  byeTiebreakRule?: (typeof BYE_TIEBREAK_RULES)[number];
  swissPairingOrder?: (typeof SWISS_PAIRING_ORDERS)[number];
  swissRounds?: number;
  swissWinsToAdvance?: number;
  swissLossesToEliminate?: number;
  groupCount?: number;
  qualifiersPerGroup?: number;
  advanceCount?: number;
  /** A single elimination followed by another stage stops once its `advanceCount` qualifiers are known (R7.20); default false. */
  stopAtQualifiers?: boolean;
  roundIntervalMinutes?: number;
  /** Games per match of the stage (R25.1): 1, 3, 5, 7 or 9; default 1. */
  bestOf?: number;
  /** Best-of overrides by round number within the stage (R25.1), e.g. `{ "3": 5 }`. */
  bestOfByRound?: Readonly<Record<string, number>>;
  /** Start of the stage's first round, UTC ISO 8601 (R25.6); the tournament start (stage 1) or the completion of the stage before when absent. */
  startsAt?: string;
  /** Minutes between the matches of one round (R25.7); default 0 (all at the round's time). */
  matchIntervalMinutes?: number;
  groupNames?: readonly string[];
  slotMap?: readonly QualifierRef[];
  slotMapPreset?: SlotMapPreset;
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
    throw invalidSetting(field, `must be an integer from ${min} to ${max}`);
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
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw invalidSetting(field, 'must be a finite number >= 0');
    return value;
  };
  const win = read('pointsForWin', DEFAULT_POINTS.pointsForWin);
  const draw = read('pointsForDraw', DEFAULT_POINTS.pointsForDraw);
  const loss = read('pointsForLoss', DEFAULT_POINTS.pointsForLoss);
  if (draw > win) throw invalidSetting('pointsForDraw', 'must not exceed pointsForWin');
  if (loss > draw) throw invalidSetting('pointsForLoss', 'must not exceed pointsForDraw');
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
  if (!Array.isArray(given)) throw invalidSetting('tiebreaks', 'must be an array');
  const seen = new Set<Tiebreak>();
  given.forEach((item: unknown, i) => {
    if (!(TIEBREAKS as readonly unknown[]).includes(item)) throw invalidSetting(`tiebreaks[${i}]`, `must be one of ${TIEBREAKS.join(', ')}`);
    if (seen.has(item as Tiebreak)) throw invalidSetting(`tiebreaks[${i}]`, `repeats ${String(item)}`);
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
  return enumSetting(settings, 'grandFinal', GRAND_FINAL_MODES, FORMAT_DEFAULTS.DOUBLE_ELIMINATION.grandFinal);
}

/**
 * Number of round-robin cycles from `settings.roundRobinCycles` (default 1).
 * @throws DomainError VALIDATION_ERROR (path `settings.roundRobinCycles`) unless 1 or 2.
 */
export function cyclesSetting(settings: StageSettings = {}): 1 | 2 {
  const value: unknown = settings.roundRobinCycles ?? FORMAT_DEFAULTS.ROUND_ROBIN.roundRobinCycles;
  if (value !== 1 && value !== 2) throw invalidSetting('roundRobinCycles', 'must be 1 or 2');
  return value;
}

/**
 * The older form of the consolation setting (`consolationSetting` reads it when `settings.consolation` is absent):
 * `settings.thirdPlaceMatch` (default false).
 * @throws DomainError VALIDATION_ERROR (path `settings.thirdPlaceMatch`) for a non-boolean.
 */
function thirdPlaceSetting(settings: StageSettings): boolean {
  const value: unknown = settings.thirdPlaceMatch ?? FORMAT_DEFAULTS.SINGLE_ELIMINATION.thirdPlaceMatch;
  if (typeof value !== 'boolean') throw invalidSetting('thirdPlaceMatch', 'must be a boolean');
  return value;
}

/**
 * How byes count in Buchholz and Sonneborn-Berger: `settings.byeTiebreakRule` (default FIDE_2023, the dummy
 * opponent of the FIDE Tie-Break Regulations 2023, article 16; NONE: a bye adds nothing), R27.2.
 * @throws DomainError VALIDATION_ERROR (path `settings.byeTiebreakRule`) for another value.
 */
export function byeTiebreakRuleSetting(settings: StageSettings = {}): (typeof BYE_TIEBREAK_RULES)[number] {
  return enumSetting(settings, 'byeTiebreakRule', BYE_TIEBREAK_RULES, FORMAT_DEFAULTS.SWISS.byeTiebreakRule);
}

/**
 * The first-round seed ordering of an elimination stage: `settings.seedOrdering` (default inner_outer, the
 * standard bracket; natural and reverse place the seeds slot by slot with balanced byes, see `bracketSlots`), R27.5.
 * @throws DomainError VALIDATION_ERROR (path `settings.seedOrdering`) for another value.
 */
export function seedOrderingSetting(settings: StageSettings = {}): BracketSeedOrdering {
  return enumSetting(settings, 'seedOrdering', BRACKET_SEED_ORDERINGS, 'inner_outer');
}

/**
 * `settings.skipFirstRound` of a double-elimination stage (default false): no winners round 1; the better seed
 * of each of its pairs starts in winners round 2 and the other in losers round 1, R27.6.
 * @throws DomainError VALIDATION_ERROR (path `settings.skipFirstRound`) for a non-boolean.
 */
export function skipFirstRoundSetting(settings: StageSettings = {}): boolean {
  const value: unknown = settings.skipFirstRound ?? FORMAT_DEFAULTS.DOUBLE_ELIMINATION.skipFirstRound;
  if (typeof value !== 'boolean') throw invalidSetting('skipFirstRound', 'must be a boolean');
  return value;
}

/**
 * How a Swiss orders each score group before pairing its top half against its bottom half:
 * `settings.swissPairingOrder` STANDINGS (default: the standings criteria, then seed) or SEED (the seed alone, as
 * the Dutch system's rating order when seeds follow ratings), R27.8.
 * @throws DomainError VALIDATION_ERROR (path `settings.swissPairingOrder`) for another value.
 */
export function swissPairingOrderSetting(settings: StageSettings = {}): (typeof SWISS_PAIRING_ORDERS)[number] {
  return enumSetting(settings, 'swissPairingOrder', SWISS_PAIRING_ORDERS, FORMAT_DEFAULTS.SWISS.swissPairingOrder);
}

/**
 * The play-offs of a single elimination: `settings.consolation` when given, else THIRD_PLACE or NONE as
 * `settings.thirdPlaceMatch` says (R27.9).
 * @throws DomainError VALIDATION_ERROR (path `settings.consolation` or `settings.thirdPlaceMatch`) for another value.
 */
export function consolationSetting(settings: StageSettings = {}): ConsolationMode {
  const value: unknown = settings.consolation;
  if (value === undefined) return thirdPlaceSetting(settings) ? 'THIRD_PLACE' : 'NONE';
  // A null consolation is an error here, not an absent one (the older thirdPlaceMatch is read only when undefined).
  return oneOfSetting('consolation', value, CONSOLATION_MODES);
}

/**
 * What `consolation` says of a third-place match (R27.9): NONE is thirdPlaceMatch false and THIRD_PLACE is
 * thirdPlaceMatch true; FULL and an absent or unknown value say nothing (FULL plays third place off in its
 * CONSOLATION bracket, whatever thirdPlaceMatch says).
 */
export function thirdPlaceMatchOf(consolation: unknown): boolean | undefined {
  if (consolation === 'NONE') return false;
  if (consolation === 'THIRD_PLACE') return true;
  return undefined;
}

/**
 * The play-offs of a single elimination as an organizer gives them (create and update, R27.9): `consolationSetting`,
 * and, when both fields are given, `thirdPlaceMatch` agreeing with `consolation` (NONE with false, THIRD_PLACE with
 * true; FULL with either), so the stored settings never misstate the bracket. Stored settings are read with
 * `consolationSetting`, where `consolation` wins.
 * @throws DomainError VALIDATION_ERROR (path `settings.consolation`, or `settings.thirdPlaceMatch` for a non-boolean
 *   or one that contradicts `consolation`).
 */
export function givenConsolationSetting(settings: StageSettings = {}): ConsolationMode {
  const mode = consolationSetting(settings);
  const given: unknown = settings.thirdPlaceMatch;
  if (settings.consolation === undefined || given === undefined) return mode;
  if (typeof given !== 'boolean') throw invalidSetting('thirdPlaceMatch', 'must be a boolean');
  const implied = thirdPlaceMatchOf(mode);
  if (implied !== undefined && implied !== given) {
    throw invalidSetting('thirdPlaceMatch', `must be ${String(implied)} (or left out) with consolation ${mode}: ${mode} ${implied ? 'plays' : 'does not play'} a third-place match`);
  }
  return mode;
}
