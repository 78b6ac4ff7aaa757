import { throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import { placementRange } from '../placements/placement-range';
import type { MatchOutcome, Placement } from '../placements/types';
import type { Entrant, GeneratedMatch, MatchSlot } from './types';

/**
 * Key of a play-off match for places from `low` on: "C{low}-r{round}-n{position}" (bracket CONSOLATION), `position`
 * being its 1-based position among the pairs of that play-off in that round. The match's `number` (its position within
 * the whole round) can differ: a round holds the matches of several play-offs.
 */
export function consolationMatchKey(low: number, round: number, position: number): string {
  return `C${low}-r${round}-n${position}`;
}

/** Where a participant comes from: nobody (a bye) or the winner or loser of a match. */
type Source = null | { match: GeneratedMatch; side: 'winner' | 'loser' };

/** A final place of the stage and the match side that reaches it. */
export interface PlaceSource {
  key: string;
  side: 'winner' | 'loser';
  /** 1-based place, distinct for every participant. */
  place: number;
}

function link(source: Source, match: GeneratedMatch, slot: MatchSlot): void {
  if (source !== null) source.match.next[source.side] = { key: match.key, slot };
}

/**
 * Play-offs for the places `low`..`low + sources.length - 1` among `sources` (a power of two of them, in bracket
 * order), starting in main round `round`: pairs meet, winners play off for the upper half of the places and losers
 * for the lower half, until one source is left per place. A pair with one source forwards it unplayed; a place
 * reached by nobody is left out.
 */
function playOff(sources: readonly Source[], low: number, round: number, out: GeneratedMatch[], places: { source: NonNullable<Source>; nominal: number }[]): void {
  if (sources.length === 1) {
    const only = sources[0] ?? null;
    if (only !== null) places.push({ source: only, nominal: low });
    return;
  }
  const winners: Source[] = [];
  const losers: Source[] = [];
  for (let pos = 1; pos <= sources.length / 2; pos++) {
    const a = sources[2 * pos - 2] ?? null;
    const b = sources[2 * pos - 1] ?? null;
    if (a === null || b === null) {
      winners.push(a ?? b);
      losers.push(null);
      continue;
    }
    const match: GeneratedMatch = {
      key: consolationMatchKey(low, round, pos),
      bracket: 'CONSOLATION',
      round,
      number: pos,
      participants: [null, null],
      next: { winner: null, loser: null },
    };
    link(a, match, 1);
    link(b, match, 2);
    out.push(match);
    winners.push({ match, side: 'winner' });
    losers.push({ match, side: 'loser' });
  }
  playOff(winners, low, round + 1, out, places);
  playOff(losers, low + sources.length / 2, round + 1, out, places);
}

/**
 * Adds a full consolation bracket to a single-elimination stage (R27.9): the losers of main round r (in position
 * order; a bye position has none) play off for places size/2^r + 1 .. size/2^(r-1) from main round r + 1 on, the
 * winners of each play-off for the better half of its places, so every participant gets a distinct place 1..N
 * (byes close the gaps). `winners` are the main-bracket matches by round, each round in position order (null where a
 * position holds no match). Sets `next.loser` of the main matches. Returns the play-off matches in play order (by
 * round, then the play-off for the better places first, then position) and the match side that reaches each place.
 * The matches of a round are numbered 1..k in that order across its play-offs, so (CONSOLATION, round, number)
 * names one match; their keys "C{low}-r{round}-n{position}" keep the position within the play-off for places from
 * `low`. O(N log N) matches.
 */
export function addConsolation(winners: readonly (readonly (GeneratedMatch | null)[])[], size: number): { matches: GeneratedMatch[]; places: PlaceSource[] } {
  const rounds = winners.length;
  const out: GeneratedMatch[] = [];
  const nominal: { source: NonNullable<Source>; nominal: number }[] = [];
  const final = winners[rounds - 1]?.[0] ?? null;
  if (final !== null) nominal.push({ source: { match: final, side: 'winner' }, nominal: 1 }, { source: { match: final, side: 'loser' }, nominal: 2 });
  for (let r = 1; r < rounds; r++) {
    const losers: Source[] = (winners[r - 1] as readonly (GeneratedMatch | null)[]).map((m) => (m === null ? null : { match: m, side: 'loser' }));
    playOff(losers, size / 2 ** r + 1, r + 1, out, nominal);
  }
  nominal.sort((a, b) => a.nominal - b.nominal);
  const places = nominal.map((p, i) => ({ key: p.source.match.key, side: p.source.side, place: i + 1 }));
  // Play order: by round, then by the places played for (better first), then by position.
  const low = (m: GeneratedMatch) => Number(m.key.slice(1, m.key.indexOf('-')));
  out.sort((a, b) => a.round - b.round || low(a) - low(b) || a.number - b.number);
  // `number` is the position within the whole round (contract Match.number), counted across the play-offs of the
  // round in that order; the key keeps the position within its own play-off, so keys stay what they always were.
  let previousRound = 0;
  let number = 0;
  for (const match of out) {
    number = match.round === previousRound ? number + 1 : 1;
    previousRound = match.round;
    match.number = number;
  }
  return { matches: out, places };
}

/**
 * Placements of a stage with a full consolation bracket from its match outcomes (R27.9): each participant placed
 * once the match side reaching its place is decided (`places` from `addConsolation`). Sorted by placement.
 * @throws DomainError VALIDATION_ERROR (path `results[i].winnerId` / `results[i].loserId`) for a participant who is
 *   not an entrant.
 */
export function consolationPlacements(entrants: readonly Entrant[], places: readonly PlaceSource[], results: readonly MatchOutcome[]): Placement[] {
  const ids = new Set(entrants.map((e) => e.id));
  const byKey = new Map<string, { outcome: MatchOutcome; index: number }>();
  results.forEach((outcome, index) => byKey.set(outcome.key, { outcome, index }));
  const details: DomainErrorDetail[] = [];
  const out: Placement[] = [];
  for (const p of places) {
    const found = byKey.get(p.key);
    if (found === undefined) continue;
    const field = p.side === 'winner' ? 'winnerId' : 'loserId';
    const id = found.outcome[field];
    if (id === null) continue;
    if (!ids.has(id)) details.push({ path: `results[${found.index}].${field}`, message: `${id} is not an entrant of the stage` });
    else out.push({ participantId: id, placement: p.place, placementRange: placementRange(p.place, p.place) });
  }
  throwIfInvalid(details, 'match results');
  return out.sort((a, b) => a.placement - b.placement);
}
