import type { PointsSystem, Tiebreak } from '../stages/stage-settings';
import type { Game, ParticipantRecord } from './tally';

/** The floor of a match-win or game-win percentage in the opponent-based criteria: 0.33 exactly, as the MTG tournament rules give it (R27.1). */
export const PERCENTAGE_FLOOR = 0.33;

/** How byes count in Buchholz and Sonneborn-Berger (contract `StageSettings.byeTiebreakRule`, R27.2). */
export type ByeTiebreakRule = 'FIDE_2023' | 'NONE';

/**
 * How byes count in the opponent-based tiebreaks (FIDE Tie-Break Regulations C.07, 2023, article 16 on
 * unplayed rounds in Swiss events; a bye here is a pairing-allocated bye, worth pointsForWin). With `rule`
 * FIDE_2023 (the default), for the participant's own Buchholz and Sonneborn-Berger each bye is a game won
 * against a dummy opponent whose score is the participant's own score, but at most pointsForDraw x `rounds`
 * (article 16.4, the cap 16.4.2 for pairing-allocated byes); with NONE a bye adds nothing to them. For the
 * tiebreaks of the participant's opponents, the participant's score counts as it stands, the bye as the win it
 * was awarded as (16.3.1). A pairing-allocated bye is not a voluntary unplayed round, so the cuts cut the least
 * values whatever they come from (16.5 does not apply).
 */
export interface ByeTreatment {
  /** Rounds of the stage (Swiss: `swissFormat(...).rounds`); Infinity leaves the dummy's score uncapped. */
  rounds: number;
  /** Default FIDE_2023. */
  rule?: ByeTiebreakRule;
}

/** What the criteria values of one participant are computed from. */
export interface TiebreakContext {
  all: ReadonlyMap<string, ParticipantRecord>;
  points: PointsSystem;
  byes: ByeTreatment;
  /** The last round with a decided result in the stage (for CUMULATIVE_SCORE); 0 when none. */
  lastRound: number;
}

/** Score of the dummy opponent of `r`'s byes (article 16.4): its own points, capped at a draw per round of the stage. */
export function dummyScore(r: ParticipantRecord, points: PointsSystem, byes: ByeTreatment): number {
  return byes.rounds === Infinity ? r.points : Math.min(r.points, points.draw * byes.rounds);
}

/** Points of one game by its share (1 win, 0.5 draw, 0 loss). */
export function gamePoints(g: Game, points: PointsSystem): number {
  return g.share === 1 ? points.win : g.share === 0 ? points.loss : points.draw;
}

/** Match-win rate of a record: points / (pointsForWin x games including byes), 0 without games. */
function matchWinRate(r: ParticipantRecord, points: PointsSystem): number {
  const games = r.played + r.byes;
  if (games === 0 || points.win === 0) return 0;
  return r.points / (points.win * games);
}

/** Game-win rate of a record: scores for / (for + against) over its played matches, at least PERCENTAGE_FLOOR, 0.33 (also without scores). */
function gameWinRate(r: ParticipantRecord): number {
  let won = 0;
  let total = 0;
  for (const g of r.games) {
    won += g.scoreFor;
    total += g.scoreFor + g.scoreAgainst;
  }
  return total === 0 ? PERCENTAGE_FLOOR : Math.max(PERCENTAGE_FLOOR, won / total);
}

/** The Buchholz values of a record, least first: each opponent's points, and the dummy's score per bye (FIDE_2023). */
function buchholzValues(r: ParticipantRecord, ctx: TiebreakContext): number[] {
  const values = r.games.map((g) => (ctx.all.get(g.opponent) as ParticipantRecord).points);
  if (r.byes > 0 && (ctx.byes.rule ?? 'FIDE_2023') === 'FIDE_2023') {
    const dummy = dummyScore(r, ctx.points, ctx.byes);
    for (let i = 0; i < r.byes; i++) values.push(dummy);
  }
  return values.sort((a, b) => a - b);
}

/** Sum of `values` (sorted least first) without the `low` least and `high` greatest (as many as there are). */
function cutSum(values: readonly number[], low: number, high: number): number {
  let sum = 0;
  for (let i = low; i < values.length - high; i++) sum += values[i] as number;
  return sum;
}

/** The record of opponent `id` (a module function: no closure made per value, thousands in a large stage). */
function opponentRecord(ctx: TiebreakContext, id: string): ParticipantRecord {
  return ctx.all.get(id) as ParticipantRecord;
}

