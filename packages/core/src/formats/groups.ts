import { groupCountOf, groupNamesOf } from '../draw/group-names';
import { DomainError } from '../errors/domain-error';
import { cyclesSetting, integerSetting, type StageSettings } from '../stages/stage-settings';
import { buildRoundRobinMatches, ROUND_ROBIN_MAX_ENTRANTS } from './round-robin';
import { groupMatchKey } from './stage-match-key';
import type { Entrant, GeneratedMatch } from './types';
import { validateEntrants } from './validate-entrants';

/** Fewest entrants of a group stage (one group of 2). */
export const GROUPS_MIN_ENTRANTS = 2;
/** Most entrants of a group stage. */
export const GROUPS_MAX_ENTRANTS = 65536;

/** A match of a group stage: bracket GROUP, with its 1-based group number. */
export interface GroupMatch extends GeneratedMatch {
  group: number;
  /** The group's name (`settings.groupNames`, default A, B, ...; R23.2). */
  groupName: string;
}

/** One group: its number and entrants in seed order. */
export interface StageGroup {
  number: number;
  /** The group's name (R23.2). */
  name?: string;
  entrants: Entrant[];
}

/** A generated group stage: matches in play order (round 1 of every group, then round 2, ...). */
export interface GroupsStage {
  format: 'GROUPS';
  entrantCount: number;
  entrants: Entrant[];
  groupCount: number;
  cycles: 1 | 2;
  groups: StageGroup[];
  /** Rounds of the largest group. */
  totalRounds: number;
  matches: GroupMatch[];
}

/**
 * Splits seed-ordered entrants into `groupCount` groups snake-wise: seeds 1..G go to groups 1..G, seeds
 * G+1..2G to groups G..1, and so on, so group strengths stay balanced (8 entrants, 2 groups:
 * [1, 4, 5, 8] and [2, 3, 6, 7]). Each group keeps seed order. O(N).
 */
export function snakeGroups(ranked: readonly Entrant[], groupCount: number): StageGroup[] {
  const groups: StageGroup[] = Array.from({ length: groupCount }, (_, i) => ({ number: i + 1, entrants: [] }));
  ranked.forEach((entrant, i) => {
    const pass = Math.floor(i / groupCount);
    const pos = i % groupCount;
    (groups[pass % 2 === 0 ? pos : groupCount - 1 - pos] as StageGroup).entrants.push(entrant);
  });
  return groups;
}

/**
 * Number of groups of a group stage of `n` entrants, the one count that generation (`generateGroups`) and
 * standings (`computeStandings`, hence placements and qualifiers) share (R7.9, R7.13, R23.2):
 * `settings.groupCount`, else `groupCountOf` (as many as `groupNames`, else ceil(n / 4)). Every group needs 2
 * entrants, so at most floor(n / 2) groups.
 * @throws DomainError VALIDATION_ERROR (path `settings.groupCount`) when `groupCount` is not an integer from 1
 *   to floor(n / 2); (path `settings.groupNames`) when, without `groupCount`, `groupNames` names more than
 *   floor(n / 2) groups.
 */
export function stageGroupCount(settings: StageSettings, n: number): number {
  const maxGroups = Math.max(1, Math.floor(n / 2));
  const count = integerSetting(settings, 'groupCount', 1, maxGroups, groupCountOf(settings, n));
  if (count > maxGroups) {
    const message = `names ${count} groups: at most ${maxGroups}, as every group needs 2 of the stage's ${n} entrants`;
    throw new DomainError('VALIDATION_ERROR', `settings.groupNames ${message}`, [{ path: 'settings.groupNames', message }]);
  }
  return count;
}

/**
 * Generates a group stage (R7.9, R23.2): `settings.groupCount` groups (default: as many as `groupNames`, else
 * groups of about 4, that is ceil(N/4)) named by `groupNames` (default A, B, ...) filled snake-wise by seed, each a round robin (`roundRobinCycles` 1 or 2) with keys
 * "G{group}-r{round}-n{number}". Every group needs at least 2 entrants. O(N * group size).
 * @throws DomainError NOT_ENOUGH_PARTICIPANTS below 2 entrants; VALIDATION_ERROR for bad entrants, a
 *   `groupCount` that is not an integer from 1 to floor(N/2) (path `settings.groupCount`), more than floor(N/2)
 *   `groupNames` without `groupCount` (path `settings.groupNames`), groups over 2048 entrants, or a bad
 *   `roundRobinCycles`.
 */
export function generateGroups(entrants: readonly Entrant[], settings: StageSettings = {}): GroupsStage {
  const cycles = cyclesSetting(settings);
  const ranked = validateEntrants(entrants, GROUPS_MIN_ENTRANTS, GROUPS_MAX_ENTRANTS);
  const n = ranked.length;
  const groupCount = stageGroupCount(settings, n);
  const names = groupNamesOf(settings, groupCount);
  if (Math.ceil(n / groupCount) > ROUND_ROBIN_MAX_ENTRANTS) {
    throw new DomainError('VALIDATION_ERROR', `settings.groupCount is too small: groups over ${ROUND_ROBIN_MAX_ENTRANTS} entrants`, [
      { path: 'settings.groupCount', message: `must give groups of at most ${ROUND_ROBIN_MAX_ENTRANTS} entrants` },
    ]);
  }
  const groups = snakeGroups(ranked, groupCount).map((group) => ({ ...group, name: names[group.number - 1] as string }));
  const perGroup = groups.map(
    (group) =>
      buildRoundRobinMatches<GroupMatch>(group.entrants, cycles, 'GROUP', (r, m) => groupMatchKey(group.number, r, m), { group: group.number, groupName: group.name }).rounds,
  );
  const totalRounds = Math.max(...perGroup.map((rounds) => rounds.length));
  const matches: GroupMatch[] = [];
  for (let r = 0; r < totalRounds; r++) for (const rounds of perGroup) matches.push(...(rounds[r] ?? []));
  return { format: 'GROUPS', entrantCount: n, entrants: ranked, groupCount, cycles, groups, totalRounds, matches };
}
