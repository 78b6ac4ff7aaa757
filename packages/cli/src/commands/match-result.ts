import type { Match } from '../api-types';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { canPrompt } from '../prompts/ask';
import { deciderOf, parseGames, type DeciderInput, type GameInput } from './match-series';
import { safeText } from '../output/safe-text';

/** Brackets whose matches cannot end in a draw (elimination: someone must go through). */
const NO_DRAW_BRACKETS = new Set(['WINNERS', 'LOSERS', 'GRAND_FINAL', 'THIRD_PLACE', 'CONSOLATION']);

/**
 * Parses `A-B` (scores in the match's side order, non-negative integers).
 * @throws CliError INVALID_SCORE naming the value.
 */
export function parseScore(value: string): [number, number] {
  const match = /^\s*(\d{1,6})\s*[-:]\s*(\d{1,6})\s*$/.exec(value);
  if (!match) throw new CliError('INVALID_SCORE', `invalid --score "${value}": expected A-B in side order, e.g. 2-1`);
  return [Number(match[1]), Number(match[2])];
}

/**
 * The winner's participant id: `--winner` as a participant id of the match or a side number (1 or 2); without it,
 * the side with the higher score; undefined for equal scores (a draw, where the stage allows them).
 * @throws CliError INVALID_WINNER when --winner names neither side.
 */
export function resolveWinner(match: Match, scores: [number, number], winner: string | undefined): string | undefined {
  const ids = [match.participants[0]?.participantId, match.participants[1]?.participantId] as [string, string];
  if (winner !== undefined) {
    const trimmed = winner.trim();
    if (trimmed === '1' || trimmed === '2') return ids[Number(trimmed) - 1];
    if (ids.includes(trimmed)) return trimmed;
    const names = match.participants.map((side, i) => `${i + 1}/${side.participantId} (${side.name ?? '?'})`).join(' or ');
    throw new CliError('INVALID_WINNER', `--winner must be a side of the match: ${names}`);
  }
  if (scores[0] === scores[1]) return undefined;
  return scores[0] > scores[1] ? ids[0] : ids[1];
}

/**
 * Checks `--score` against the match's best-of (R25.3): a best-of-N (N > 1) ends when a side wins (N + 1) / 2 games,
 * so one side has exactly that many and the other fewer (a best-of-3 is 2-0 or 2-1, never 2-2 or 1-0). Checked
 * before a draw is considered, so that no winner is asked for or hinted at for a score the server refuses anyway.
 * @throws CliError INVALID_SCORE naming --score, the best-of and the possible results.
 */
export function checkSeriesScore(match: Pick<Match, 'bestOf'>, scores: readonly [number, number]): void {
  const bestOf = match.bestOf ?? 1;
  if (bestOf <= 1) return;
  const need = Math.floor(bestOf / 2) + 1;
  const [hi, lo] = scores[0] >= scores[1] ? scores : [scores[1], scores[0]];
  if (hi === need && lo < need) return;
  const possible = Array.from({ length: need }, (_, losses) => `${need}-${losses}`);
  throw new CliError('INVALID_SCORE', `--score ${scores[0]}-${scores[1]} is not a possible result for a best-of-${bestOf}: it ends when a side wins ${need} games`, {
    hint: `give the games won in side order: ${possible.join(', ')} (or the reverse), or per-game scores with --games`,
  });
}

/**
 * The winner for a result, asking on a terminal when the scores are equal in a match that cannot be drawn
 * (elimination brackets) and no --winner was given.
 * @throws CliError WINNER_NEEDED without a terminal in that case; INVALID_WINNER (see resolveWinner).
 */
export async function winnerFor(deps: CliDeps, match: Match, scores: [number, number], winner: string | undefined): Promise<string | undefined> {
  const resolved = resolveWinner(match, scores, winner);
  if (resolved !== undefined || !NO_DRAW_BRACKETS.has(match.bracket)) return resolved;
  const [a, b] = match.participants;
  if (!canPrompt(deps)) {
    throw new CliError('WINNER_NEEDED', `${scores[0]}-${scores[1]} is a draw, and this elimination match needs a winner`, {
      hint: `add --winner 1 (${a?.name ?? 'side 1'}) or --winner 2 (${b?.name ?? 'side 2'})`,
    });
  }
  return deps.prompter.select({
    message: `${scores[0]}-${scores[1]} is a draw; who goes through?`,
    choices: [
      { value: a?.participantId as string, name: safeText(a?.name ?? 'side 1') },
      { value: b?.participantId as string, name: safeText(b?.name ?? 'side 2') },
    ],
  });
}

/** The result flags of report, resolve and correct: a score or per-game scores, a winner and a decider. */
export interface ResultFlags {
  score?: string;
  /** `13-9,7-13,13-11` (R25.2), or already parsed games (asked for on a terminal). */
  games?: string | GameInput[];
  winner?: string;
  decider?: string;
  penalties?: string;
}

/** A result body as the API takes it (MatchReportRequest's result fields). */
export interface ResultBody {
  scores?: { participantId: string; score: number }[];
  games?: GameInput[];
  winnerId?: string;
  decider?: DeciderInput;
}

/**
 * A result body from `--score A-B` (side order) or `--games` (per-game scores: the server derives the score, R25.2),
 * `--winner` (asked for on a terminal when an elimination match is tied without a decider) and `--decider` /
 * `--penalties` (R25.4: a drawn score decided, its winner goes through).
 * @throws CliError MATCH_NOT_READY while a side is unknown; INVALID_SCORE / INVALID_DECIDER for bad values (a score
 *   a best-of-N cannot end with included, see checkSeriesScore);
 *   MISSING_VALUE when neither a score nor games are given.
 */
export async function resultBody(deps: CliDeps, match: Match, flags: ResultFlags): Promise<ResultBody> {
  const [a, b] = [match.participants[0]?.participantId, match.participants[1]?.participantId];
  if (!a || !b) throw new CliError('MATCH_NOT_READY', `match ${match.id} does not have both participants yet`);
  const decider = deciderOf(flags);
  const extra = decider ? { decider } : {};
  if (flags.games !== undefined) {
    const games = typeof flags.games === 'string' ? parseGames(flags.games) : flags.games;
    const winnerId = flags.winner !== undefined ? resolveWinner(match, [0, 0], flags.winner) : undefined;
    return { games, ...(winnerId !== undefined ? { winnerId } : {}), ...extra };
  }
  if (flags.score === undefined) throw new CliError('MISSING_VALUE', 'must provide --score or --games');
  const scores = parseScore(flags.score);
  checkSeriesScore(match, scores);
  const winnerId = decider ? resolveWinner(match, [0, 0], flags.winner) : await winnerFor(deps, match, scores, flags.winner);
  return {
    scores: [
      { participantId: a, score: scores[0] },
      { participantId: b, score: scores[1] },
    ],
    ...(winnerId !== undefined ? { winnerId } : {}),
    ...extra,
  };
}
