import type { BracketKind, StageFormat } from '../formats/types';
import { isPowerOfTwo } from '../seeding/bracket-size';
import { invalidSetting } from './enum-setting';
import { consolationSetting, type StageSettings } from './stage-settings';

/** The formats a stage may stop at its qualifiers in (R7.20, R7.21). */
export const CUT_FORMATS: readonly StageFormat[] = ['SINGLE_ELIMINATION', 'DOUBLE_ELIMINATION'];

/** Why an elimination stage cannot stop at its qualifiers: the reason, and whether more entrants would fix it. */
export interface QualifierCutProblem {
  message: string;
  /** True when only the entrant count is at fault (more entrants would fix it). */
  byCount: boolean;
}

/**
 * `settings.stopAtQualifiers` (contract `StageSettings.stopAtQualifiers`, R7.20, R7.21): true when an elimination
 * stage stops once its `advanceCount` qualifiers are known; false when absent (the whole bracket is played).
 * @throws DomainError VALIDATION_ERROR (path `settings.stopAtQualifiers`) for a non-boolean.
 */
export function stopAtQualifiersSetting(settings: StageSettings = {}): boolean {
  const value: unknown = settings.stopAtQualifiers;
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalidSetting('stopAtQualifiers', 'must be a boolean');
  return value;
}

/**
 * What keeps an elimination stage of `format` with `entrants` entrants and `stopAtQualifiers` true from stopping at
 * its qualifiers, or null when it can: its `advanceCount` A must be given, a power of two of at least 2 and smaller
 * than the entrants (so the stage stops at a round boundary: a single elimination with A left unbeaten, R7.20, a
 * double elimination with A/2 unbeaten in the winners bracket and A/2 with one loss in the losers bracket, R7.21;
 * `byCount` when only the count is at fault). A single elimination may not play a third-place match or a full
 * consolation bracket (`consolation` NONE), a double elimination no grand final (`grandFinal` absent or none): those
 * are played after the cut. Pure.
 * @throws DomainError VALIDATION_ERROR (path `settings.consolation` or `settings.thirdPlaceMatch`) for a bad value
 *   of those.
 */
export function qualifierCutProblem(settings: StageSettings, entrants: number, format: StageFormat = 'SINGLE_ELIMINATION'): QualifierCutProblem | null {
  if (format === 'DOUBLE_ELIMINATION') {
    const grandFinal: unknown = settings.grandFinal;
    if (grandFinal !== undefined && grandFinal !== 'none') {
      // No camelCase field name in the message: the CLI would read it as one of its own flags.
      return { message: `cannot be combined with a ${String(grandFinal)} grand final: the stage ends before it (leave the grand final out, or set it to none)`, byCount: false };
    }
  } else {
    const consolation = consolationSetting(settings);
    if (consolation !== 'NONE') {
      const what = consolation === 'FULL' ? 'consolation FULL' : 'a third-place match';
      return { message: `cannot be combined with ${what}: the stage ends before the semi-finals those play off`, byCount: false };
    }
  }
  const advance: unknown = settings.advanceCount;
  if (advance === undefined || advance === null) {
    return { message: 'needs advanceCount: the number of participants left in the stage when it stops', byCount: false };
  }
  if (typeof advance !== 'number' || advance < 2 || !isPowerOfTwo(advance)) {
    return {
      message: `needs advanceCount a power of two (2, 4, 8, ...), not ${String(advance)}: the stage stops at the end of a round, with that many left in`,
      byCount: false,
    };
  }
  if (advance >= entrants) {
    return { message: `needs more entrants than advanceCount (${advance}): with ${entrants} the stage would play no match`, byCount: true };
  }
  return null;
}

/**
 * The number of participants left in an elimination stage of `format` with `entrants` entrants when it stops (R7.20,
 * R7.21): its `advanceCount` when `stopAtQualifiers` is true, null when the stage plays its whole bracket.
 * @throws DomainError VALIDATION_ERROR (path `settings.stopAtQualifiers`) for a non-boolean or a stage that cannot
 *   stop at its qualifiers (`qualifierCutProblem`).
 */
export function qualifierCut(settings: StageSettings, entrants: number, format: StageFormat = 'SINGLE_ELIMINATION'): number | null {
  if (!stopAtQualifiersSetting(settings)) return null;
  const problem = qualifierCutProblem(settings, entrants, format);
  if (problem !== null) throw invalidSetting('stopAtQualifiers', problem.message);
  return settings.advanceCount as number;
}

/**
 * The rounds of one bracket of its full bracket an elimination stage that stops at its qualifiers leaves unplayed
 * (R7.20, R7.21), when `stopAtQualifiers` is true and `advanceCount` A a power of two from 2, else 0: a single
 * elimination's winners bracket log2(A); a double elimination's winners bracket log2(A) - 1 (A/2 stay unbeaten) and
 * its losers bracket twice that. Added to the last round played it gives the round count `roundName` reads round
 * names against: the last round of 16 entrants stopping at 4 is the quarter-finals, not the final. Never throws (a
 * display helper; the plan checks name bad settings).
 */
export function roundsAfterCut(settings: StageSettings, format: StageFormat | string, bracket: BracketKind | string = 'WINNERS'): number {
  const advance = settings.advanceCount;
  if (settings.stopAtQualifiers !== true || typeof advance !== 'number' || advance < 2 || !isPowerOfTwo(advance)) return 0;
  const bits = Math.log2(advance);
  if (format === 'SINGLE_ELIMINATION') return bracket === 'WINNERS' ? bits : 0;
  if (format !== 'DOUBLE_ELIMINATION') return 0;
  if (bracket === 'WINNERS') return bits - 1;
  return bracket === 'LOSERS' ? 2 * (bits - 1) : 0;
}
