import type { components } from './generated/schema';

type StageFormat = components['schemas']['StageFormat'];
type StageSettings = components['schemas']['StageSettings'];

/** What a client may rely on about a stage format (contract `StageFormat` and the `StageSettings` descriptions). */
export interface StageFormatInfo {
  /** Participants leave by losing: the bracket is drawn as a tree, placements come from the round of elimination. */
  isElimination: boolean;
  /** A losers bracket gives a second chance (double elimination). */
  hasLosersBracket: boolean;
  /** The stage has a standings table (round robin, Swiss, groups). */
  hasStandings: boolean;
  /** The `StageSettings` fields that apply to the format (the contract's SE/DE/RR/SW/GR marks, plus those of every format). */
  settings: readonly (keyof StageSettings)[];
}

/**
 * Settings of every format: qualifiers seeded into the next stage, minutes between rounds and between the matches of
 * a round, the stage's start, and the best-of of its matches (R25.1, R25.6, R25.7), and who fills which slot (R23.1).
 */
const COMMON = ['seeding', 'advanceCount', 'roundIntervalMinutes', 'matchIntervalMinutes', 'startsAt', 'bestOf', 'bestOfByRound', 'slotMap', 'slotMapPreset'] as const;
/** Settings of every format with standings. */
const STANDINGS = ['pointsForWin', 'pointsForDraw', 'pointsForLoss', 'tiebreaks'] as const;

/**
 * Every stage format of the contract with what a client needs to know about it (exported as `STAGE_FORMAT_INFO`). Keyed by the generated
 * `StageFormat` enum, so a format added to openapi.yaml fails compilation here until it is described (and the
 * contract test compares these settings with the contract's descriptions).
 */
const INFO = {
  SINGLE_ELIMINATION: { isElimination: true, hasLosersBracket: false, hasStandings: false, settings: ['thirdPlaceMatch', 'consolation', 'seedOrdering', 'stopAtQualifiers', ...COMMON] },
  DOUBLE_ELIMINATION: { isElimination: true, hasLosersBracket: true, hasStandings: false, settings: ['seedOrdering', 'grandFinal', 'skipFirstRound', 'stopAtQualifiers', ...COMMON] },
  ROUND_ROBIN: { isElimination: false, hasLosersBracket: false, hasStandings: true, settings: ['roundRobinCycles', ...STANDINGS, ...COMMON] },
  SWISS: {
    isElimination: false,
    hasLosersBracket: false,
    hasStandings: true,
    settings: [...STANDINGS, 'byeTiebreakRule', 'swissPairingOrder', 'swissRounds', 'swissWinsToAdvance', 'swissLossesToEliminate', ...COMMON],
  },
  GROUPS: {
    isElimination: false,
    hasLosersBracket: false,
    hasStandings: true,
    settings: ['roundRobinCycles', ...STANDINGS, 'groupCount', 'groupNames', 'qualifiersPerGroup', ...COMMON],
  },
  STEPLADDER: { isElimination: true, hasLosersBracket: false, hasStandings: false, settings: [...COMMON] },
} as const satisfies Record<StageFormat, StageFormatInfo>;

/** {@link INFO} typed for lookups. */
export const STAGE_FORMAT_INFO: Readonly<Record<StageFormat, StageFormatInfo>> = INFO;

/** Every stage format, in contract order. */
export const STAGE_FORMATS = Object.keys(INFO) as StageFormat[];

/** The description of a format, or undefined for a name the contract does not know (e.g. from a newer server). */
export function stageFormatInfo(format: string): StageFormatInfo | undefined {
  return Object.prototype.hasOwnProperty.call(STAGE_FORMAT_INFO, format) ? STAGE_FORMAT_INFO[format as StageFormat] : undefined;
}
