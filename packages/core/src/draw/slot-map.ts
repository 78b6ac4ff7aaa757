import { DomainError } from '../errors/domain-error';
import type { Entrant, StageFormat } from '../formats/types';
import { isPowerOfTwo } from '../seeding/bracket-size';
import { bracketSlots } from '../seeding/seed-orderings';
import { seedOrderingSetting, type StageSettings } from '../stages/stage-settings';

/**
 * A qualifier of the stage before, as a slot map names it (contract `QualifierRef`, R23.1): a group (by name)
 * and a position in its final table, or (after a stage without groups) a rank in its result.
 */
export type QualifierRef = { group: string; position: number } | { rank: number };

/** Named slot maps (contract `StageSettings.slotMapPreset`). */
export const SLOT_MAP_PRESETS = ['CROSS_GROUPS'] as const;
/** A named slot map. */
export type SlotMapPreset = (typeof SLOT_MAP_PRESETS)[number];

/** What a slot map is checked against: the stage before (group names, or null for a stage without groups). */
export interface SlotMapSource {
  /** Group names of the stage before (GROUPS), null otherwise. */
  groups: readonly string[] | null;
  /** Size of the smallest group (GROUPS), or the ranks of the stage before (its entrants, or its qualifiers). */
  positions: number;
  /** What the ranks are, as messages say it (default "the entrants of the stage before"). */
  ranksAre?: string;
}

/** One problem of a slot map, path relative to the receiving stage (`settings.slotMap[3].group`). */
export interface SlotMapIssue {
  path: string;
  message: string;
}

/** The label of a qualifier reference, e.g. "A1" or "#3". */
export function qualifierKey(ref: QualifierRef): string {
  return 'rank' in ref ? `#${ref.rank}` : `${ref.group}${ref.position}`;
}

/** A unique key of a qualifier reference (group names may end in digits, so not its label). */
export function qualifierId(ref: QualifierRef): string {
  return 'rank' in ref ? JSON.stringify(ref.rank) : JSON.stringify([ref.group, ref.position]);
}

/**
 * The CROSS_GROUPS slot map of `groups` groups, 2 qualifiers each (R23.1): groups are paired
 * in order (A with B, C with D, ...); the top half of the bracket holds X1-Y2 for every pair in order, the bottom
 * half Y1-X2 for every pair in order. For 8 groups: A1-B2, C1-D2, E1-F2, G1-H2 | B1-A2, D1-C2, F1-E2, H1-G2, so
 * group-mates can meet again only in the final and group winners meet runners-up of the paired group. Slots are
 * listed in bracket order (slot 2i-1 meets slot 2i in round 1).
 * @throws DomainError VALIDATION_ERROR (path `settings.slotMapPreset`) unless the number of groups is a power
 *   of two from 2.
 */
export function crossGroupsSlotMap(groupNames: readonly string[]): QualifierRef[] {
  const count = groupNames.length;
  if (count < 2 || !isPowerOfTwo(count)) {
    throw new DomainError('VALIDATION_ERROR', `settings.slotMapPreset CROSS_GROUPS needs 2, 4, 8, 16, ... groups (the stage before has ${count})`, [
      { path: 'settings.slotMapPreset', message: `CROSS_GROUPS needs 2, 4, 8, 16, ... groups (the stage before has ${count})` },
    ]);
  }
  const top: QualifierRef[] = [];
  const bottom: QualifierRef[] = [];
  for (let g = 0; g < count; g += 2) {
    const x = groupNames[g] as string;
    const y = groupNames[g + 1] as string;
    top.push({ group: x, position: 1 }, { group: y, position: 2 });
    bottom.push({ group: y, position: 1 }, { group: x, position: 2 });
  }
  return [...top, ...bottom];
}

/**
 * Checks a slot map against the stage before (R23.1, R23.5): a group reference needs a GROUPS stage before, a
 * group of that name and a position from 1 to the smallest group's size; a rank reference needs a stage without
 * groups and a rank from 1 to its entrants; no qualifier may fill two slots; at least 2 slots. Returns every
 * issue (paths `settings.slotMap`, `settings.slotMap[i].group|position|rank`). Pure.
 */
