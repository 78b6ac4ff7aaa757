import { DomainError } from '../errors/domain-error';
import type { StageSettings } from '../stages/stage-settings';

/**
 * The default name of group `number` (1-based, R23.2): A..Z, then AA, AB, ... as spreadsheet columns
 * (27 -> "AA").
 */
export function defaultGroupName(number: number): string {
  let n = number;
  let name = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/**
 * The names of a group stage's `groupCount` groups (R23.2): `settings.groupNames` when given, else A, B, C, ...
 * @throws DomainError VALIDATION_ERROR (path `settings.groupNames`) when the list is not one unique non-empty
 *   name per group.
 */
export function groupNamesOf(settings: StageSettings, groupCount: number): string[] {
  const given: unknown = settings.groupNames;
  if (given === undefined || given === null) return Array.from({ length: groupCount }, (_, i) => defaultGroupName(i + 1));
  const issue = checkGroupNames(given, groupCount);
  if (issue !== null) throw new DomainError('VALIDATION_ERROR', `settings.groupNames ${issue.message}`, [{ path: `settings.${issue.path}`, message: issue.message }]);
  return [...(given as string[])];
}

/**
 * Checks a `groupNames` list (R23.2): an array of unique non-empty strings, `groupCount` of them when the count
 * is known. Returns the first problem (path relative to settings, e.g. `groupNames[2]`) or null.
 */
export function checkGroupNames(given: unknown, groupCount: number | null): { path: string; message: string } | null {
  if (!Array.isArray(given)) return { path: 'groupNames', message: 'must be an array of names' };
  if (groupCount !== null && given.length !== groupCount) return { path: 'groupNames', message: `must name each of the ${groupCount} groups (got ${given.length})` };
  const seen = new Set<string>();
  for (let i = 0; i < given.length; i++) {
    const name: unknown = given[i];
    if (typeof name !== 'string' || name.trim() === '') return { path: `groupNames[${i}]`, message: 'must be a non-empty name' };
    if (seen.has(name)) return { path: `groupNames[${i}]`, message: `repeats the name ${name}` };
    seen.add(name);
  }
  return null;
}

/** Number of groups of a group stage of `n` entrants (R7.9, R23.2): `groupCount`, else as many as `groupNames`, else ceil(n / 4). */
export function groupCountOf(settings: StageSettings, n: number): number {
  return settings.groupCount ?? (Array.isArray(settings.groupNames) ? settings.groupNames.length : Math.max(1, Math.ceil(n / 4)));
}
