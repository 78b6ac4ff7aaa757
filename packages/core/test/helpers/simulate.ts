import type { GeneratedStage, MatchOutcome } from '../../src/index';

/** Picks the winner of a match between two participant ids. */
export type PickWinner = (a: string, b: string) => string;

/**
 * Plays a generated stage in match order: fills slots by following `next.winner` / `next.loser`, so it
 * fails when a match is reached with an empty slot or a slot is filled twice. `stopAfter` limits how many
 * matches are played (for partial stages).
 */
export function simulate(stage: GeneratedStage, pick: PickWinner, stopAfter = Infinity): MatchOutcome[] {
  const slots = new Map<string, [string | null, string | null]>();
  for (const m of stage.matches) slots.set(m.key, [...m.participants]);
  const fill = (key: string, slot: 1 | 2, id: string): void => {
    const target = slots.get(key);
    if (!target) throw new Error(`next points to unknown match ${key}`);
    if (target[slot - 1] !== null) throw new Error(`slot ${slot} of ${key} filled twice`);
    target[slot - 1] = id;
  };
  const outcomes: MatchOutcome[] = [];
  for (const m of stage.matches) {
    if (outcomes.length >= stopAfter) break;
    const [a, b] = slots.get(m.key) as [string | null, string | null];
    if (a === null || b === null) throw new Error(`match ${m.key} reached with an empty slot`);
    const winnerId = pick(a, b);
    const loserId = winnerId === a ? b : a;
    if (m.next.winner) fill(m.next.winner.key, m.next.winner.slot, winnerId);
    if (m.next.loser) fill(m.next.loser.key, m.next.loser.slot, loserId);
    outcomes.push({ key: m.key, winnerId, loserId });
  }
  return outcomes;
}
