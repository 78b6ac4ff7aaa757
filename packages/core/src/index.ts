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
export {
  innerOuterOrder,
  naturalOrder,
  reverseOrder,
  seedOrderings,
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
  allowedMatchActions,
  applyMatchAction,
  authorizeMatchAction,
  FINAL_MATCH_STATUSES,
  isFinalMatchStatus,
  MATCH_ACTION_TYPES,
  MAX_REASON_LENGTH,
} from './matches/match-state';
