import type { BracketKind } from '../formats/types';
import type { DomainErrorDetail } from '../errors/domain-error';

/** Best-of values a stage or a round may use (contract `StageSettings.bestOf`): odd, so that a series cannot be drawn. */
export const BEST_OF_VALUES = [1, 3, 5, 7, 9] as const;

/** A best-of value (R25.1). */
export type BestOf = (typeof BEST_OF_VALUES)[number];

/** How a drawn score was decided (contract `MatchDecider.kind`, R25.4). */
export const DECIDER_KINDS = ['EXTRA_TIME', 'PENALTIES', 'GOLDEN_GOAL', 'OTHER'] as const;

/** Kind of a decider. */
export type DeciderKind = (typeof DECIDER_KINDS)[number];

/** Longest map (game) name, in characters. */
export const MAX_MAP_NAME_LENGTH = 80;

/** One game (map) of a match: its score per side in slot order (participants[0], participants[1]), and its map. */
export interface GameScore {
  scores: [number, number];
  map?: string;
}

/**
 * What decided a drawn match (R25.4): the kind and its own score per side in slot order (Argentina 3-3 France, 4-2
 * on penalties: match scores [3, 3], decider `{ kind: 'PENALTIES', scores: [4, 2] }`).
 */
export interface Decider {
  kind: DeciderKind;
  scores: [number, number];
}

/** Game wins a side needs to take a best-of-`bestOf` series (2 of a Bo3, 3 of a Bo5). */
export function winsNeeded(bestOf: number): number {
  return Math.floor(bestOf / 2) + 1;
}

/** The stage settings that say how many games a match is played over. */
export interface BestOfSettings {
  bestOf?: number;
  /**
   * Overrides by round number within the stage (keys "1", "2", ..., every bracket), e.g. `{ "3": 5 }` for a Bo5
   * final of 8; by bracket (`"GRAND_FINAL"`, `"THIRD_PLACE"` ...: every round of it); or by bracket and round
   * (`"WINNERS:3"`, `"GRAND_FINAL:2"`, the reset).
   */
  bestOfByRound?: Readonly<Record<string, number>>;
}

/**
 * The best-of of a match of `round` (1-based, within its stage) in `bracket` under `settings` (R25.1): the override
 * in `bestOfByRound` for that bracket and round (`"GRAND_FINAL:2"`), else for that bracket (`"GRAND_FINAL"`), else
 * for that round (`"2"`), else the stage's `bestOf`, else 1. Values that are not a best-of count as absent.
 */
export function bestOfFor(settings: BestOfSettings | null | undefined, round: number, bracket?: BracketKind): number {
  const valid = (value: unknown): value is number => (BEST_OF_VALUES as readonly unknown[]).includes(value);
  const overrides = settings?.bestOfByRound;
  const keys = bracket === undefined ? [String(round)] : [`${bracket}:${round}`, bracket, String(round)];
  for (const key of keys) {
    const value: unknown = overrides?.[key];
    if (valid(value)) return value;
  }
  return valid(settings?.bestOf) ? settings.bestOf : 1;
}

