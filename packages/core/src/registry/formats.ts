import { DomainError } from '../errors/domain-error';
import { generateDoubleElimination, type DoubleEliminationOptions } from '../formats/double-elimination';
import { generateGroups } from '../formats/groups';
import { generateRoundRobin } from '../formats/round-robin';
import { consolationPlacements } from '../formats/consolation';
import { generateSingleElimination } from '../formats/single-elimination';
import { computeStepladderPlacements, generateStepladder } from '../formats/stepladder';
import type { BracketKind, Entrant, GeneratedMatch, StageFormat } from '../formats/types';
import { computeDoubleEliminationPlacements, doubleEliminationLiveNeeds, doubleEliminationMatchPlacements } from '../placements/double-elimination-placements';
import { singleEliminationMatchPlacements } from '../placements/single-elimination-match-placements';
import { computeSingleEliminationPlacements } from '../placements/single-elimination-placements';
import { placementsFromGroupStandings, placementsFromStandings } from '../placements/standings-placements';
import type { MatchOutcome, Placement } from '../placements/types';
import type { SingleEliminationStage, StageGeneration } from '../stages/generate-stage';
import { outcomesOf } from '../stages/outcomes';
import { qualifierCut, stopAtQualifiersSetting } from '../stages/qualifier-cut';
import { consolationSetting, seedOrderingSetting, settingsObject, thirdPlaceMatchOf, type StageSettings } from '../stages/stage-settings';
import { computeStandings } from '../standings/compute-standings';
import type { StageMatchResult, StandingRow } from '../standings/types';
import { generateSwiss, generateSwissRound } from '../swiss/swiss-round';
import { DEFAULT_ROUND_INTERVAL_MINUTES, FORMAT_DEFAULTS } from './format-defaults';
import {
  doubleEliminationRounds,
  groupsStageRounds,
  roundRobinStageRounds,
  singleEliminationRounds,
  stepladderRounds,
  swissStageRounds,
  type StageRounds,
} from './format-rounds';
import {
  advanceCountQualifiers,
  checkDoubleEliminationPlan,
  checkGroupsPlan,
  checkRoundRobinPlan,
  checkSingleEliminationPlan,
  checkStepladderPlan,
  checkSwissPlan,
  groupQualifiers,
  type PlanContext,
  type PlanIssue,
  type QualifierCount,
} from './plan-checks';

/** What the rest of the system may rely on about a format, without naming it. */
export interface FormatTraits {
  /** Participants leave by losing: matches carry advancement paths (`next.winner` / `next.loser`), placements come from the round of elimination, and a corrected winner moves along the paths. */
  isElimination: boolean;
  /** A match may end in a draw. */
  drawsAllowed: boolean;
  /** The stage has a standings table (points and tiebreaks); `standings` is set exactly then. */
  hasStandings: boolean;
  /** Participants play in groups ranked separately (qualifiers taken per group). */
  hasGroups: boolean;
  /** Only round 1 is generated with the stage; each later round is paired from the results so far, so a corrected result invalidates the later rounds. */
  generatedRoundByRound: boolean;
  /** A stage followed by another needs `settings.advanceCount` (false: the format has a default number of qualifiers). */
  requiresAdvanceCount: boolean;
}

/**
 * When the placements of a stage are written before it completes (in the last stage of a tournament): after each
 * match from that match alone and the stage's entrants (`MATCH`, with `compute`), after each match from that match
 * and the bracket's shape (`SHAPE`: `needs` says from the match's key whether the match decides nothing, needs only
 * the stage's entrant count for `compute`, or needs the stage's placements recomputed from all its results), or
 * only once the stage completes (null).
 */
export type LivePlacements =
  | { from: 'MATCH'; compute: (entrants: readonly Entrant[], outcome: MatchOutcome, settings: StageSettings) => Placement[] }
  | {
      from: 'SHAPE';
      needs: (key: string, settings: StageSettings) => 'NOTHING' | 'SHAPE' | 'STAGE';
      compute: (entrantCount: number, outcome: MatchOutcome, settings: StageSettings) => Placement[];
    }
  | null;

/** A round generated after the stage started (Swiss): its number, matches to play and the bye (a free win, stored as a decided match). */
export interface GeneratedRound {
  round: number;
  matches: GeneratedMatch[];
  bye: { key: string; participantId: string } | null;
}

/**
 * Pairs the next round of a stage generated round by round from every result so far (byes included);
 * `withdrawn` participants are no longer paired. Null when the stage has no further round.
 * @throws DomainError VALIDATION_ERROR for bad entrants, settings or results.
 */
export type NextRound = (
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings,
  options: { withdrawn?: readonly string[] },
) => GeneratedRound | null;

