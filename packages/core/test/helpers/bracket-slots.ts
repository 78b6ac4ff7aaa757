import type { GeneratedMatch } from '../../src/index';

/** The slots of a bracket being played: each match's two sides, filled as earlier matches are decided. */
export interface BracketSlots {
  /** The two participants of `match`. @throws Error when a slot is still empty. */
  sides(match: GeneratedMatch): [string, string];
  /** Sends the winner and loser of `match` where `next.winner` / `next.loser` point. @throws Error when a slot is filled twice. */
  advance(match: GeneratedMatch, winnerId: string, loserId: string): void;
}

/** The slots of `matches` as generated (first-round participants and byes in place, the rest empty). */
export function bracketSlots(matches: readonly GeneratedMatch[]): BracketSlots {
  const slots = new Map<string, [string | null, string | null]>();
  for (const m of matches) slots.set(m.key, [...m.participants]);
  const fill = (key: string, slot: 1 | 2, id: string): void => {
    const target = slots.get(key);
    if (!target) throw new Error(`next points to unknown match ${key}`);
    if (target[slot - 1] !== null) throw new Error(`slot ${slot} of ${key} filled twice`);
    target[slot - 1] = id;
  };
  return {
    sides(match) {
      const [a, b] = slots.get(match.key) as [string | null, string | null];
      if (a === null || b === null) throw new Error(`match ${match.key} reached with an empty slot`);
      return [a, b];
    },
    advance(match, winnerId, loserId) {
      if (match.next.winner) fill(match.next.winner.key, match.next.winner.slot, winnerId);
      if (match.next.loser) fill(match.next.loser.key, match.next.loser.slot, loserId);
    },
  };
}
