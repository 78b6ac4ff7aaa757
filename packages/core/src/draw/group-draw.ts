import { DomainError } from '../errors/domain-error';
import type { Entrant } from '../formats/types';

/** One issue of a draw: `path` relative to the request body (`groups[1].participantIds[0]`). */
export interface DrawIssue {
  path: string;
  message: string;
}

/**
 * Sizes of `groupCount` groups filled snake-wise with `n` entrants (core `snakeGroups`): the size of group g
 * (0-based) at index g. O(n).
 */
export function snakeGroupSizes(n: number, groupCount: number): number[] {
  const sizes = new Array<number>(groupCount).fill(0);
  for (let i = 0; i < n; i++) {
    const pass = Math.floor(i / groupCount);
    const pos = i % groupCount;
    const g = pass % 2 === 0 ? pos : groupCount - 1 - pos;
    sizes[g] = (sizes[g] as number) + 1;
  }
  return sizes;
}

/**
 * Checks an explicit draw (R23.3, R23.5): `groups[g]` lists the participants of group g + 1 in fixture order;
 * every id in `participantIds` appears exactly once, no other id appears, there are `groupCount` groups, and
 * their sizes are those the stage's groups have for this many entrants (`snakeGroupSizes`: sizes differ by at
 * most one, the larger groups where snake order puts them). Returns every issue (empty when the draw is sound),
 * paths `groups`, `groups[i]`, `groups[i].participantIds[j]`. Pure; O(n).
 */
export function checkDraw(groups: readonly (readonly string[])[], participantIds: readonly string[], groupCount: number): DrawIssue[] {
  const issues: DrawIssue[] = [];
  if (groups.length !== groupCount) {
    issues.push({ path: 'groups', message: `must list ${groupCount} groups (the stage's groupCount), got ${groups.length}` });
    return issues;
  }
  const known = new Set(participantIds);
  const seen = new Set<string>();
  groups.forEach((ids, g) =>
    ids.forEach((id, j) => {
      const path = `groups[${g}].participantIds[${j}]`;
      if (!known.has(id)) issues.push({ path, message: `${id} is not a participant entering this stage` });
      else if (seen.has(id)) issues.push({ path, message: `${id} is drawn twice` });
      seen.add(id);
    }),
  );
  const missing = participantIds.filter((id) => !seen.has(id));
  if (missing.length > 0) issues.push({ path: 'groups', message: `leaves out ${missing.length} participant(s): ${missing.slice(0, 5).join(', ')}` });
  if (issues.length > 0) return issues;
  const sizes = snakeGroupSizes(participantIds.length, groupCount);
  groups.forEach((ids, g) => {
    if (ids.length !== sizes[g]) issues.push({ path: `groups[${g}]`, message: `must have ${sizes[g] as number} participants (group sizes ${sizes.join(', ')}), got ${ids.length}` });
  });
  return issues;
}

/**
 * The stage seeds that make the snake split of a group stage (R7.9) produce exactly this draw (R23.3): the
 * participant at position p (0-based) of group g (0-based) of G groups gets seed p * G + (p even ? g : G - 1 - g) + 1,
 * so position 1 of every group is pot 1 (seeds 1..G), position 2 pot 2, ...; each group keeps the draw's order,
 * which is the order of its round-robin fixtures (Berger tables). Entrants are returned by seed.
 * @throws DomainError VALIDATION_ERROR (paths as `checkDraw`) when the draw does not have the snake sizes.
 */
export function drawSeeds(groups: readonly (readonly string[])[]): Entrant[] {
  const all = groups.flat();
  const issues = checkDraw(groups, all, groups.length);
  if (issues.length > 0) {
    const first = issues[0] as DrawIssue;
    throw new DomainError('VALIDATION_ERROR', `${first.path} ${first.message}`, issues);
  }
  const count = groups.length;
  const out: Entrant[] = [];
  groups.forEach((ids, g) => ids.forEach((id, p) => out.push({ id, seed: p * count + (p % 2 === 0 ? g : count - 1 - g) + 1 })));
  return out.sort((a, b) => a.seed - b.seed);
}
