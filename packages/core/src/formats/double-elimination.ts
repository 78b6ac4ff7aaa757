import { DomainError } from '../errors/domain-error';
import { bracketSize, isPowerOfTwo } from '../seeding/bracket-size';
import { dropMask, dropOrder } from '../seeding/drop-orderings';
import { bracketSlots, byeRanks } from '../seeding/seed-orderings';
import { grandFinalSetting, seedOrderingSetting, skipFirstRoundSetting, type GrandFinalMode, type StageSettings } from '../stages/stage-settings';
import { winnersMatchKey } from './match-key';
import { GRAND_FINAL_KEY, GRAND_FINAL_RESET_KEY, losersMatchKey } from './stage-match-key';
import type { BracketKind, Entrant, GeneratedMatch, GeneratedStage, MatchSlot } from './types';
import { validateEntrants } from './validate-entrants';

/** Fewest entrants of a double-elimination stage. */
export const DOUBLE_ELIMINATION_MIN_ENTRANTS = 2;
/** Most entrants of a double-elimination stage. */
export const DOUBLE_ELIMINATION_MAX_ENTRANTS = 65536;

/** Options of `generateDoubleElimination` (contract `StageSettings.grandFinal`, `seedOrdering`, `skipFirstRound`). */
export interface DoubleEliminationOptions {
  /** "none": no grand final (the stage ends with a winners- and a losers-bracket champion); "simple" (default): one match; "double": plus a reset match. */
  grandFinal?: GrandFinalMode;
  /** First-round placement of the seeds (R27.5); default inner_outer. */
  seedOrdering?: StageSettings['seedOrdering'];
  /** No winners round 1: the better seed of each of its pairs enters winners round 2, the other losers round 1 (R27.6). Default false. */
  skipFirstRound?: boolean;
  /**
   * Stop the bracket once this many entrants are left (contract `StageSettings.stopAtQualifiers` with `advanceCount`,
   * R7.21): half of them unbeaten in the winners bracket, half with one loss in the losers bracket. A power of two
   * from 2 to below N, without a grand final (`grandFinal` absent or "none"). Default: the whole bracket is played.
   */
  stopAt?: number;
}

/**
 * The winners rounds of a full bracket a stage stopping with `stopAt` entrants left does not play: log2(stopAt) - 1
 * (stopAt / 2 stay unbeaten), 0 without it.
 * @throws DomainError VALIDATION_ERROR (path `options.stopAt`) unless a power of two from 2 to below `n`, without a
 *   grand final.
 */
function cutRounds(options: DoubleEliminationOptions, n: number): number {
  const stopAt = options.stopAt;
  if (stopAt === undefined) return 0;
  let message: string | null = null;
  if (!isPowerOfTwo(stopAt) || stopAt < 2 || stopAt >= n) message = `must be a power of two from 2 to below the ${n} entrants`;
  else if (options.grandFinal !== undefined && options.grandFinal !== 'none') message = 'cannot be combined with a grand final';
  if (message !== null) throw new DomainError('VALIDATION_ERROR', `stopAt ${message}`, [{ path: 'options.stopAt', message }]);
  return 30 - Math.clz32(stopAt);
}

/**
 * When the grand-final reset is played: only if the participant in `winnerSlot` (2: the losers-bracket
 * champion) wins match `key`; otherwise the reset is void (never played) and the stage is complete.
 */
export interface ResetCondition {
  key: string;
  winnerSlot: MatchSlot;
}

/**
 * A generated double-elimination stage. `totalRounds` counts winners-bracket rounds (those played: log2 P - log2(A)
 * + 1 for a stage stopping with A left, R7.21); `thirdPlaceMatch` is false.
 */
export interface DoubleEliminationStage extends Omit<GeneratedStage, 'format'> {
  format: 'DOUBLE_ELIMINATION';
  grandFinal: GrandFinalMode;
  /** Rounds of the losers bracket: 2 * (totalRounds - 1). */
  losersRounds: number;
  /** The entrants left when the stage stops (R7.21: `stopAt`), null when it plays its whole bracket. */
  stopAt: number | null;
  /** Real (not bye-skipped) matches per losers-bracket round, index 0 = round 1. */
  losersRoundMatchCounts: number[];
  /** The reset match and its condition when grandFinal is "double", else null. */
  grandFinalReset: { key: string; condition: ResetCondition } | null;
}

/** Where a slot's participant comes from while the bracket is built: nobody (a bye), a known entrant, or a match's outcome. */
type Source = null | { entrant: string } | { match: GeneratedMatch; side: 'winner' | 'loser' };

interface Built {
  winner: Source;
  loser: Source;
}

function link(source: Source, match: GeneratedMatch, slot: MatchSlot): void {
  if (source === null) return;
  if ('entrant' in source) match.participants[slot - 1] = source.entrant;
  else source.match.next[source.side] = { key: match.key, slot };
}

/**
 * Builds the match at a bracket position from its two sources. With both sources real it is a match;
 * with one, nobody plays it and that source goes on as its winner (and nobody as its loser); with none,
 * nobody goes on.
 */
