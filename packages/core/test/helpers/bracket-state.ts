import {
  advanceCompletedMatch,
  applyAdvancementPatches,
  isFinalMatchStatus,
  isFirstGrandFinal,
  leavesWithWinner,
  type BracketMatch,
  type GeneratedMatch,
  type StageMatchResult,
} from '../../src/index';

/** A stage's matches by id, as the server stores them (ids are the generated keys here). */
export type BracketState = Map<string, BracketMatch>;

/** The stored form of generated matches: SCHEDULED, no result, keys as ids. */
export function toBracketState(matches: readonly GeneratedMatch[]): BracketState {
  const state: BracketState = new Map();
  for (const m of matches) {
    state.set(m.key, {
      id: m.key,
      bracket: m.bracket,
      round: m.round,
      status: 'SCHEDULED',
      participants: [...m.participants],
      winnerId: null,
      loserId: null,
      resultType: null,
      next: {
        winner: m.next.winner ? { matchId: m.next.winner.key, slot: m.next.winner.slot } : null,
        loser: m.next.loser ? { matchId: m.next.loser.key, slot: m.next.loser.slot } : null,
      },
    });
  }
  return state;
}

/** Ids of the SCHEDULED matches whose two sides are known, in map order. */
export function readyMatches(state: BracketState): string[] {
  return [...state.values()].filter((m) => m.status === 'SCHEDULED' && m.participants[0] !== null && m.participants[1] !== null).map((m) => m.id);
}

/**
 * Completes match `id` with the participant in `winnerSlot` winning, then applies the advancement patches as the
 * server does. Returns the new state and the participant eliminated by it (or null).
 */
export function completeInState(state: BracketState, id: string, winnerSlot: 1 | 2): { state: BracketState; eliminated: string[] } {
  const match = state.get(id) as BracketMatch;
  const [a, b] = match.participants as [string, string];
  const decided: BracketMatch = {
    ...match,
    status: 'COMPLETED',
    winnerId: winnerSlot === 1 ? a : b,
    loserId: winnerSlot === 1 ? b : a,
    resultType: 'NORMAL',
  };
  const next = new Map(state).set(id, decided);
  const advance = advanceCompletedMatch(decided);
  const leaving = [advance.eliminated, advance.placedWinner].filter((p): p is string => p !== null);
  return { state: applyAdvancementPatches(next, advance.patches), eliminated: leaving };
}

/**
 * The sides every match must have given the decided matches: the generated participants, plus the winner and
 * loser of every decided match along its paths (a first grand final won from slot 1 sends nobody: its reset is
 * not needed).
 */
export function expectedSides(generated: readonly GeneratedMatch[], state: BracketState): Map<string, [string | null, string | null]> {
  const sides = new Map<string, [string | null, string | null]>(generated.map((m) => [m.key, [...m.participants]]));
  for (const m of state.values()) {
    if (!isFinalMatchStatus(m.status) || m.resultType === 'NOT_NEEDED') continue;
    if (isFirstGrandFinal(m) && m.winnerId === m.participants[0]) continue;
    if (m.next.winner) (sides.get(m.next.winner.matchId) as [string | null, string | null])[m.next.winner.slot - 1] = m.winnerId;
    if (m.next.loser) (sides.get(m.next.loser.matchId) as [string | null, string | null])[m.next.loser.slot - 1] = m.loserId;
  }
  return sides;
}

/** Participants whose stage ends without a loss that sends them out: winners of decided matches whose winner goes nowhere. */
export function survivors(state: BracketState): Set<string> {
  const out = new Set<string>();
  for (const m of state.values()) {
    if (!isFinalMatchStatus(m.status) || m.winnerId === null || m.resultType === 'NOT_NEEDED' || leavesWithWinner(m)) continue;
    const next = m.next.winner === null ? undefined : state.get(m.next.winner.matchId);
    if (next === undefined || next.resultType === 'NOT_NEEDED') out.add(m.winnerId);
  }
  return out;
}

/** The decided two-sided results of a state, for placements. */
export function resultsOf(state: BracketState): StageMatchResult[] {
  return [...state.values()]
    .filter((m) => isFinalMatchStatus(m.status) && m.resultType !== 'NOT_NEEDED')
    .map((m) => ({ key: m.id, participants: m.participants, winnerId: m.winnerId }));
}
