import type { StandingRow } from '../standings/types';
import { placementRange, rangesFromOrder } from './placement-range';
import type { Placement } from './types';

/**
 * Placements from round-robin or Swiss standings (rows in rank order): the standings order, rows the
 * criteria leave tied (`tiedWithPrevious`) sharing a range.
 */
export function placementsFromStandings(rows: readonly StandingRow[]): Placement[] {
  return rangesFromOrder(
    rows.map((r) => r.participantId),
    (i) => (rows[i] as StandingRow).tiedWithPrevious,
  );
}

/**
 * Orders rows of different groups that hold the same group rank: points per match played, then score
 * difference per match, then scores for per match (groups may differ in size), then seed.
 */
export function compareAcrossGroups(a: StandingRow, b: StandingRow): number {
  const per = (value: number, row: StandingRow) => (row.played === 0 ? 0 : value / row.played);
  return (
    per(b.points, b) - per(a.points, a) ||
    per(b.scoreDifference, b) - per(a.scoreDifference, a) ||
    per(b.scoresFor, b) - per(a.scoresFor, a) ||
    a.seed - b.seed
  );
}

/**
 * Placements of a group stage: everyone holding group rank k shares one range, after every lower rank (4
 * groups of 4: group winners "1-4", runners-up "5-8", ...), since the format does not separate
 * participants of different groups. Rows must carry `group` and group `rank`.
 */
export function placementsFromGroupStandings(rows: readonly StandingRow[]): Placement[] {
  const tiers = new Map<number, StandingRow[]>();
  for (const row of rows) {
    const tier = tiers.get(row.rank) ?? [];
    tier.push(row);
    tiers.set(row.rank, tier);
  }
  const out: Placement[] = [];
  let offset = 0;
  for (const rank of [...tiers.keys()].sort((a, b) => a - b)) {
    const tier = (tiers.get(rank) as StandingRow[]).sort(compareAcrossGroups);
    const low = offset + 1;
    const high = offset + tier.length;
    for (const row of tier) out.push({ participantId: row.participantId, placement: low, placementRange: placementRange(low, high) });
    offset = high;
  }
  return out;
}
