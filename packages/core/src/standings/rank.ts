import type { PointsSystem, Tiebreak } from '../stages/stage-settings';
import type { ParticipantRecord } from './tally';

/** Values closer than this are equal (OMW% and similar ratios are not exact). */
const EPSILON = 1e-9;

/** A ranked record: its criteria values and whether the criteria leave it tied with the one above. */
export interface RankedRecord {
  record: ParticipantRecord;
  values: Partial<Record<Tiebreak, number>>;
  tiedWithPrevious: boolean;
}

function matchWinRate(r: ParticipantRecord, points: PointsSystem): number {
  const games = r.played + r.byes;
  if (games === 0 || points.win === 0) return 0;
  return r.points / (points.win * games);
}

/**
 * How byes count in the opponent-based tiebreaks (FIDE Tie-Break Regulations C.07, 2023, article 16 on
 * unplayed rounds in Swiss events; a bye here is a pairing-allocated bye, worth pointsForWin): for the
 * participant's own Buchholz and Sonneborn-Berger each bye is a game won against a dummy opponent whose
 * score is the participant's own score, but at most pointsForDraw x `rounds` (article 16.4, the cap
 * 16.4.2 for pairing-allocated byes). For the tiebreaks of the participant's opponents, the participant's
 * score counts as it stands, the bye as the win it was awarded as (16.3.1). A pairing-allocated bye is not
 * a voluntary unplayed round, so Cut-1 cuts the least value whatever it comes from (16.5 does not apply).
 */
export interface ByeTreatment {
  /** Rounds of the stage (Swiss: `swissFormat(...).rounds`); Infinity leaves the dummy's score uncapped. */
  rounds: number;
}

/** Score of the dummy opponent of `r`'s byes (article 16.4): its own points, capped at a draw per round of the stage. */
export function dummyScore(r: ParticipantRecord, points: PointsSystem, byes: ByeTreatment): number {
  return byes.rounds === Infinity ? r.points : Math.min(r.points, points.draw * byes.rounds);
}

/**
 * Criterion values that do not depend on who else is tied (every criterion but HEAD_TO_HEAD):
 * POINTS; SCORE_DIFFERENCE; SCORES_FOR; BUCHHOLZ = sum of the opponents' points over the games played,
 * plus for each bye the dummy opponent's score (`ByeTreatment`); BUCHHOLZ_CUT1 = Buchholz less its least
 * value (an opponent's or a dummy's); SONNEBORN_BERGER = sum of (1 for a win, 1/2 for a draw, 0 for a
 * loss) x that opponent's points, plus the dummy's score for each bye (a win);
 * OPPONENT_MATCH_WIN_PERCENTAGE = mean over the games played of max(1/3, opponent's points / (pointsForWin
 * x the opponent's games including byes)), as a fraction 0..1 (byes add no opponent).
 */
export function staticValue(
  criterion: Tiebreak,
  r: ParticipantRecord,
  all: ReadonlyMap<string, ParticipantRecord>,
  points: PointsSystem,
  byes: ByeTreatment = { rounds: Infinity },
): number {
  const opp = (id: string) => all.get(id) as ParticipantRecord;
  switch (criterion) {
    case 'POINTS':
      return r.points;
    case 'SCORE_DIFFERENCE':
      return r.scoresFor - r.scoresAgainst;
    case 'SCORES_FOR':
      return r.scoresFor;
    case 'BUCHHOLZ':
    case 'BUCHHOLZ_CUT1': {
      let sum = 0;
      let min = Infinity;
      const add = (value: number) => {
        sum += value;
        if (value < min) min = value;
      };
      for (const g of r.games) add(opp(g.opponent).points);
      if (r.byes > 0) {
        const dummy = dummyScore(r, points, byes);
        for (let i = 0; i < r.byes; i++) add(dummy);
      }
      return criterion === 'BUCHHOLZ' || min === Infinity ? sum : sum - min;
    }
    case 'SONNEBORN_BERGER': {
      let sum = 0;
      for (const g of r.games) sum += g.share * opp(g.opponent).points;
      return sum + r.byes * dummyScore(r, points, byes);
    }
    case 'OPPONENT_MATCH_WIN_PERCENTAGE': {
      if (r.games.length === 0) return 0;
      let sum = 0;
      for (const g of r.games) sum += Math.max(1 / 3, matchWinRate(opp(g.opponent), points));
      return sum / r.games.length;
    }
    case 'HEAD_TO_HEAD':
      return 0;
  }
}