/**
 * Everything core knows about one stage format. Settings passed to the functions are contract `StageSettings`
 * (fields of other formats are ignored); entrants are seeded 1..N.
 */
export interface FormatDefinition {
  traits: FormatTraits;
  /** Brackets (contract `Match.bracket`) the format's matches belong to. */
  brackets: readonly BracketKind[];
  /** The contract's default settings of the format (without roundIntervalMinutes, common to all); read only. */
  defaults: Readonly<StageSettings>;
  /**
   * Generates the stage (Swiss: round 1 only).
   * @throws DomainError NOT_ENOUGH_PARTICIPANTS, VALIDATION_ERROR (paths `entrants...`, `settings.<field>`).
   */
  generate(entrants: readonly Entrant[], settings: StageSettings): StageGeneration;
  /**
   * Placements from the results so far, sorted by placement (elimination: only those already placed).
   * @throws DomainError VALIDATION_ERROR for bad entrants, settings or results.
   */
  placements(entrants: readonly Entrant[], results: readonly StageMatchResult[], settings: StageSettings): Placement[];
  /** Standings from the results so far (null: the format has none). @throws DomainError VALIDATION_ERROR. */
  standings: ((entrants: readonly Entrant[], results: readonly StageMatchResult[], settings: StageSettings) => StandingRow[]) | null;
  livePlacements: LivePlacements;
  /** The next round of a format generated round by round (`traits.generatedRoundByRound`), else null. */
  nextRound: NextRound | null;
  /** Problems of the format's settings for a stage of `ctx.entrants` entrants (paths `settings.<field>` or `format`). */
  checkPlan(settings: StageSettings, ctx: PlanContext): PlanIssue[];
  /** How many qualifiers the stage seeds into the next one (called only for a stage followed by another). */
  qualifierCount(settings: StageSettings, ctx: PlanContext): QualifierCount;
  /**
   * The rounds each bracket of a stage of at most `entrants` entrants can have (what `bestOfByRound` keys may name,
   * R25.1). @throws DomainError VALIDATION_ERROR for bad settings (the format's `checkPlan` names them).
   */
  rounds(settings: StageSettings, entrants: number): StageRounds;
}

/**
 * The unbeaten count a single elimination of `entrants` stops at (R7.20), or undefined when it plays its whole bracket
 * (or has no valid entrant list: generation names that).
 */
function stopAtOf(entrants: readonly Entrant[], settings: StageSettings): number | undefined {
  if (!Array.isArray(entrants) || entrants.length < 2) return undefined;
  return qualifierCut(settings, entrants.length) ?? undefined;
}

/**
 * The options of a double elimination of `entrantCount` entrants from its settings (R7.5, R7.6): as they are, plus
 * `stopAt` when it stops at its `advanceCount` qualifiers (`stopAtQualifiers`, R7.21).
 * @throws DomainError VALIDATION_ERROR (path `settings.stopAtQualifiers`) for a stage that cannot stop there.
 */
function doubleEliminationOptions(settings: StageSettings, entrantCount: number): DoubleEliminationOptions {
  const stopAt = Number.isInteger(entrantCount) && entrantCount >= 2 ? qualifierCut(settings, entrantCount, 'DOUBLE_ELIMINATION') : null;
  return stopAt === null ? settings : { ...settings, stopAt };
}

/** The entrant count of a double elimination's options: the list's length when it is one (generation names a bad list). */
function countOf(entrants: readonly Entrant[]): number {
  return Array.isArray(entrants) ? entrants.length : 0;
}

/**
 * A single elimination from its settings: seed ordering, play-offs (third place, or every place with FULL), and
 * the cut at its qualifiers (`stopAtQualifiers`, R7.20).
 */
function singleElimination(entrants: readonly Entrant[], settings: StageSettings): SingleEliminationStage {
  const consolation = consolationSetting(settings);
  const stopAt = stopAtOf(entrants, settings);
  return generateSingleElimination(entrants, {
    thirdPlaceMatch: consolation === 'THIRD_PLACE',
    fullConsolation: consolation === 'FULL',
    seedOrdering: seedOrderingSetting(settings),
    ...(stopAt === undefined ? {} : { stopAt }),
  }) as SingleEliminationStage;
}

/**
 * Placements of a single elimination: by round of elimination (the unbeaten sharing 1..advanceCount when it stops at
 * its qualifiers, R7.20), or every place from its play-offs with FULL (R27.9).
 */