function build(bracket: BracketKind, key: string, round: number, number: number, a: Source, b: Source, out: GeneratedMatch[]): Built {
  if (a === null || b === null) return { winner: a ?? b, loser: null };
  const match: GeneratedMatch = { key, bracket, round, number, participants: [null, null], next: { winner: null, loser: null } };
  link(a, match, 1);
  link(b, match, 2);
  out.push(match);
  return { winner: { match, side: 'winner' }, loser: { match, side: 'loser' } };
}

/**
 * Generates a double-elimination stage (R7.5, R7.6).
 *
 * Winners bracket: the single-elimination bracket of P = next power of two >= N slots in `inner_outer`
 * order (same keys "W-r{r}-n{n}", pairings and byes as `generateSingleElimination`). Losers bracket
 * ("L-r{r}-n{n}", 2(log2 P - 1) rounds): round 1 pairs the winners round-1 losers; each even round 2j
 * takes the losers of winners round j + 1 (slot 1) against the survivors (slot 2); each odd round > 1
 * pairs the survivors. Each winners round drops its losers in the order of `dropMask` / `dropOrder`
 * (round 1 in natural order), chosen so that players who met in the winners bracket meet again in the
 * losers bracket as late as possible (about 0.37 such meetings per bracket before the losers final under
 * random results, at every size from 64 entrants). The winners-final loser drops into the
 * losers final. Grand final "GF-r1-n1": winners champion (slot 1) against losers champion (slot 2); with
 * "double", the reset "GF-r2-n1" is generated with `GF-r1-n1.next` pointing to it (winner to slot 2, loser
 * to slot 1, so both keep their sides) and is played only when slot 2 wins the first (`grandFinalReset`,
 * `isGrandFinalResetNeeded`). With 2 entrants there is no losers bracket: the winners-final loser meets the
 * winner again in the grand final.
 *
 * `seedOrdering` natural or reverse places the seeds slot by slot with balanced byes (`bracketSlots`, R27.5).
 * `skipFirstRound` (R27.6) generates no winners round 1: of each of its pairs the better seed enters winners
 * round 2 and the other losers round 1 (as if the better seed had won), so the lower half starts with one loss;
 * there are then N/2 fewer winners matches (about P/2 - byes). With 2 entrants the final is played as usual.
 *
 * Byes are not matches: a position with one participant forwards it (the seed facing a bye enters winners
 * round 2 directly; a losers-bracket match missing a dropped loser is skipped and its other side goes
 * on), so there are N-1 winners and N-2 losers matches: 2N-2 with a simple grand final, 2N-1 with a reset,
 * 2N-3 without a grand final. Matches are listed in play order: winners round t, then losers rounds
 * 2t-3 and 2t-2, then the grand final. O(N).
 *
 * With `stopAt` = A (R7.21) the stage stops once A entrants are left: the winners bracket plays rounds 1..w, w =
 * log2(P / A) + 1, leaving A/2 unbeaten (its last round's winners have no `next.winner`), the losers bracket rounds
 * 1..2(w - 1), the last of which takes winners round w's losers and leaves A/2 with one loss (no `next.winner`
 * either; a winners round-w loser whose losers match is skipped for want of an opponent goes nowhere, a qualifier),
 * and there is no grand final. The rounds played are those of the full bracket, same keys and drop order: N - A/2
 * winners and N - A losers matches (fewer winners matches with `skipFirstRound`). 16 entrants and A = 4: winners
 * rounds 1-3 (14 matches), losers rounds 1-4 (12).
 * @throws DomainError NOT_ENOUGH_PARTICIPANTS below 2 entrants; VALIDATION_ERROR for more than 65536
 *   entrants, bad entrants (as `validateEntrants`), a bad `grandFinal` (path `settings.grandFinal`), or a `stopAt`
 *   that is not a power of two from 2 to below N or comes with a grand final (path `options.stopAt`).
 */
