import { DomainError, throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import { checkDecider, checkGames, checkSeriesScore, type Decider, type GameScore } from './series';
import type { MatchScore, ResultInput, ValidatedResult } from './types';

/** Options of `validateResult`. */
export interface ValidateResultOptions {
  /** Equal scores without a winner are a draw (true) or an error (false: elimination stages). */
  allowDraw: boolean;
  /** Games the match is played over (R25.1); 1 when absent. */
  bestOf?: number;
}

/**
 * Validates a reported or resolved result against the match's participants (R8.7,
 * R7.12): exactly one score per participant, integer scores >= 0, `winnerId` one of the two. Without
 * `winnerId` (omitted or null) the higher score wins; equal scores need a `winnerId` unless draws are
 * allowed (then a draw); a `winnerId` with a strictly lower score than the loser is refused.
 * Series and deciders (R25.2, R25.4): with `games` the match score is derived from them (series.ts `checkGames`;
 * `scores`, when also given, must equal it); without games a best-of-N (N > 1) score must be a finished series
 * (`checkSeriesScore`); a `decider` is accepted only on a drawn score and its winner wins the match (`winnerId`,
 * when given, must be that side).
 * @returns the result with scores in slot order (and the games and decider when given).
 * @throws DomainError MATCH_NOT_READY when a participant is still unknown; VALIDATION_ERROR with details
 *   (paths `scores`, `scores[i].participantId`, `scores[i].score`, `winnerId`, `games...`, `decider...`).
 */
export function validateResult(
  participants: readonly [string | null, string | null],
  input: ResultInput,
  options: ValidateResultOptions,
): ValidatedResult {
  const [first, second] = participants;
  if (first === null || second === null) {
    throw new DomainError('MATCH_NOT_READY', 'Both participants of the match must be known');
  }
  const bestOf = options.bestOf ?? 1;
  let games: GameScore[] | undefined;
  let fromGames: [number, number] | null = null;
  if (input?.games !== undefined) {
    const gameDetails: DomainErrorDetail[] = [];
    const checked = checkGames(input.games, bestOf, gameDetails);
    throwIfInvalid(gameDetails, 'result');
    games = checked?.games;
    fromGames = checked?.scores ?? null;
  }
  const scores: unknown =
    input?.scores === undefined && fromGames !== null
      ? [
          { participantId: first, score: fromGames[0] },
          { participantId: second, score: fromGames[1] },
        ]
      : input?.scores;
  if (!Array.isArray(scores) || scores.length !== 2) {
    throw new DomainError('VALIDATION_ERROR', 'scores must hold exactly one score per participant (2 items)', [
      { path: 'scores', message: 'must hold exactly one score per participant (2 items)' },
    ]);
  }
  const details: DomainErrorDetail[] = [];
  const bySlot: (MatchScore | undefined)[] = [undefined, undefined];
  scores.forEach((item: unknown, i) => {
    if (typeof item !== 'object' || item === null) {
      details.push({ path: `scores[${i}]`, message: 'must be an object { participantId, score }' });
      return;
    }
    const { participantId, score } = item as Partial<MatchScore>;
    const slot = participantId === first ? 0 : participantId === second ? 1 : -1;
    if (slot === -1) {
      details.push({ path: `scores[${i}].participantId`, message: 'must be a participant of the match' });
    } else if (bySlot[slot] !== undefined) {
      details.push({ path: `scores[${i}].participantId`, message: `duplicate score for ${String(participantId)}` });
    }
    if (typeof score !== 'number' || !Number.isSafeInteger(score) || score < 0) {
      details.push({ path: `scores[${i}].score`, message: 'must be an integer >= 0' });
    } else if (slot !== -1 && bySlot[slot] === undefined) {
      bySlot[slot] = { participantId: participantId as string, score };
    }
  });
  const winnerId = input.winnerId ?? null;
  if (winnerId !== null && winnerId !== first && winnerId !== second) {
    details.push({ path: 'winnerId', message: 'must be a participant of the match' });
  }
  throwIfInvalid(details, 'result');

  const a = bySlot[0] as MatchScore;
  const b = bySlot[1] as MatchScore;
  const ordered: [MatchScore, MatchScore] = [a, b];
  const series: DomainErrorDetail[] = [];
  if (fromGames !== null && (a.score !== fromGames[0] || b.score !== fromGames[1])) {
    series.push({ path: 'scores', message: `must equal the score the games give (${fromGames[0]}-${fromGames[1]}), or be omitted` });
  } else if (fromGames === null) {
    checkSeriesScore([a.score, b.score], bestOf, 'scores', series);
  }
  const decider = input.decider === undefined || input.decider === null ? undefined : checkDecider(input.decider, [a.score, b.score], series);
  throwIfInvalid(series, 'result');
  const extra: { games?: GameScore[]; decider?: Decider } = { ...(games ? { games } : {}), ...(decider ? { decider } : {}) };
  if (decider) {
    const winnerSlot = decider.scores[0] > decider.scores[1] ? 0 : 1;
    const deciderWinner = winnerSlot === 0 ? first : second;
    if (winnerId !== null && winnerId !== deciderWinner) {
      throw new DomainError('VALIDATION_ERROR', 'winnerId must be the winner of the decider', [
        { path: 'winnerId', message: `must be the winner of the decider (${deciderWinner})` },
      ]);
    }
    return { winnerId: deciderWinner, loserId: winnerSlot === 0 ? second : first, isDraw: false, scores: ordered, ...extra };
  }
  if (winnerId !== null) {
    const [winnerScore, loserScore] = winnerId === first ? [a.score, b.score] : [b.score, a.score];
    if (winnerScore < loserScore) {
      throw new DomainError('VALIDATION_ERROR', 'winnerId has a lower score than the loser', [
        { path: 'winnerId', message: 'has a lower score than the loser' },
      ]);
    }
    return { winnerId, loserId: winnerId === first ? second : first, isDraw: false, scores: ordered, ...extra };
  }
  if (a.score !== b.score) {
    const firstWins = a.score > b.score;
    return { winnerId: firstWins ? first : second, loserId: firstWins ? second : first, isDraw: false, scores: ordered, ...extra };
  }
  if (!options.allowDraw) {
    throw new DomainError('VALIDATION_ERROR', 'winnerId is required when scores are equal (no draws in this stage)', [
      { path: 'winnerId', message: 'is required when scores are equal (no draws in this stage)' },
    ]);
  }
  return { winnerId: null, loserId: null, isDraw: true, scores: ordered, ...extra };
}
