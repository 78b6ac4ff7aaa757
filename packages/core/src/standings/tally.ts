import { throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import { parseStageMatchKey } from '../formats/stage-match-key';
import type { Entrant } from '../formats/types';
import type { PointsSystem } from '../stages/stage-settings';
import type { ResultCounts, StageMatchResult } from './types';

/**
 * One decided game from a participant's side: opponent, points share (1 win, 0.5 draw, 0 loss), the round
 * (from the match key, else the result's 1-based position) and the scores for and against (0 when none).
 */
export interface Game {
  opponent: string;
  share: number;
  round: number;
  scoreFor: number;
  scoreAgainst: number;
}

/** Running record of one participant over the decided results of a stage. */
export interface ParticipantRecord extends ResultCounts {
  id: string;
  seed: number;
  games: Game[];
  /** Rounds of the byes received (Swiss), as `Game.round`. */
  byeRounds: number[];
}

function emptyRecord(entrant: Entrant): ParticipantRecord {
  return {
    id: entrant.id,
    seed: entrant.seed,
    played: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    byes: 0,
    points: 0,
    scoresFor: 0,
    scoresAgainst: 0,
    games: [],
    byeRounds: [],
  };
}

/** The counter and the points share (Game.share) of each outcome of a game. */
const OUTCOMES = {
  win: { counter: 'wins', share: 1 },
  draw: { counter: 'draws', share: 0.5 },
  loss: { counter: 'losses', share: 0 },
} as const satisfies Record<keyof PointsSystem, { counter: keyof ResultCounts; share: number }>;

/** Adds one decided game against `opponent` to `record`: the outcome's counter, its points and the game. */
function addGame(
  record: ParticipantRecord,
  opponent: ParticipantRecord,
  outcome: keyof PointsSystem,
  points: PointsSystem,
  game: { round: number; scoreFor: number; scoreAgainst: number },
): void {
  const { counter, share } = OUTCOMES[outcome];
  record[counter]++;
  record.points += points[outcome];
  record.games.push({ opponent: opponent.id, share, ...game });
}

/** Round of a result: the round of its stage match key, else its 1-based position in the list. */
function roundOf(key: unknown, index: number): number {
  return (typeof key === 'string' ? parseStageMatchKey(key)?.round : undefined) ?? index + 1;
}

/**
 * Tallies decided results into one record per entrant (seed order of `ranked`): win/draw/loss points from
 * `points`; a bye (one null participant) counts as a win with pointsForWin and no opponent; undecided
 * results are skipped. O(N + results).
 * @throws DomainError VALIDATION_ERROR (paths `results[i].participants`, `results[i].winnerId`,
 *   `results[i].scores`) for unknown participants, a participant against itself, a winner who did not play
 *   or scores that are not two integers >= 0.
 */
export function tally(ranked: readonly Entrant[], results: readonly StageMatchResult[], points: PointsSystem): Map<string, ParticipantRecord> {
  const records = new Map<string, ParticipantRecord>();
  for (const e of ranked) records.set(e.id, emptyRecord(e));
  const details: DomainErrorDetail[] = [];
  results.forEach((result, i) => {
    if (details.length >= 20) return;
    const participants: unknown = result?.participants;
    if (!Array.isArray(participants) || participants.length !== 2) {
      details.push({ path: `results[${i}].participants`, message: 'must be [id | null, id | null]' });
      return;
    }
    const [a, b] = participants as [string | null, string | null];
    const ra = a === null ? null : records.get(a);
    const rb = b === null ? null : records.get(b);
    if (ra === undefined || rb === undefined || (ra === null && rb === null) || a === b) {
      details.push({ path: `results[${i}].participants`, message: 'must name one or two different entrants of the stage' });
      return;
    }
    const winner = result.winnerId;
    if (winner !== null && winner !== a && winner !== b) {
      details.push({ path: `results[${i}].winnerId`, message: 'must be a participant of the match or null' });
      return;
    }
    if (ra === null || rb === null) {
      // A bye: the present participant wins it.
      const r = (ra ?? rb) as ParticipantRecord;
      if (winner === null) return;
      r.byes++;
      r.byeRounds.push(roundOf(result.key, i));
      r.wins++;
      r.points += points.win;
      return;
    }
    const isDraw = winner === null && result.isDraw === true;
    if (winner === null && !isDraw) return; // not decided yet
    const scores: unknown = result.scores ?? null;
    let sa = 0;
    let sb = 0;
    if (scores !== null) {
      const ok = Array.isArray(scores) && scores.length === 2 && scores.every((s) => Number.isSafeInteger(s) && (s as number) >= 0);
      if (!ok) {
        details.push({ path: `results[${i}].scores`, message: 'must be two integers >= 0 in slot order, or null' });
        return;
      }
      [sa, sb] = scores as [number, number];
    }
    ra.played++;
    rb.played++;
    ra.scoresFor += sa;
    ra.scoresAgainst += sb;
    rb.scoresFor += sb;
    rb.scoresAgainst += sa;
    const round = roundOf(result.key, i);
    const sideA = { round, scoreFor: sa, scoreAgainst: sb };
    const sideB = { round, scoreFor: sb, scoreAgainst: sa };
    if (isDraw) {
      addGame(ra, rb, 'draw', points, sideA);
      addGame(rb, ra, 'draw', points, sideB);
      return;
    }
    if (winner === a) {
      addGame(ra, rb, 'win', points, sideA);
      addGame(rb, ra, 'loss', points, sideB);
    } else {
      addGame(rb, ra, 'win', points, sideB);
      addGame(ra, rb, 'loss', points, sideA);
    }
  });
  throwIfInvalid(details, 'results');
  return records;
}
