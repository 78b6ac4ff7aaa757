import { DEFAULT_ROUND_INTERVAL_MINUTES, withFormatDefaults as coreWithFormatDefaults, type StageSettings as CoreStageSettings } from '@tourney/core';
import type { StageSettings } from '../../contract-types';

/** Parses the JSON `settings` column of a stage; a malformed value reads as no settings. */
export function parseStageSettings(json: string): StageSettings {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as StageSettings) : {};
  } catch {
    return {};
  }
}

/** Minutes between rounds of a stage (core's default, 60, when not set). */
export function roundIntervalOf(settings: StageSettings): number {
  return settings.roundIntervalMinutes ?? DEFAULT_ROUND_INTERVAL_MINUTES;
}

/** Minutes between the matches of one round of a stage (R25.7; 0, all at the round's time, when not set). */
export function matchIntervalOf(settings: StageSettings): number {
  return settings.matchIntervalMinutes ?? 0;
}

/**
 * When a stage's first round is scheduled (R25.6): its own `startsAt` when set, else `fallback` (the tournament's
 * start for stage 1, the completion instant of the stage before for later stages). UTC ISO 8601.
 */
export function stageStartOf(settings: StageSettings, fallback: string): string {
  return settings.startsAt !== undefined ? new Date(settings.startsAt).toISOString() : fallback;
}

/**
 * Settings as returned in responses: the stored ones with the defaults of the stage's format filled in (core's
 * format registry, `withFormatDefaults`: openapi `StageSettings`, "In responses the defaults of the stage's format
 * are filled in"), plus `roundIntervalMinutes` (default 60) for every format.
 */
export function withFormatDefaults(format: string, settings: StageSettings): StageSettings {
  return coreWithFormatDefaults(format, settings as CoreStageSettings) as StageSettings;
}

/**
 * The settings core works with for a stage: the stored JSON with the format's defaults filled in, exactly as
 * responses show them.
 */
export function effectiveSettings(format: string, json: string): CoreStageSettings {
  return coreWithFormatDefaults(format, parseStageSettings(json) as CoreStageSettings);
}
