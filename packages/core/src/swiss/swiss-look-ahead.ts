import { BLOCK, pairBracket } from './swiss-bracket';
import type { Field } from './swiss-field';
import { matchSubset } from './swiss-matching';

/** Largest bracket plus next score group that `lookAhead` pairs in one matching. */
const LOOK_AHEAD_LIMIT = 2 * BLOCK;

/**
 * Look-ahead to the next score group (R27.12): when a bracket cannot be paired internally, one matching over the
 * bracket and the next score group (`matchSubset`: fewest cross-group pairs first, then the lowest-ranked floating
 * to the highest-ranked below; with `field.absoluteSides` no absolute side conflict) is compared with the bracket's own pairing followed by the next bracket's; when it makes
 * fewer cross-group pairs (a player left unpaired below counting as one more), its floaters are used, so the players
 * left to float are ones the next group can pair. The bracket keeps the pairs of that matching
 * among its own players when they are as many as the bracket's own pairing made; otherwise (or when the two
 * together exceed LOOK_AHEAD_LIMIT players or do not pair) the bracket's own pairing stands.
 */
export function lookAhead(
  field: Field,
  bracket: readonly number[],
  own: { pairs: [number, number][]; unpaired: number[] },
  nextStart: number,
  bye: number,
): { pairs: [number, number][]; unpaired: number[] } {
  const next: number[] = [];
  for (let i = nextStart; i < field.players.length && field.group[i] === field.group[nextStart]; i++) if (i !== bye) next.push(i);
  if (bracket.length + next.length > LOOK_AHEAD_LIMIT || next.length === 0) return own;
  const cross = (pairs: readonly [number, number][]) => pairs.filter(([a, b]) => field.group[a] !== field.group[b]).length;
  // A joint matching of an odd number of players leaves one unpaired: nothing to compare.
  if (((bracket.length + next.length) & 1) === 1) return own;
  const nextOwn = pairBracket([...own.unpaired, ...next], own.unpaired.length, field);
  const ownCross = cross(own.pairs) + cross(nextOwn.pairs) + nextOwn.unpaired.length;
  const members = [...bracket, ...next].sort((a, b) => a - b);
  const joint = matchSubset(field, members, false, false, field.absoluteSides);
  if (joint === null || cross(joint.pairs) >= ownCross) return own;
  const inBracket = new Set(bracket);
  const pairs = joint.pairs.filter(([a, b]) => inBracket.has(a) && inBracket.has(b));
  if (pairs.length < own.pairs.length) return own;
  const paired = new Set(pairs.flat());
  return { pairs, unpaired: bracket.filter((i) => !paired.has(i)) };
}