/** Points each member of `run` earned in games against the other members of `run`. */
function headToHead(run: readonly RankedRecord[], points: PointsSystem): Map<string, number> {
  const members = new Set(run.map((x) => x.record.id));
  const out = new Map<string, number>();
  for (const { record } of run) {
    let sum = 0;
    for (const g of record.games) {
      if (!members.has(g.opponent)) continue;
      sum += g.share === 1 ? points.win : g.share === 0 ? points.loss : points.draw;
    }
    out.set(record.id, sum);
  }
  return out;
}

/** Options of `rankRecords`. */
export interface RankOptions {
  /** Ranks first by this value, higher first (the esports-form Swiss record). */
  leading?: (record: ParticipantRecord) => number;
  /** How byes count in Buchholz and Sonneborn-Berger (default: the dummy's score uncapped). */
  byes?: ByeTreatment;
}

/**
 * Orders records by `options.leading` when given (higher first), then by `criteria`
 * in turn (higher is better for each), then by seed. Participants tied on one
 * criterion are separated by the next, and HEAD_TO_HEAD is evaluated among exactly the participants still
 * tied at that point (a mini-league of their games against each other). Rows the criteria never separate
 * are flagged `tiedWithPrevious`. `records` must be in seed order. O(N log N + games).
 */
export function rankRecords(
  records: readonly ParticipantRecord[],
  all: ReadonlyMap<string, ParticipantRecord>,
  criteria: readonly Tiebreak[],
  points: PointsSystem,
  options: RankOptions = {},
): RankedRecord[] {
  const leading = options.leading;
  const items: RankedRecord[] = records.map((record) => {
    const values: Partial<Record<Tiebreak, number>> = {};
    for (const c of criteria) values[c] = staticValue(c, record, all, points, options.byes);
    return { record, values, tiedWithPrevious: false };
  });
  const out: RankedRecord[] = [];
  const place = (run: RankedRecord[], ci: number): void => {
    if (run.length === 1) {
      out.push(run[0] as RankedRecord);
      return;
    }
    if (ci === criteria.length) {
      run.forEach((item, i) => {
        item.tiedWithPrevious = i > 0;
        out.push(item);
      });
      return;
    }
    const criterion = criteria[ci] as Tiebreak;
    if (criterion === 'HEAD_TO_HEAD') {
      const h2h = headToHead(run, points);
      for (const item of run) item.values.HEAD_TO_HEAD = h2h.get(item.record.id) as number;
    }
    const value = (item: RankedRecord) => item.values[criterion] as number;
    const sorted = [...run].sort((a, b) => value(b) - value(a) || a.record.seed - b.record.seed);
    let start = 0;
    for (let i = 1; i <= sorted.length; i++) {
      if (i === sorted.length || Math.abs(value(sorted[i] as RankedRecord) - value(sorted[start] as RankedRecord)) > EPSILON) {
        place(sorted.slice(start, i), ci + 1);
        start = i;
      }
    }
  };
  if (leading === undefined) {
    place(items, 0);
    return out;
  }
  const sorted = [...items].sort((a, b) => leading(b.record) - leading(a.record) || a.record.seed - b.record.seed);
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i === sorted.length || leading((sorted[i] as RankedRecord).record) !== leading((sorted[start] as RankedRecord).record)) {
      place(sorted.slice(start, i), 0);
      start = i;
    }
  }
  return out;
}
