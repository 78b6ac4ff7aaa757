import { isPowerOfTwo } from '../seeding/bracket-size';
import { invalidSetting } from './enum-setting';
import { consolationSetting, type StageSettings } from './stage-settings';

/** Why a single elimination cannot stop at its qualifiers: the reason, and whether more entrants would fix it. */
export interface QualifierCutProblem {
  message: string;
  /** True when only the entrant count is at fault (more entrants would fix it). */
  byCount: boolean;
}

/**
 * `settings.stopAtQualifiers` (contract `StageSettings.stopAtQualifiers`, R7.20): true when a single elimination
 * stops once its `advanceCount` qualifiers are known; false when absent (the whole bracket is played).
 * @throws DomainError VALIDATION_ERROR (path `settings.stopAtQualifiers`) for a non-boolean.
 */
export function stopAtQualifiersSetting(settings: StageSettings = {}): boolean {
  const value: unknown = settings.stopAtQualifiers;
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalidSetting('stopAtQualifiers', 'must be a boolean');
  return value;
}

/**
 * What keeps a single elimination of `entrants` entrants with `stopAtQualifiers` true from stopping at its
 * qualifiers (R7.20), or null when it can: its `advanceCount` A must be given, a power of two of at least 2 and
 * smaller than the entrants (so smaller than the bracket, and the stage stops at a round boundary with A participants
 * left unbeaten; `byCount` when only the count is at fault), and the stage may not play a third-place match or a
 * full consolation bracket (`consolation` NONE): those are played after the cut. Pure.
 * @throws DomainError VALIDATION_ERROR (path `settings.consolation` or `settings.thirdPlaceMatch`) for a bad value
 *   of those.
 */
export function qualifierCutProblem(settings: StageSettings, entrants: number): QualifierCutProblem | null {
  const consolation = consolationSetting(settings);
  if (consolation !== 'NONE') {
    const what = consolation === 'FULL' ? 'consolation FULL' : 'a third-place match';
    return { message: `cannot be combined with ${what}: the stage ends before the semi-finals those play off`, byCount: false };
  }
  const advance: unknown = settings.advanceCount;
  if (advance === undefined || advance === null) {
    return { message: 'needs advanceCount: the number of participants left unbeaten when the stage stops', byCount: false };
  }
  if (typeof advance !== 'number' || advance < 2 || !isPowerOfTwo(advance)) {
    return {
      message: `needs advanceCount a power of two (2, 4, 8, ...), not ${String(advance)}: the stage stops at the end of a round, with that many left unbeaten`,
      byCount: false,
    };
  }
  if (advance >= entrants) {
    return { message: `needs more entrants than advanceCount (${advance}): with ${entrants} the stage would play no match`, byCount: true };
  }
  return null;
}

/**
 * The number of participants left unbeaten when a single elimination of `entrants` entrants stops (R7.20): its
 * `advanceCount` when `stopAtQualifiers` is true, null when the stage plays its whole bracket.
 * @throws DomainError VALIDATION_ERROR (path `settings.stopAtQualifiers`) for a non-boolean or a stage that cannot
 *   stop at its qualifiers (`qualifierCutProblem`).
 */
export function qualifierCut(settings: StageSettings, entrants: number): number | null {
  if (!stopAtQualifiersSetting(settings)) return null;
  const problem = qualifierCutProblem(settings, entrants);
  if (problem !== null) throw invalidSetting('stopAtQualifiers', problem.message);
  return settings.advanceCount as number;
}

/**
 * The rounds of its full bracket a single elimination that stops at its qualifiers leaves unplayed (R7.20):
 * log2(advanceCount) when `stopAtQualifiers` is true and `advanceCount` a power of two from 2, else 0. Added to the
 * last round played it gives the round count `roundName` reads round names against: the last round of 16 entrants
 * stopping at 4 is the quarter-finals, not the final. Never throws (a display helper; the plan checks name bad
 * settings).
 */
export function roundsAfterCut(settings: StageSettings): number {
  const advance = settings.advanceCount;
  if (settings.stopAtQualifiers !== true || typeof advance !== 'number' || advance < 2 || !isPowerOfTwo(advance)) return 0;
  return Math.log2(advance);
}