export function generateDoubleElimination(
  entrants: readonly Entrant[],
  options: DoubleEliminationOptions = {},
): DoubleEliminationStage {
  const skipRequested = skipFirstRoundSetting(options);
  const ranked = validateEntrants(entrants, DOUBLE_ELIMINATION_MIN_ENTRANTS, DOUBLE_ELIMINATION_MAX_ENTRANTS);
  const n = ranked.length;
  const size = bracketSize(n);
  const cut = cutRounds(options, n);
  // A stage that stops at its qualifiers plays no grand final (R7.21).
  const grandFinal = options.stopAt !== undefined ? 'none' : grandFinalSetting(options);
  const rounds = 31 - Math.clz32(size) - cut;
  // Two entrants have only the final as winners round 1: it is played whatever skipFirstRound says.
  const skipFirstRound = skipRequested && rounds > 1;
  const order = bracketSlots(seedOrderingSetting(options), n, size);

  const byes = byeRanks(order, n).map((rank) => (ranked[rank - 1] as Entrant).id);

  // Winners bracket, round by round; losers of each round kept in position order.
  const winnersRounds: GeneratedMatch[][] = [];
  const wbLosers: Source[][] = [];
  let survivors: Source[] = order.map((seed) => (seed <= n ? { entrant: (ranked[seed - 1] as Entrant).id } : null));
  for (let round = 1; round <= rounds; round++) {
    const out: GeneratedMatch[] = [];
    const next: Source[] = [];
    const losers: Source[] = [];
    for (let pos = 1; pos <= survivors.length / 2; pos++) {
      if (round === 1 && skipFirstRound) {
        // Not played: the better seed goes on, the other starts in the losers bracket (a bye stays a bye).
        const ranks = [order[2 * pos - 2] as number, order[2 * pos - 1] as number].sort((a, b) => a - b) as [number, number];
        const source = (rank: number): Source => (rank <= n ? { entrant: (ranked[rank - 1] as Entrant).id } : null);
        next.push(source(ranks[0]));
        losers.push(source(ranks[1]));
        continue;
      }
      const built = build('WINNERS', winnersMatchKey(round, pos), round, pos, survivors[2 * pos - 2] ?? null, survivors[2 * pos - 1] ?? null, out);
      next.push(built.winner);
      losers.push(built.loser);
    }
    winnersRounds.push(out);
    wbLosers.push(losers);
    survivors = next;
  }
  const winnersChampion = survivors[0] ?? null;

  // Losers bracket: round 1 pairs winners round-1 losers, then drop rounds alternate with survivor rounds.
  const losersRounds: GeneratedMatch[][] = [];
  let losersChampion: Source;
  if (rounds === 1) {
    losersChampion = (wbLosers[0] as Source[])[0] ?? null;
  } else {
    let alive = dropOrder(wbLosers[0] as Source[], dropMask(size, 1));
    for (let lbRound = 1; lbRound <= 2 * (rounds - 1); lbRound++) {
      const out: GeneratedMatch[] = [];
      const next: Source[] = [];
      if (lbRound % 2 === 1) {
        for (let pos = 1; pos <= alive.length / 2; pos++) {
          next.push(build('LOSERS', losersMatchKey(lbRound, pos), lbRound, pos, alive[2 * pos - 2] ?? null, alive[2 * pos - 1] ?? null, out).winner);
        }
      } else {
        const wbRound = lbRound / 2 + 1;
        const dropped = dropOrder(wbLosers[wbRound - 1] as Source[], dropMask(size, wbRound));
        for (let pos = 1; pos <= alive.length; pos++) {
          next.push(build('LOSERS', losersMatchKey(lbRound, pos), lbRound, pos, dropped[pos - 1] ?? null, alive[pos - 1] ?? null, out).winner);
        }
      }
      losersRounds.push(out);
      alive = next;
    }
    losersChampion = alive[0] ?? null;
  }

  const finals: GeneratedMatch[] = [];
  let grandFinalReset: DoubleEliminationStage['grandFinalReset'] = null;
  if (grandFinal !== 'none') {
    build('GRAND_FINAL', GRAND_FINAL_KEY, 1, 1, winnersChampion, losersChampion, finals);
    if (grandFinal === 'double') {
      const first = finals[0] as GeneratedMatch;
      const reset: GeneratedMatch = {
        key: GRAND_FINAL_RESET_KEY,
        bracket: 'GRAND_FINAL',
        round: 2,
        number: 1,
        participants: [null, null],
        next: { winner: null, loser: null },
      };
      first.next = { winner: { key: reset.key, slot: 2 }, loser: { key: reset.key, slot: 1 } };
      finals.push(reset);
      grandFinalReset = { key: reset.key, condition: { key: first.key, winnerSlot: 2 } };
    }
  }

  // Play order: winners round t, then losers rounds 2t-3 and 2t-2 (which need winners round t's losers).
  const matches: GeneratedMatch[] = [];
  for (let t = 1; t <= rounds; t++) {
    matches.push(...(winnersRounds[t - 1] as GeneratedMatch[]));
    if (t >= 2) matches.push(...(losersRounds[2 * t - 4] as GeneratedMatch[]), ...(losersRounds[2 * t - 3] as GeneratedMatch[]));
  }
  matches.push(...finals);

  return {
    format: 'DOUBLE_ELIMINATION',
    entrantCount: n,
    bracketSize: size,
    totalRounds: rounds,
    thirdPlaceMatch: false,
    entrants: ranked,
    byes,
    matches,
    grandFinal,
    stopAt: options.stopAt ?? null,
    losersRounds: losersRounds.length,
    losersRoundMatchCounts: losersRounds.map((r) => r.length),
    grandFinalReset,
  };
}

/**
 * Whether the grand-final reset must be played: true exactly when the first grand final
 * (`participants` in slot order) was won by its slot-2 participant, the losers-bracket champion, who then
 * has one loss like the winners champion. False means the reset is void and the stage is complete.
 */
export function isGrandFinalResetNeeded(participants: readonly [string | null, string | null], winnerId: string | null): boolean {
  return winnerId !== null && participants[1] !== null && winnerId === participants[1];
}
