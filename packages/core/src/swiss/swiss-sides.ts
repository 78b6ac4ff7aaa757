import type { MatchSlot } from '../formats/types';

/**
 * Side (slot 1 / slot 2, as white / black in chess) preferences and allocation of a Swiss stage, after the
 * colour rules of the FIDE Dutch system: a participant's side difference is its slot-1 games minus its
 * slot-2 games, and its preference is for the side that evens it out.
 */

/** How strongly a participant wants a side: 0 none (no game yet), 1 mild, 2 strong, 3 absolute. */
export type SideStrength = 0 | 1 | 2 | 3;

/** A participant's side preference. */
export interface SidePreference {
  /** The side wanted, null without a preference. */
  side: MatchSlot | null;
  strength: SideStrength;
  /** Slot-1 games minus slot-2 games. */
  difference: number;
}

const other = (side: MatchSlot): MatchSlot => (side === 1 ? 2 : 1);

/**
 * The preference of a participant whose played games took the sides `sides`, oldest first (byes left
 * out): absolute for the other side when the difference is beyond +-1 or the last two games were on the
 * same side; strong for the side that evens a difference of +-1; mild for the side other than the last
 * game's when even; none before the first game.
 */
export function sidePreference(sides: readonly MatchSlot[]): SidePreference {
  let difference = 0;
  for (const s of sides) difference += s === 1 ? 1 : -1;
  const last = sides[sides.length - 1];
  if (last === undefined) return { side: null, strength: 0, difference };
  const evens: MatchSlot = difference > 0 ? 2 : 1;
  if (difference > 1 || difference < -1) return { side: evens, strength: 3, difference };
  if (sides.length >= 2 && sides[sides.length - 2] === last) return { side: other(last), strength: 3, difference };
  if (difference !== 0) return { side: evens, strength: 2, difference };
  return { side: other(last), strength: 1, difference };
}

/**
 * How badly pairing two participants would leave one without its preference: 0 when both can have it
 * (different sides wanted, or one has none), else the weaker of the two strengths (the weaker gives way).
 */
export function sideConflict(a: SidePreference, b: SidePreference): SideStrength {
  if (a.side === null || b.side === null || a.side !== b.side) return 0;
  return Math.min(a.strength, b.strength) as SideStrength;
}

/**
 * Which of two paired participants takes slot 1: `higher` is the better-ranked, each given with its
 * preference and its sides so far. Rules in order: both preferences when compatible; the stronger
 * preference (between two absolute ones, the wider difference); the sides swapped from the last game in
 * which the two had different sides (games counted back from each one's latest); the better-ranked's
 * preference; the better-ranked in slot 1. Returns true when `higher` takes slot 1.
 */
export function higherTakesSlotOne(
  higher: { preference: SidePreference; sides: readonly MatchSlot[] },
  lower: { preference: SidePreference; sides: readonly MatchSlot[] },
): boolean {
  const h = higher.preference;
  const l = lower.preference;
  if (h.side !== null && l.side !== null && h.side !== l.side) return h.side === 1;
  if (h.side === null && l.side === null) return true;
  if (h.side === null) return l.side === 2;
  if (l.side === null) return h.side === 1;
  // Same side wanted.
  if (h.strength !== l.strength) return (h.strength > l.strength ? h.side : other(l.side)) === 1;
  if (h.strength === 3 && Math.abs(h.difference) !== Math.abs(l.difference)) {
    return (Math.abs(h.difference) > Math.abs(l.difference) ? h.side : other(l.side)) === 1;
  }
  for (let back = 1; back <= Math.min(higher.sides.length, lower.sides.length); back++) {
    const hs = higher.sides[higher.sides.length - back] as MatchSlot;
    const ls = lower.sides[lower.sides.length - back] as MatchSlot;
    if (hs !== ls) return hs === 2;
  }
  return h.side === 1;
}
