/** @tourney/core: the pure tournament domain (no I/O). */
export {
  DOMAIN_ERROR_CODES,
  DomainError,
  isDomainError,
  throwIfInvalid,
  type DomainErrorCode,
  type DomainErrorDetail,
} from './errors/domain-error';
export { bracketSize, isPowerOfTwo, MAX_BRACKET_SIZE } from './seeding/bracket-size';
export { SEEDING_MODES, seedingSetting, seedsByRating, type RatedCandidate, type SeedingMode } from './seeding/rating-seeds';
export { seedListIssues, seedsInOrder, shuffled, type SeedAssignment, type SeedListIssue } from './seeding/seed-list';
export {
  BRACKET_SEED_ORDERINGS,
  bracketSlots,
  innerOuterOrder,
  naturalOrder,
  reverseOrder,
  seedOrderings,
  type BracketSeedOrdering,
  type SeedOrdering,
  type SeedOrderingName,
} from './seeding/seed-orderings';
export type {
  BracketKind,
  Entrant,
  GeneratedMatch,
  GeneratedSlotRef,
  GeneratedStage,
  MatchSlot,
  StageFormat,
} from './formats/types';
export { parseMatchKey, THIRD_PLACE_KEY, winnersMatchKey, type ParsedMatchKey } from './formats/match-key';
export { roundName } from './formats/round-name';
export { validateEntrants } from './formats/validate-entrants';
export {
  generateSingleElimination,
  SINGLE_ELIMINATION_MAX_ENTRANTS,
  SINGLE_ELIMINATION_MIN_ENTRANTS,
  type SingleEliminationOptions,
} from './formats/single-elimination';
export type { MatchOutcome, Placement } from './placements/types';
export {
  computeSingleEliminationPlacements,
  type SingleEliminationPlacementOptions,
} from './placements/single-elimination-placements';
export { singleEliminationMatchPlacements } from './placements/single-elimination-match-placements';
export type {
  MatchAction,
  MatchActionType,
  MatchActor,
  MatchEvent,
  MatchScore,
  MatchState,
  MatchStatus,
  MatchTransition,
  ReportedResult,
  ResultInput,
  ValidatedResult,
} from './matches/types';
export { validateResult, type ValidateResultOptions } from './matches/validate-result';
export {
  BEST_OF_VALUES,
  bestOfFor,
  checkDecider,
  checkGames,
  checkSeriesScore,
  DECIDER_KINDS,
  MAX_MAP_NAME_LENGTH,
  winsNeeded,
  type BestOf,
  type BestOfSettings,
  type Decider,
  type DeciderKind,
  type GameScore,
} from './matches/series';
export {
  allowedMatchActions,
  applyMatchAction,
  authorizeMatchAction,
  FINAL_MATCH_STATUSES,
  isFinalMatchStatus,
  MATCH_ACTION_TYPES,
  MAX_REASON_LENGTH,
  OPEN_MATCH_STATUSES,
} from './matches/match-state';
export {
  GRAND_FINAL_KEY,
  GRAND_FINAL_RESET_KEY,
  grandFinalMatchKey,
  groupMatchKey,
  losersMatchKey,
  parseStageMatchKey,
  roundRobinMatchKey,
  swissByeKey,
  swissMatchKey,
  type ParsedStageMatchKey,
} from './formats/stage-match-key';
export {
  BYE_TIEBREAK_RULES,
  byeTiebreakRuleSetting,
  seedOrderingSetting,
  consolationSetting,
  givenConsolationSetting,
  thirdPlaceMatchOf,
  CONSOLATION_MODES,
  type ConsolationMode,
  SWISS_PAIRING_ORDERS,
  swissPairingOrderSetting,
  skipFirstRoundSetting,
  cyclesSetting,
  DEFAULT_ROUND_ROBIN_TIEBREAKS,
  DEFAULT_SWISS_TIEBREAKS,
  grandFinalSetting,
  pointsSystem,
  resolveTiebreaks,
  TIEBREAKS,
  type GrandFinalMode,
  type PointsSystem,
  type StageSettings,
  type Tiebreak,
} from './stages/stage-settings';
export { CUT_FORMATS, qualifierCut, qualifierCutProblem, roundsAfterCut, stopAtQualifiersSetting, type QualifierCutProblem } from './stages/qualifier-cut';
export { dropMask, dropOrder } from './seeding/drop-orderings';
export {
  DOUBLE_ELIMINATION_MAX_ENTRANTS,
  DOUBLE_ELIMINATION_MIN_ENTRANTS,
  generateDoubleElimination,
  isGrandFinalResetNeeded,
  type DoubleEliminationOptions,
  type DoubleEliminationStage,
  type ResetCondition,
} from './formats/double-elimination';
export {
  computeStepladderPlacements,
  generateStepladder,
  STEPLADDER_MAX_ENTRANTS,
  STEPLADDER_MIN_ENTRANTS,
  type StepladderStage,
} from './formats/stepladder';
export {
  generateRoundRobin,
  ROUND_ROBIN_MAX_ENTRANTS,
  ROUND_ROBIN_MIN_ENTRANTS,
  roundRobinSchedule,
  type RoundRobinOptions,
  type RoundRobinStage,
} from './formats/round-robin';
export {
  generateGroups,
  GROUPS_MAX_ENTRANTS,
  GROUPS_MIN_ENTRANTS,
  snakeGroups,
  stageGroupCount,
  type GroupMatch,
  type GroupsStage,
  type StageGroup,
} from './formats/groups';
export type { ResultCounts, StageMatchResult, StandingRow, SwissStatus } from './standings/types';
export { computeStandings, type StandingsFormat } from './standings/compute-standings';
export { swissFormat, type SwissFormat } from './swiss/swiss-format';
export {
  pairSwissRound,
  type SwissPairing,
  type SwissPairingMethod,
  type SwissPairingOptions,
  type SwissPlayer,
} from './swiss/swiss-pairing';
export {
  generateSwiss,
  generateSwissRound,
  SWISS_MAX_ENTRANTS,
  SWISS_MIN_ENTRANTS,
  swissProgress,
  type SwissProgress,
  type SwissRound,
  type SwissRoundOptions,
  type SwissStage,
} from './swiss/swiss-round';
export { computeDoubleEliminationPlacements, doubleEliminationLiveNeeds, doubleEliminationMatchPlacements } from './placements/double-elimination-placements';
export { placementsFromGroupStandings, placementsFromStandings } from './placements/standings-placements';
export { computeTournamentPlacements, type StagePlacementsInput } from './placements/tournament-placements';
export { championsStillIn, placementsEndedAtCut } from './placements/forfeited-placements';
export { generateStage, type SingleEliminationStage, type StageGeneration } from './stages/generate-stage';
export { computeStagePlacements, outcomesOf } from './stages/stage-placements';
export { DEFAULT_ROUND_INTERVAL_MINUTES, FORMAT_DEFAULTS } from './registry/format-defaults';
export {
  formatDefinition,
  FORMATS,
  formatTraits,
  isStageFormat,
  STAGE_FORMATS,
  withFormatDefaults,
  type FormatDefinition,
  type FormatTraits,
  type GeneratedRound,
  type LivePlacements,
  type NextRound,
} from './registry/formats';
export {
  BRACKET_KINDS,
  bracketAllowsDraws,
  BRACKETS,
  formatsOfBracket,
  isBracketKind,
  type BracketDefinition,
} from './registry/brackets';
export type { PlanContext, PlanIssue, PlanIssueKind, QualifierCount } from './registry/plan-checks';
export { checkStagePlan, type PlanStage } from './registry/stage-plan';
export { checkBestOfByRound } from './registry/best-of-keys';
export type { RoundSpan, StageRounds } from './registry/format-rounds';
export type { AdvancementPatch, BracketMatch, ResultType, SideChange, SlotRef } from './advancement/types';
export { applyAdvancementPatch, applyAdvancementPatches } from './advancement/apply-patch';
export { advanceCompletedMatch, leavesWithWinner, type CompletionAdvance } from './advancement/complete-match';
export {
  isPlayedMatch,
  isUnplayedMatch,
  rewireCorrectedMatch,
  type CorrectionRewire,
} from './advancement/rewire-correction';
export { eliminatedParticipants } from './advancement/eliminations';
export { forfeitOutcome, type ForfeitOutcome, type ForfeitSide } from './advancement/forfeit';
export { isFirstGrandFinal } from './advancement/grand-final';
export {
  canTransitionTournament,
  nextTournamentStatus,
  TOURNAMENT_STATUSES,
  TOURNAMENT_STATUSES_BEFORE_START,
  TOURNAMENT_STATUSES_STRUCTURE_LOCKED,
  TOURNAMENT_TRANSITIONS,
  tournamentTransitionRefusal,
  type TournamentStatus,
  type TournamentTransition,
  type TournamentTransitionRule,
} from './lifecycle/tournament-status';
export { resultOrder, selectQualifiers, separateGroupMates } from './stages/qualifiers';
export {
  SCORING_STRATEGIES,
  type ExponentialScoring,
  type LinearScoring,
  type PlacementBand,
  type PlacementScoring,
  type ScoringConfig,
  type ScoringStrategy,
} from './circuits/scoring-types';
export {
  bandPoints,
  MAX_BASE_POINTS,
  MAX_PLACEMENT_POSITION,
  parsePlacementTable,
  placementKeyPath,
} from './circuits/placement-table';
export { validateScoringConfig } from './circuits/validate-scoring';
export {
  applyMultiplier,
  awardPoints,
  basePoints,
  createScorer,
  MAX_POINT_MULTIPLIER,
  validatePointMultiplier,
  type Scorer,
} from './circuits/scoring';
export { competitorKey, type CompetitorIdentity } from './circuits/competitor';
export {
  accumulateStandings,
  compareStandings,
  rankStandings,
  sameStandingRank,
  type CircuitCompetitor,
  type CircuitStanding,
  type StandingContribution,
  type UnrankedStanding,
} from './circuits/standings';
export { summarizePoints, type PointsDistribution } from './circuits/points-distribution';
export { checkGroupNames, defaultGroupName, groupCountOf, groupNamesOf } from './draw/group-names';
export { checkDraw, drawSeeds, snakeGroupSizes, type DrawIssue } from './draw/group-draw';
export {
  checkSlotMap,
  checkSlotSettings,
  crossGroupsSlotMap,
  qualifierKey,
  seedsFromSlots,
  SLOT_MAP_PRESETS,
  slotsAreBracketPositions,
  type QualifierRef,
  type SlotMapIssue,
  type SlotMapPreset,
  type SlotMapSource,
} from './draw/slot-map';
export { resolveSlotMap, slotMapEntrants, slotMapSource } from './draw/slot-map-qualifiers';
