/**
 * Circuit standings: accumulation of classified results per competitor and ranking (R9.15, R9.16:
 * ties broken by points, then wins, then best placement).
 */

/** Who a line of circuit standings (or a contribution to it) is about. */
export interface CircuitCompetitor {
  /** See competitorKey. */
  competitorKey: string;
  userId: string | null;
  teamName: string | null;
  /** Display name: in a contribution, the name in that tournament; in standings, the latest contribution's name. */
  name: string;
}

/** One competitor's result in one classified tournament. */
export interface StandingContribution extends CircuitCompetitor {
  /** Points awarded (multiplier applied, hundredths at most). */
  points: number;
  /** Matches won in that tournament (byes excluded). */
  wins: number;
  /** Final placement in that tournament (best place of a shared range). */
  placement: number;
}

/** One ranked line of standings. */
export interface CircuitStanding extends CircuitCompetitor {
  /** Sum of the awarded points, exact to the hundredth. */
  points: number;
  wins: number;
  tournamentsPlayed: number;
  /** Best (lowest) placement over the tournaments played. */
  bestPlacement: number;
  /** 1-based; competitors equal on points, wins and best placement share a rank (1, 2, 2, 4). */
  rank: number;
}

/** A standing before ranking. */
export type UnrankedStanding = Omit<CircuitStanding, 'rank'>;

/** Points as whole hundredths, so sums are exact (0.1 + 0.2 is 0.3). */
const toHundredths = (points: number): number => Math.round(points * 100);

/**
 * Orders two standings: more points first, then more wins, then the better best placement (R9.16); then,
 * only for a stable display order among equals, by name and key. Returns < 0 when `a` goes first.
 */
export function compareStandings(a: UnrankedStanding, b: UnrankedStanding): number {
  return (
    toHundredths(b.points) - toHundredths(a.points) ||
    b.wins - a.wins ||
    a.bestPlacement - b.bestPlacement ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    (a.competitorKey < b.competitorKey ? -1 : a.competitorKey > b.competitorKey ? 1 : 0)
  );
}

/** True when the tie rule cannot separate `a` and `b` (equal points, wins and best placement). */
export function sameStandingRank(a: UnrankedStanding, b: UnrankedStanding): boolean {
  return toHundredths(a.points) === toHundredths(b.points) && a.wins === b.wins && a.bestPlacement === b.bestPlacement;
}

/**
 * Sorts standings and gives ranks with shared places (standard competition ranking: 1, 2, 2, 4) by
 * {@link compareStandings}. Returns new objects; the input is not modified.
 */
export function rankStandings(rows: readonly UnrankedStanding[]): CircuitStanding[] {
  const sorted = [...rows].sort(compareStandings);
  const ranked: CircuitStanding[] = [];
  sorted.forEach((row, i) => {
    const previous = ranked[i - 1];
    const rank = previous !== undefined && sameStandingRank(previous, row) ? previous.rank : i + 1;
    ranked.push({ ...row, rank });
  });
  return ranked;
}

/**
 * Accumulates contributions (in chronological order) into ranked standings: per competitor key the sum of points
 * (exact in hundredths), the sum of wins, the number of tournaments (one per contribution) and the best placement;
 * name, userId and teamName are the latest contribution's (a null userId or teamName keeps the earlier value).
 * @throws RangeError when a contribution has negative points or wins or a placement < 1.
 */
export function accumulateStandings(contributions: Iterable<StandingContribution>): CircuitStanding[] {
  const byKey = new Map<string, UnrankedStanding & { hundredths: number }>();
  for (const c of contributions) {
    if (!(c.points >= 0) || !(c.wins >= 0) || !(c.placement >= 1)) {
      throw new RangeError(`invalid contribution for ${c.competitorKey}: points and wins must be >= 0, placement >= 1`);
    }
    const row = byKey.get(c.competitorKey);
    if (row === undefined) {
      byKey.set(c.competitorKey, {
        competitorKey: c.competitorKey,
        userId: c.userId,
        teamName: c.teamName,
        name: c.name,
        points: 0,
        hundredths: toHundredths(c.points),
        wins: c.wins,
        tournamentsPlayed: 1,
        bestPlacement: c.placement,
      });
      continue;
    }
    row.hundredths += toHundredths(c.points);
    row.wins += c.wins;
    row.tournamentsPlayed += 1;
    row.bestPlacement = Math.min(row.bestPlacement, c.placement);
    row.name = c.name;
    if (c.userId !== null) row.userId = c.userId;
    if (c.teamName !== null) row.teamName = c.teamName;
  }
  return rankStandings([...byKey.values()].map(({ hundredths, ...row }) => ({ ...row, points: hundredths / 100 })));
}