function isScore(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function scorePair(value: unknown): [number, number] | null {
  return Array.isArray(value) && value.length === 2 && isScore(value[0]) && isScore(value[1]) ? [value[0], value[1]] : null;
}

/** `a-b`, e.g. `2-1`. */
function dash(pair: readonly [number, number]): string {
  return `${pair[0]}-${pair[1]}`;
}

/**
 * Checks the games of a match played over `bestOf` games and derives the match score, in slot order (R25.2):
 * - `games` is an array of 1..bestOf objects `{ scores: [a, b], map? }`, scores integers >= 0, map 1..80 characters;
 * - best-of-1: exactly one game, whose score is the match score (a draw follows the stage's draw rule);
 * - best-of-N (N > 1): every game has a winner, the series ends as soon as a side has `winsNeeded(N)` wins (no game
 *   after that), and one side reaches them; the match score is the games won (e.g. 2-1).
 * Problems are pushed to `details` (paths `games`, `games[i]`, `games[i].scores`, `games[i].map`).
 * @returns the games (copied) and the derived score, or null when a detail was pushed.
 */
export function checkGames(
  games: unknown,
  bestOf: number,
  details: DomainErrorDetail[],
): { games: GameScore[]; scores: [number, number] } | null {
  const count = details.length;
  if (!Array.isArray(games) || games.length === 0 || games.length > bestOf) {
    details.push({ path: 'games', message: `must hold 1 to ${bestOf} game(s): the match is a best-of-${bestOf}` });
    return null;
  }
  const out: GameScore[] = [];
  games.forEach((game: unknown, i) => {
    const g = typeof game === 'object' && game !== null ? (game as { scores?: unknown; map?: unknown }) : null;
    const pair = scorePair(g?.scores);
    if (pair === null) {
      details.push({ path: `games[${i}].scores`, message: 'must be two integers >= 0, one per side in slot order' });
      return;
    }
    if (g?.map !== undefined && (typeof g.map !== 'string' || g.map.trim().length === 0 || g.map.length > MAX_MAP_NAME_LENGTH)) {
      details.push({ path: `games[${i}].map`, message: `must be a non-empty string of at most ${MAX_MAP_NAME_LENGTH} characters` });
      return;
    }
    out.push(typeof g?.map === 'string' ? { scores: pair, map: g.map } : { scores: pair });
  });
  if (details.length > count) return null;
  if (bestOf === 1) {
    if (out.length !== 1) {
      details.push({ path: 'games', message: 'must hold exactly 1 game: the match is a best-of-1' });
      return null;
    }
    return { games: out, scores: [...(out[0] as GameScore).scores] };
  }
  const need = winsNeeded(bestOf);
  const wins: [number, number] = [0, 0];
  for (const [i, game] of out.entries()) {
    if (wins[0] === need || wins[1] === need) {
      details.push({ path: `games[${i}]`, message: `the best-of-${bestOf} was decided ${dash(wins)} after game ${i}: no game is played after that` });
      return null;
    }
    const [a, b] = game.scores;
    if (a === b) {
      details.push({ path: `games[${i}].scores`, message: `a game of a best-of-${bestOf} needs a winner (${dash(game.scores)})` });
      return null;
    }
    wins[a > b ? 0 : 1] += 1;
  }
  if (wins[0] < need && wins[1] < need) {
    details.push({ path: 'games', message: `a best-of-${bestOf} ends when a side wins ${need} games: these games give ${dash(wins)}` });
    return null;
  }
  return { games: out, scores: wins };
}

/**
 * Checks a match score given without games against a best-of-N (N > 1) series (R25.2): one side has exactly
 * `winsNeeded(N)` wins and the other fewer (a Bo3 is 2-0 or 2-1; 2-2 or 1-1 is refused). Pushes a detail at `path`.
 */
export function checkSeriesScore(scores: readonly [number, number], bestOf: number, path: string, details: DomainErrorDetail[]): void {
  if (bestOf <= 1) return;
  const need = winsNeeded(bestOf);
  const [hi, lo] = scores[0] >= scores[1] ? scores : [scores[1], scores[0]];
  if (hi !== need || lo >= need) {
    details.push({ path, message: `a best-of-${bestOf} ends when a side wins ${need} games: ${dash([scores[0], scores[1]])} is not a possible result` });
  }
}

/**
 * Checks a decider against the match score, in slot order (R25.4): it is recorded only on a drawn score, its kind is
 * one of DECIDER_KINDS and its own score (two integers >= 0) is not drawn. Pushes details (paths `decider`,
 * `decider.kind`, `decider.scores`). @returns the decider (copied), or null when a detail was pushed.
 */
export function checkDecider(decider: unknown, matchScores: readonly [number, number], details: DomainErrorDetail[]): Decider | null {
  const d = typeof decider === 'object' && decider !== null && !Array.isArray(decider) ? (decider as { kind?: unknown; scores?: unknown }) : null;
  if (d === null) {
    details.push({ path: 'decider', message: 'must be an object { kind, scores }' });
    return null;
  }
  if (matchScores[0] !== matchScores[1]) {
    details.push({ path: 'decider', message: `is recorded only on a drawn score (the score is ${dash([matchScores[0], matchScores[1]])})` });
    return null;
  }
  const count = details.length;
  if (!(DECIDER_KINDS as readonly unknown[]).includes(d.kind)) details.push({ path: 'decider.kind', message: `must be one of ${DECIDER_KINDS.join(', ')}` });
  const pair = scorePair(d.scores);
  if (pair === null) details.push({ path: 'decider.scores', message: 'must be two integers >= 0, one per side in slot order' });
  else if (pair[0] === pair[1]) details.push({ path: 'decider.scores', message: `must produce a winner (${dash(pair)} is drawn)` });
  if (details.length > count || pair === null) return null;
  return { kind: d.kind as DeciderKind, scores: pair };
}
