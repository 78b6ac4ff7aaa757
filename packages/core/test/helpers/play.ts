import type { GeneratedMatch } from '../../src/index';
import { bracketSlots } from './bracket-slots';

/** A match as played by `playBracket`: its final participants, winner and loser. */
export interface PlayedMatch {
  match: GeneratedMatch;
  participants: [string, string];
  winnerId: string;
  loserId: string;
}

/** A bracket to play: matches in play order, and optionally a reset match played only under a condition. */
export interface PlayableStage {
  matches: readonly GeneratedMatch[];
  grandFinalReset?: { key: string; condition: { key: string; winnerSlot: 1 | 2 } } | null;
}

/**
 * Plays a bracket in match order, filling slots by `next.winner` / `next.loser`; throws when a match is
 * reached with an empty slot or a slot is filled twice. The reset match is played only when its
 * condition holds (the named match was won from `winnerSlot`); otherwise it is void.
 */
export function playBracket(stage: PlayableStage, pick: (a: string, b: string, match: GeneratedMatch) => string): PlayedMatch[] {
  const slots = bracketSlots(stage.matches);
  const reset = stage.grandFinalReset ?? null;
  let resetVoid = false;
  const played: PlayedMatch[] = [];
  for (const m of stage.matches) {
    if (reset !== null && m.key === reset.key && resetVoid) continue;
    const [a, b] = slots.sides(m);
    const winnerId = pick(a, b, m);
    const loserId = winnerId === a ? b : a;
    const isCondition = reset !== null && m.key === reset.condition.key;
    if (isCondition && winnerId !== (reset.condition.winnerSlot === 1 ? a : b)) {
      resetVoid = true;
    } else {
      slots.advance(m, winnerId, loserId);
    }
    played.push({ match: m, participants: [a, b], winnerId, loserId });
  }
  return played;
}

/** Deterministic winner of a pair, the same whichever order the two are given in. */
export function pairHashPick(salt: number): (a: string, b: string) => string {
  return (a, b) => {
    const [x, y] = a < b ? [a, b] : [b, a];
    let h = salt >>> 0;
    for (const ch of `${x}|${y}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    return (h >>> 7) % 2 === 0 ? x : y;
  };
}