export function checkSlotMap(refs: readonly QualifierRef[], source: SlotMapSource): SlotMapIssue[] {
  const issues: SlotMapIssue[] = [];
  const at = (i: number, field: string) => `settings.slotMap[${i}].${field}`;
  if (refs.length < 2) issues.push({ path: 'settings.slotMap', message: 'must fill at least 2 slots' });
  const seen = new Map<string, number>();
  refs.forEach((ref, i) => {
    if ('rank' in ref) {
      if (source.groups !== null) issues.push({ path: at(i, 'rank'), message: 'the stage before has groups: name a group and position' });
      else if (!Number.isInteger(ref.rank) || ref.rank < 1 || ref.rank > source.positions) {
        issues.push({ path: at(i, 'rank'), message: `must be from 1 to ${source.positions}, ${source.ranksAre ?? 'the entrants of the stage before'}` });
      }
    } else if (source.groups === null) {
      issues.push({ path: at(i, 'group'), message: 'the stage before has no groups: name a rank' });
    } else if (!source.groups.includes(ref.group)) {
      issues.push({ path: at(i, 'group'), message: `no group ${ref.group} in the stage before (groups ${source.groups.join(', ')})` });
    } else if (!Number.isInteger(ref.position) || ref.position < 1 || ref.position > source.positions) {
      issues.push({ path: at(i, 'position'), message: `must be from 1 to ${source.positions}, the size of the smallest group` });
    }
    const key = qualifierId(ref);
    const first = seen.get(key);
    if (first !== undefined) issues.push({ path: `settings.slotMap[${i}]`, message: `${qualifierKey(ref)} already fills slot ${first + 1}` });
    else seen.set(key, i);
  });
  return issues;
}

/**
 * Whether slots of a stage of `format` with `count` entrants are bracket positions (R23.1): an elimination
 * bracket without byes (SINGLE_ELIMINATION or DOUBLE_ELIMINATION, `count` a power of two). Otherwise slot i is
 * seed i.
 */
export function slotsAreBracketPositions(format: StageFormat, count: number): boolean {
  return (format === 'SINGLE_ELIMINATION' || format === 'DOUBLE_ELIMINATION') && isPowerOfTwo(count);
}

/**
 * Settings of a stage of `format` that slots 2i-1 and 2i cannot meet in round-1 match i with, for `count` slots
 * (R23.1): `skipFirstRound` of a double elimination of 4, 8, 16, ... slots (there is no winners round 1; with 2 the
 * final is played). Returns the issues (path `settings.skipFirstRound`), empty when slots can be bracket positions.
 * Pure.
 */
export function checkSlotSettings(format: StageFormat, settings: StageSettings, count: number): SlotMapIssue[] {
  if (format !== 'DOUBLE_ELIMINATION' || settings.skipFirstRound !== true || count <= 2 || !slotsAreBracketPositions(format, count)) return [];
  return [{ path: 'settings.skipFirstRound', message: 'cannot be true with entrants in slots (slot map or slot order): slots 2i-1 and 2i must meet in winners round-1 match i' }];
}

/**
 * Seeds for participants listed in slot order (R23.1, R23.4): in an elimination bracket without byes, slot p
 * (1-based; slots 2i-1 and 2i meet in round-1 match i) gets the seed the stage's `settings.seedOrdering` puts
 * there (`bracketSlots`: inner_outer by default; natural gives slot p seed p, reverse seed N + 1 - p), so
 * generation places everyone in their slot; in any other stage slot i is seed i.
 * @throws DomainError VALIDATION_ERROR (path `participantIds`) for a repeated id; (path `settings.seedOrdering`)
 *   for a bad ordering; (path `settings.skipFirstRound`) when the stage skips round 1 (`checkSlotSettings`).
 */
export function seedsFromSlots(format: StageFormat, ids: readonly string[], settings: StageSettings = {}): Entrant[] {
  if (new Set(ids).size !== ids.length) {
    throw new DomainError('VALIDATION_ERROR', 'participantIds lists a participant twice', [{ path: 'participantIds', message: 'lists a participant twice' }]);
  }
  const issues = checkSlotSettings(format, settings, ids.length);
  if (issues.length > 0) {
    const first = issues[0] as SlotMapIssue;
    throw new DomainError('VALIDATION_ERROR', `${first.path} ${first.message}`, issues);
  }
  const n = ids.length;
  const order = slotsAreBracketPositions(format, n) ? bracketSlots(seedOrderingSetting(settings), n, n) : ids.map((_, i) => i + 1);
  return ids.map((id, p) => ({ id, seed: order[p] as number })).sort((a, b) => a.seed - b.seed);
}
