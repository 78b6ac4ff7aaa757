import type { StageSettings as CoreStageSettings } from '@tourney/core';
import type { StageFormat, StageSettings, Tiebreak } from '../../contract-types';

/** Default minutes between the scheduled starts of consecutive rounds (contract `StageSettings.roundIntervalMinutes`). */
export const DEFAULT_ROUND_INTERVAL_MINUTES = 60;

/** Parses the JSON `settings` column of a stage; a malformed value reads as no settings. */
export function parseStageSettings(json: string): StageSettings {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as StageSettings) : {};
  } catch {
    return {};
  }
}

/** Minutes between rounds of a stage (default 60). */
export function roundIntervalOf(settings: StageSettings): number {
  return settings.roundIntervalMinutes ?? DEFAULT_ROUND_INTERVAL_MINUTES;
}

const POOL_POINTS: StageSettings = { pointsForWin: 3, pointsForDraw: 1, pointsForLoss: 0 };
const POOL_TIEBREAKS: readonly Tiebreak[] = ['POINTS', 'HEAD_TO_HEAD', 'SCORE_DIFFERENCE', 'SCORES_FOR'];
const SWISS_TIEBREAKS: readonly Tiebreak[] = ['POINTS', 'BUCHHOLZ', 'BUCHHOLZ_CUT1', 'SONNEBORN_BERGER'];

/** Defaults of each format's settings (openapi `StageSettings`); swissRounds depends on the entrants and stays unset. */
const FORMAT_DEFAULTS: Record<StageFormat, () => StageSettings> = {
  SINGLE_ELIMINATION: () => ({ thirdPlaceMatch: false }),
  DOUBLE_ELIMINATION: () => ({ grandFinal: 'simple' }),
  ROUND_ROBIN: () => ({ roundRobinCycles: 1, ...POOL_POINTS, tiebreaks: [...POOL_TIEBREAKS] }),
  SWISS: () => ({ ...POOL_POINTS, tiebreaks: [...SWISS_TIEBREAKS] }),
  GROUPS: () => ({ roundRobinCycles: 1, ...POOL_POINTS, tiebreaks: [...POOL_TIEBREAKS] }),
};

/**
 * Settings as returned in responses: the stored ones with the defaults of the stage's format filled in
 * (openapi `StageSettings`: "In responses the defaults of the stage's format are filled in"), plus
 * `roundIntervalMinutes` (default 60) for every format.
 */
export function withFormatDefaults(format: string, settings: StageSettings): StageSettings {
  const defaults = FORMAT_DEFAULTS[format as StageFormat]?.() ?? {};
  return { ...defaults, roundIntervalMinutes: DEFAULT_ROUND_INTERVAL_MINUTES, ...settings };
}

/**
 * The settings core works with for a stage: the stored JSON with the format's defaults filled in, exactly as
 * responses show them (so the Swiss tiebreak order of the contract is the one applied).
 */
export function effectiveSettings(format: string, json: string): CoreStageSettings {
  return withFormatDefaults(format, parseStageSettings(json)) as CoreStageSettings;
}
