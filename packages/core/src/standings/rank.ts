import type { PointsSystem, Tiebreak } from '../stages/stage-settings';
import type { ParticipantRecord } from './tally';
import { gamePoints, lastRoundOf, staticValue, type ByeTreatment } from './tiebreak-values';

/** Values closer than this are equal (OMW% and similar ratios are not exact). */
const EPSILON = 1e-9;

/** A ranked record: its criteria values and whether the criteria leave it tied with the one above. */
export interface RankedRecord {
  record: ParticipantRecord;
  values: Partial<Record<Tiebreak, number>>;
  tiedWithPrevious: boolean;
}

/** Points, score difference and scores for of each member of `run` in games against the other members of `run`. */
function headToHeadTable(run: readonly RankedRecord[], points: PointsSystem): Map<string, [number, number, number]> {
  const members = new Set(run.map((x) => x.record.id));
  const out = new Map<string, [number, number, number]>();
  for (const { record } of run) {
    let sum = 0;
    let difference = 0;
    let scored = 0;
    for (const g of record.games) {
      if (!members.has(g.opponent)) continue;
      sum += gamePoints(g, points);
      difference += g.scoreFor - g.scoreAgainst;
      scored += g.scoreFor;
    }
    out.set(record.id, [sum, difference, scored]);
  }
  return out;
}

/** Points each member of `run` earned in games against the other members of `run`. */
function headToHead(run: readonly RankedRecord[], points: PointsSystem): Map<string, number> {
  return new Map([...headToHeadTable(run, points)].map(([id, [sum]]) => [id, sum]));
}

/**
 * The mini-league of `run` (R27.1, UEFA style): ordered by points, then score difference, then scores for in the
 * games among its members; each subset it leaves tied (smaller than `run`) is ranked again by a mini-league of its
 * own members only, until nothing splits. Returns the tied runs in order; HEAD_TO_HEAD_MINI_LEAGUE is set to the
 * points of the last mini-league a record was ranked in.
 */
function miniLeague(run: RankedRecord[], points: PointsSystem): RankedRecord[][] {
  const table = headToHeadTable(run, points);
  const key = (item: RankedRecord) => table.get(item.record.id) as [number, number, number];
  for (const item of run) item.values.HEAD_TO_HEAD_MINI_LEAGUE = key(item)[0];
  const compare = (a: RankedRecord, b: RankedRecord) => {
    const [x, y] = [key(a), key(b)];
    return y[0] - x[0] || y[1] - x[1] || y[2] - x[2];
  };
  const sorted = [...run].sort((a, b) => compare(a, b) || a.record.seed - b.record.seed);
  const groups: RankedRecord[][] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i === sorted.length || Math.abs(compare(sorted[i] as RankedRecord, sorted[start] as RankedRecord)) > EPSILON) {
      groups.push(sorted.slice(start, i));
      start = i;
    }
  }
  if (groups.length === 1) return groups;
  return groups.flatMap((g) => (g.length > 1 ? miniLeague(g, points) : [g]));
}

/** Options of `rankRecords`. */
export interface RankOptions {
  /** Ranks first by this value, higher first (the esports-form Swiss record). */
  leading?: (record: ParticipantRecord) => number;
  /** How byes count in Buchholz and Sonneborn-Berger (default: FIDE_2023 with the dummy's score uncapped). */
  byes?: ByeTreatment;
}

/**
 * Orders records by `options.leading` when given (higher first), then by `criteria`
 * in turn (higher is better for each), then by seed. Participants tied on one
 * criterion are separated by the next, and HEAD_TO_HEAD is evaluated among exactly the participants still
 * tied at that point (a mini-league of their games against each other); HEAD_TO_HEAD_MINI_LEAGUE re-applies its
 * mini-league to every subset it leaves tied (`miniLeague`). Rows the criteria never separate
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
  const ctx = { all, points, byes: options.byes ?? { rounds: Infinity }, lastRound: criteria.includes('CUMULATIVE_SCORE') ? lastRoundOf(all) : 0 };
  const items: RankedRecord[] = records.map((record) => {
    const values: Partial<Record<Tiebreak, number>> = {};
    for (const c of criteria) values[c] = staticValue(c, record, ctx);
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
    if (criterion === 'HEAD_TO_HEAD_MINI_LEAGUE') {
      for (const tied of miniLeague(run, points)) place(tied, ci + 1);
      return;
    }
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
