import type { StageFormat } from '../formats/types';
import type { StageSettings, Tiebreak } from '../stages/stage-settings';

/** Default minutes between the scheduled starts of consecutive rounds, every format (contract `StageSettings.roundIntervalMinutes`). */
export const DEFAULT_ROUND_INTERVAL_MINUTES = 60;

/** Default standings criteria of round robin and groups (contract `StageSettings.tiebreaks`). */
const POOL_TIEBREAKS: readonly Tiebreak[] = ['POINTS', 'HEAD_TO_HEAD', 'SCORE_DIFFERENCE', 'SCORES_FOR'];
/** Default standings criteria of Swiss (contract `StageSettings.tiebreaks`, "SW [...]"). */
const SWISS_TIEBREAKS: readonly Tiebreak[] = ['POINTS', 'BUCHHOLZ', 'BUCHHOLZ_CUT1', 'SONNEBORN_BERGER'];

/** Points for a win, a draw and a loss unless the stage says otherwise (contract defaults 3/1/0). */
export const DEFAULT_POINTS = { pointsForWin: 3, pointsForDraw: 1, pointsForLoss: 0 } as const;

/**
 * The one table of default settings per format, equal to the `default`s and descriptions of the contract's
 * `StageSettings` (checked by test/contract/stage-formats.test.ts). Settings that depend on the entrants
 * (swissRounds, groupCount, qualifiersPerGroup) have no fixed default and are absent. `roundIntervalMinutes`
 * (every format) is in {@link DEFAULT_ROUND_INTERVAL_MINUTES}. Read through `FORMATS[format].defaults()`
 * or `withFormatDefaults`; never mutate.
 */
export const FORMAT_DEFAULTS = {
  SINGLE_ELIMINATION: { thirdPlaceMatch: false, seedOrdering: 'inner_outer' },
  DOUBLE_ELIMINATION: { grandFinal: 'simple', seedOrdering: 'inner_outer', skipFirstRound: false },
  ROUND_ROBIN: { roundRobinCycles: 1, ...DEFAULT_POINTS, tiebreaks: POOL_TIEBREAKS },
  SWISS: { ...DEFAULT_POINTS, tiebreaks: SWISS_TIEBREAKS, byeTiebreakRule: 'FIDE_2023', swissPairingOrder: 'STANDINGS' },
  GROUPS: { roundRobinCycles: 1, ...DEFAULT_POINTS, tiebreaks: POOL_TIEBREAKS },
  STEPLADDER: {},
} as const satisfies Record<StageFormat, StageSettings>;