/**
 * Criterion values that do not depend on who else is tied (every criterion but the head-to-head ones), R7.13
 * and R27.1:
 * POINTS; SCORE_DIFFERENCE; SCORES_FOR; BUCHHOLZ = sum of the opponents' points over the games played, plus
 * for each bye the dummy opponent's score (`ByeTreatment`); BUCHHOLZ_CUT1 / BUCHHOLZ_CUT2 = Buchholz less its
 * least one / two values; MEDIAN_BUCHHOLZ = Buchholz less its least and its greatest value (an opponent's or a
 * dummy's); SONNEBORN_BERGER = sum of (1 for a win, 1/2 for a draw, 0 for a loss) x that opponent's points,
 * plus the dummy's score for each bye (a win); CUMULATIVE_SCORE = sum over the rounds 1..last of the
 * participant's score after that round (a game or bye of round r counts last - r + 1 times); KOYA = points
 * scored against the opponents who scored at least half of the maximum of their games (pointsForWin x games
 * including byes); OPPONENT_MATCH_WIN_PERCENTAGE = mean over the games played of max(0.33, opponent's points /
 * (pointsForWin x the opponent's games including byes)), a fraction 0..1 (byes add no opponent);
 * GAME_WIN_PERCENTAGE = scores for / (for + against) over the matches played (scores as games won), at least
 * 0.33 (0.33 without scores); OPPONENT_GAME_WIN_PERCENTAGE = mean over the games played of the opponent's
 * GAME_WIN_PERCENTAGE (0 without games). The head-to-head criteria are 0 here (see `rankRecords`).
 */
export function staticValue(criterion: Tiebreak, r: ParticipantRecord, ctx: TiebreakContext): number {
  switch (criterion) {
    case 'POINTS':
      return r.points;
    case 'SCORE_DIFFERENCE':
      return r.scoresFor - r.scoresAgainst;
    case 'SCORES_FOR':
      return r.scoresFor;
    case 'BUCHHOLZ':
      return cutSum(buchholzValues(r, ctx), 0, 0);
    case 'BUCHHOLZ_CUT1':
      return cutSum(buchholzValues(r, ctx), 1, 0);
    case 'BUCHHOLZ_CUT2':
      return cutSum(buchholzValues(r, ctx), 2, 0);
    case 'MEDIAN_BUCHHOLZ':
      return cutSum(buchholzValues(r, ctx), 1, 1);
    case 'SONNEBORN_BERGER': {
      let sum = 0;
      for (const g of r.games) sum += g.share * opponentRecord(ctx, g.opponent).points;
      const byes = (ctx.byes.rule ?? 'FIDE_2023') === 'FIDE_2023' ? r.byes * dummyScore(r, ctx.points, ctx.byes) : 0;
      return sum + byes;
    }
    case 'CUMULATIVE_SCORE': {
      let sum = 0;
      for (const g of r.games) sum += gamePoints(g, ctx.points) * (ctx.lastRound - g.round + 1);
      for (const round of r.byeRounds) sum += ctx.points.win * (ctx.lastRound - round + 1);
      return sum;
    }
    case 'KOYA': {
      let sum = 0;
      for (const g of r.games) {
        const o = opponentRecord(ctx, g.opponent);
        if (2 * o.points >= ctx.points.win * (o.played + o.byes)) sum += gamePoints(g, ctx.points);
      }
      return sum;
    }
    case 'OPPONENT_MATCH_WIN_PERCENTAGE': {
      if (r.games.length === 0) return 0;
      let sum = 0;
      for (const g of r.games) sum += Math.max(PERCENTAGE_FLOOR, matchWinRate(opponentRecord(ctx, g.opponent), ctx.points));
      return sum / r.games.length;
    }
    case 'GAME_WIN_PERCENTAGE':
      return gameWinRate(r);
    case 'OPPONENT_GAME_WIN_PERCENTAGE': {
      if (r.games.length === 0) return 0;
      let sum = 0;
      for (const g of r.games) sum += gameWinRate(opponentRecord(ctx, g.opponent));
      return sum / r.games.length;
    }
    case 'HEAD_TO_HEAD':
    case 'HEAD_TO_HEAD_MINI_LEAGUE':
      return 0;
  }
}

/** The last round with a decided game or bye among `all` (0 when none). */
export function lastRoundOf(all: ReadonlyMap<string, ParticipantRecord>): number {
  let last = 0;
  for (const r of all.values()) {
    for (const g of r.games) if (g.round > last) last = g.round;
    for (const round of r.byeRounds) if (round > last) last = round;
  }
  return last;
}