function singleEliminationPlacements(entrants: readonly Entrant[], outcomes: readonly MatchOutcome[], settings: StageSettings): Placement[] {
  const consolation = consolationSetting(settings);
  const stopAt = stopAtOf(entrants, settings);
  if (stopAt !== undefined) return computeSingleEliminationPlacements(entrants, outcomes, { stopAt, seedOrdering: seedOrderingSetting(settings) });
  if (consolation !== 'FULL') return computeSingleEliminationPlacements(entrants, outcomes, { thirdPlaceMatch: consolation === 'THIRD_PLACE' });
  const stage = singleElimination(entrants, settings);
  return consolationPlacements(stage.entrants, stage.consolationPlaces ?? [], outcomes);
}

const standingsOf =
  (format: StageFormat) =>
  (entrants: readonly Entrant[], results: readonly StageMatchResult[], settings: StageSettings): StandingRow[] =>
    computeStandings(format, entrants, results, settings);

/**
 * The format registry: every stage format with its traits, generation, placements, standings, default settings
 * and plan checks. Adding a format to `StageFormat` makes this table (and every `Record<StageFormat, ...>` and
 * exhaustive switch) fail to compile until the format is described; see docs/adding-a-stage-format.md.
 */
export const FORMATS = {
  SINGLE_ELIMINATION: {
    traits: { isElimination: true, drawsAllowed: false, hasStandings: false, hasGroups: false, generatedRoundByRound: false, requiresAdvanceCount: true },
    brackets: ['WINNERS', 'THIRD_PLACE', 'CONSOLATION'],
    defaults: FORMAT_DEFAULTS.SINGLE_ELIMINATION,
    generate: (entrants, settings) => singleElimination(entrants, settings),
    placements: (entrants, results, settings) => singleEliminationPlacements(entrants, outcomesOf(results), settings),
    standings: null,
    livePlacements: {
      from: 'SHAPE',
      needs: () => 'SHAPE',
      compute: (entrantCount, outcome, settings) => singleEliminationMatchPlacements(entrantCount, outcome, settings),
    },
    nextRound: null,
    checkPlan: (settings, ctx) => checkSingleEliminationPlan(settings, ctx),
    qualifierCount: (settings) => advanceCountQualifiers(settings),
    rounds: (settings, entrants) => singleEliminationRounds(settings, entrants),
  },
  DOUBLE_ELIMINATION: {
    traits: { isElimination: true, drawsAllowed: false, hasStandings: false, hasGroups: false, generatedRoundByRound: false, requiresAdvanceCount: true },
    brackets: ['WINNERS', 'LOSERS', 'GRAND_FINAL'],
    defaults: FORMAT_DEFAULTS.DOUBLE_ELIMINATION,
    generate: (entrants, settings) => generateDoubleElimination(entrants, doubleEliminationOptions(settings, countOf(entrants))),
    placements: (entrants, results, settings) =>
      computeDoubleEliminationPlacements(entrants, outcomesOf(results), doubleEliminationOptions(settings, countOf(entrants))),
    standings: null,
    livePlacements: {
      from: 'SHAPE',
      // A stage that stops at its qualifiers (R7.21) places from its winners bracket too: every match needs SHAPE.
      needs: (key, settings) => (stopAtQualifiersSetting(settings) ? 'SHAPE' : doubleEliminationLiveNeeds(key, settings)),
      compute: (entrantCount, outcome, settings) => doubleEliminationMatchPlacements(entrantCount, outcome, doubleEliminationOptions(settings, entrantCount)),
    },
    nextRound: null,
    checkPlan: (settings, ctx) => checkDoubleEliminationPlan(settings, ctx),
    qualifierCount: (settings) => advanceCountQualifiers(settings),
    rounds: (settings, entrants) => doubleEliminationRounds(settings, entrants),
  },
  ROUND_ROBIN: {
    traits: { isElimination: false, drawsAllowed: true, hasStandings: true, hasGroups: false, generatedRoundByRound: false, requiresAdvanceCount: true },
    brackets: ['ROUND_ROBIN'],
    defaults: FORMAT_DEFAULTS.ROUND_ROBIN,
    generate: (entrants, settings) => generateRoundRobin(entrants, settings),
    placements: (entrants, results, settings) => placementsFromStandings(computeStandings('ROUND_ROBIN', entrants, results, settings)),
    standings: standingsOf('ROUND_ROBIN'),
    livePlacements: null,
    nextRound: null,
    checkPlan: (settings, ctx) => checkRoundRobinPlan(settings, ctx),
    qualifierCount: (settings) => advanceCountQualifiers(settings),
    rounds: (settings, entrants) => roundRobinStageRounds(settings, entrants),
  },
  SWISS: {
    traits: { isElimination: false, drawsAllowed: true, hasStandings: true, hasGroups: false, generatedRoundByRound: true, requiresAdvanceCount: true },
    brackets: ['SWISS'],
    defaults: FORMAT_DEFAULTS.SWISS,
    generate: (entrants, settings) => generateSwiss(entrants, settings),
    placements: (entrants, results, settings) => placementsFromStandings(computeStandings('SWISS', entrants, results, settings)),
    standings: standingsOf('SWISS'),
    livePlacements: null,
    nextRound: (entrants, results, settings, options) => generateSwissRound(entrants, results, settings, options),
    checkPlan: (settings, ctx) => checkSwissPlan(settings, ctx),
    qualifierCount: (settings) => advanceCountQualifiers(settings),
    rounds: (settings, entrants) => swissStageRounds(settings, entrants),
  },
  GROUPS: {
    traits: { isElimination: false, drawsAllowed: true, hasStandings: true, hasGroups: true, generatedRoundByRound: false, requiresAdvanceCount: false },
    brackets: ['GROUP'],
    defaults: FORMAT_DEFAULTS.GROUPS,
    generate: (entrants, settings) => generateGroups(entrants, settings),
    placements: (entrants, results, settings) => placementsFromGroupStandings(computeStandings('GROUPS', entrants, results, settings)),
    standings: standingsOf('GROUPS'),
    livePlacements: null,
    nextRound: null,
    checkPlan: (settings, ctx) => checkGroupsPlan(settings, ctx),
    qualifierCount: (settings, ctx) => groupQualifiers(settings, ctx),
    rounds: (settings, entrants) => groupsStageRounds(settings, entrants),
  },
  STEPLADDER: {
    traits: { isElimination: true, drawsAllowed: false, hasStandings: false, hasGroups: false, generatedRoundByRound: false, requiresAdvanceCount: true },
    brackets: ['WINNERS'],
    defaults: FORMAT_DEFAULTS.STEPLADDER,
    generate: (entrants) => generateStepladder(entrants),
    placements: (entrants, results) => computeStepladderPlacements(entrants, outcomesOf(results)),
    standings: null,
    livePlacements: { from: 'MATCH', compute: (entrants, outcome) => computeStepladderPlacements(entrants, [outcome]) },
    nextRound: null,
    checkPlan: (_settings, ctx) => checkStepladderPlan(ctx),
    qualifierCount: (settings) => advanceCountQualifiers(settings),
    rounds: (_settings, entrants) => stepladderRounds(entrants),
  },
} as const satisfies Record<StageFormat, FormatDefinition>;

