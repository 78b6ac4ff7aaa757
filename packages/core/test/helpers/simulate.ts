import type { GeneratedStage, MatchOutcome } from '../../src/index';
import { bracketSlots } from './bracket-slots';

/** Picks the winner of a match between two participant ids. */
export type PickWinner = (a: string, b: string) => string;

/**
 * Plays a generated stage in match order: fills slots by following `next.winner` / `next.loser`, so it
 * fails when a match is reached with an empty slot or a slot is filled twice. `stopAfter` limits how many
 * matches are played (for partial stages).
 */
export function simulate(stage: GeneratedStage, pick: PickWinner, stopAfter = Infinity): MatchOutcome[] {
  const slots = bracketSlots(stage.matches);
  const outcomes: MatchOutcome[] = [];
  for (const m of stage.matches) {
    if (outcomes.length >= stopAfter) break;
    const [a, b] = slots.sides(m);
    const winnerId = pick(a, b);
    const loserId = winnerId === a ? b : a;
    slots.advance(m, winnerId, loserId);
    outcomes.push({ key: m.key, winnerId, loserId });
  }
  return outcomes;
}
