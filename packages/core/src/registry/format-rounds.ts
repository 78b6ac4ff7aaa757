import { bracketSize } from '../seeding/bracket-size';
import type { BracketKind } from '../formats/types';
import { qualifierCut } from '../stages/qualifier-cut';
import { consolationSetting, cyclesSetting, grandFinalSetting, type StageSettings } from '../stages/stage-settings';
import { swissFormat } from '../swiss/swiss-format';
import { groupSizes } from './plan-checks';

/** The rounds one bracket of a stage can have: `first` to `last`, 1-based, within the bracket (contract `Match.round`). */
export interface RoundSpan {
  first: number;
  last: number;
}

/**
 * The rounds each bracket of a stage can have (R25.1: what `bestOfByRound` keys may name); a bracket the stage
 * cannot have is absent. Computed for at most `entrants` entrants: the union over every count from 2 to `entrants`,
 * nominal rounds included (a round every match of which a bye emptied still counts).
 */
export type StageRounds = Partial<Record<BracketKind, RoundSpan>>;

/** Rounds of a round robin of `n` entrants, one cycle (Berger tables: n - 1, or n when odd; R7.8). */
function roundRobinRounds(n: number): number {
  return n % 2 === 0 ? n - 1 : n;
}

/** Rounds of the winners bracket of an elimination stage of `n` entrants: log2 of its bracket size. */
function eliminationRounds(n: number): number {
  return Math.log2(bracketSize(Math.max(2, n)));
}

/**
 * Single elimination (R7.2, R27.9): winners rounds 1..R (R = log2 of the bracket size); the third-place match in
 * the final's round (from 4 entrants: round 2 up to R); the CONSOLATION play-offs from round 2 to R. A stage that
 * stops at its `advanceCount` A qualifiers (`stopAtQualifiers`, R7.20) has winners rounds 1..R - log2(A) only.
 * @throws DomainError VALIDATION_ERROR for a bad `consolation` or a stage that cannot stop at its qualifiers.
 */
export function singleEliminationRounds(settings: StageSettings, entrants: number): StageRounds {
  const stopAt = qualifierCut(settings, Math.max(2, entrants));
  const last = eliminationRounds(entrants) - (stopAt === null ? 0 : Math.log2(stopAt));
  const rounds: StageRounds = { WINNERS: { first: 1, last } };
  const consolation = consolationSetting(settings);
  if (consolation === 'THIRD_PLACE' && entrants >= 4) rounds.THIRD_PLACE = { first: 2, last };
  if (consolation === 'FULL' && last >= 2) rounds.CONSOLATION = { first: 2, last };
  return rounds;
}

/**
 * Double elimination (R7.5, R7.6): winners rounds 1..R, losers rounds 1..2(R - 1) (from 3 entrants), the grand
 * final round 1 (`simple`) or rounds 1 and 2 (`double`: round 2 is the reset), none with `none`. A stage that stops
 * at its `advanceCount` A qualifiers (`stopAtQualifiers`, R7.21) has winners rounds 1..w only, w = R - log2(A) + 1,
 * losers rounds 1..2(w - 1) and no grand final.
 * @throws DomainError VALIDATION_ERROR for a bad `grandFinal` or a stage that cannot stop at its qualifiers.
 */
export function doubleEliminationRounds(settings: StageSettings, entrants: number): StageRounds {
  const stopAt = qualifierCut(settings, Math.max(2, entrants), 'DOUBLE_ELIMINATION');
  const last = eliminationRounds(entrants) - (stopAt === null ? 0 : Math.log2(stopAt) - 1);
  const rounds: StageRounds = { WINNERS: { first: 1, last } };
  if (last >= 2) rounds.LOSERS = { first: 1, last: 2 * (last - 1) };
  if (stopAt !== null) return rounds;
  const grandFinal = grandFinalSetting(settings);
  if (grandFinal !== 'none') rounds.GRAND_FINAL = { first: 1, last: grandFinal === 'double' ? 2 : 1 };
  return rounds;
}

/** Round robin (R7.8): rounds 1 to (n - 1 or n) x cycles. @throws DomainError VALIDATION_ERROR for bad cycles. */
export function roundRobinStageRounds(settings: StageSettings, entrants: number): StageRounds {
  return { ROUND_ROBIN: { first: 1, last: roundRobinRounds(entrants) * cyclesSetting(settings) } };
}

/** Swiss (R7.10): rounds 1 to the most the stage plays (`swissFormat`). @throws DomainError VALIDATION_ERROR for bad Swiss settings. */
export function swissStageRounds(settings: StageSettings, entrants: number): StageRounds {
  return { SWISS: { first: 1, last: swissFormat(entrants, settings).rounds } };
}

/**
 * Groups (R7.9): the rounds of the largest group's round robin x cycles, the most over every count of entrants up to
 * `entrants` (the default group count follows the entrants).
 * @throws DomainError VALIDATION_ERROR for bad cycles.
 */
export function groupsStageRounds(settings: StageSettings, entrants: number): StageRounds {
  let most = 1;
  for (let n = 2; n <= entrants; n++) {
    const { groupCount, maxGroups } = groupSizes(settings, n);
    // A groupCount over n / 2 cannot be generated for n entrants (checkGroupsPlan refuses it at the start).
    if (settings.groupCount !== undefined && settings.groupCount > maxGroups) continue;
    most = Math.max(most, roundRobinRounds(Math.ceil(n / groupCount)));
  }
  return { GROUP: { first: 1, last: most * cyclesSetting(settings) } };
}

/** Stepladder (R27.7): one round per entrant but the first, in the winners bracket. */
export function stepladderRounds(entrants: number): StageRounds {
  return { WINNERS: { first: 1, last: Math.max(1, entrants - 1) } };
}