/** Every stage format, in contract order. */
export const STAGE_FORMATS = Object.keys(FORMATS) as StageFormat[];

/** True when `value` names a stage format. */
export function isStageFormat(value: unknown): value is StageFormat {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(FORMATS, value);
}

/**
 * The registry entry of a format.
 * @throws DomainError UNSUPPORTED_FORMAT for anything that is not a stage format.
 */
export function formatDefinition(format: StageFormat | string): FormatDefinition {
  if (!isStageFormat(format)) throw new DomainError('UNSUPPORTED_FORMAT', `Unknown stage format ${String(format)}`);
  return FORMATS[format];
}

/** The traits of a format. @throws DomainError UNSUPPORTED_FORMAT for an unknown format. */
export function formatTraits(format: StageFormat | string): FormatTraits {
  return formatDefinition(format).traits;
}

/**
 * Settings as the contract shows them: `settings` with the format's defaults filled in (`FORMATS[format].defaults`)
 * and `roundIntervalMinutes` (default 60) for every format; given fields win. A default `thirdPlaceMatch` is the one
 * the given `consolation` implies (THIRD_PLACE: true, NONE: false, R27.9), so the settings shown never contradict
 * the bracket; a double elimination that stops at its qualifiers (`stopAtQualifiers` true, R7.21) shows `grandFinal`
 * none. A fresh object (arrays copied). An unknown format gets only roundIntervalMinutes.
 */
export function withFormatDefaults(format: StageFormat | string, settings: StageSettings = {}): StageSettings {
  const defaults: Readonly<StageSettings> = isStageFormat(format) ? FORMATS[format].defaults : {};
  const given = settingsObject(settings);
  const copy: StageSettings = { ...defaults };
  if (defaults.tiebreaks !== undefined) copy.tiebreaks = [...defaults.tiebreaks];
  const implied = thirdPlaceMatchOf(given.consolation);
  if (defaults.thirdPlaceMatch !== undefined && implied !== undefined) copy.thirdPlaceMatch = implied;
  // A double elimination that stops at its qualifiers plays no grand final (R7.21).
  if (defaults.grandFinal !== undefined && given.stopAtQualifiers === true) copy.grandFinal = 'none';
  return { ...copy, roundIntervalMinutes: DEFAULT_ROUND_INTERVAL_MINUTES, ...given };
}
