import { DomainError } from '../errors/domain-error';
import type { Entrant, StageFormat } from '../formats/types';
import { formatDefinition } from '../registry/formats';
import { CUT_FORMATS } from '../stages/qualifier-cut';
import { resultOrder } from '../stages/qualifiers';
import { settingsObject, type StageSettings } from '../stages/stage-settings';
import type { StageMatchResult, StandingRow } from '../standings/types';
import { groupCountOf, groupNamesOf } from './group-names';
import { checkSlotMap, crossGroupsSlotMap, qualifierId, qualifierKey, seedsFromSlots, type QualifierRef, type SlotMapSource } from './slot-map';

/**
 * What a slot map on the stage after `format` is checked against (R23.1): the group names and smallest group
 * of a group stage of `n` entrants, or the `n` ranks of a stage without groups; an elimination stage that stops at
 * its qualifiers (R7.20, R7.21) ranks only those `advanceCount`, the others being out before its result is known.
 */
export function slotMapSource(format: StageFormat, settings: StageSettings, n: number): SlotMapSource {
  const cut = CUT_FORMATS.includes(format) && settings.stopAtQualifiers === true && typeof settings.advanceCount === 'number' ? settings.advanceCount : null;
  if (cut !== null && cut < n) return { groups: null, positions: cut, ranksAre: 'the qualifiers of the stage before (it stops at its qualifiers)' };
  if (!formatDefinition(format).traits.hasGroups) return { groups: null, positions: n };
  const count = Math.max(1, Math.min(groupCountOf(settings, n), Math.floor(n / 2)));
  return { groups: groupNamesOf(settings, count), positions: Math.floor(n / count) };
}

/**
 * The slot map of a stage (R23.1): `settings.slotMap` as given, the `settings.slotMapPreset` CROSS_GROUPS map
 * of the stage before's groups, or null when the stage takes its qualifiers by stage result (R7.15).
 * @throws DomainError VALIDATION_ERROR (path `settings.slotMap` or `settings.slotMapPreset`) when both are set or
 *   the preset does not fit the stage before.
 */
export function resolveSlotMap(settings: StageSettings, source: SlotMapSource): QualifierRef[] | null {
  if (settings.slotMap !== undefined && settings.slotMapPreset !== undefined) {
    throw new DomainError('VALIDATION_ERROR', 'settings.slotMap and settings.slotMapPreset exclude each other', [
      { path: 'settings.slotMapPreset', message: 'cannot be set together with slotMap' },
    ]);
  }
  if (settings.slotMap !== undefined) return [...settings.slotMap];
  if (settings.slotMapPreset === undefined) return null;
  if (source.groups === null) {
    throw new DomainError('VALIDATION_ERROR', 'settings.slotMapPreset CROSS_GROUPS needs a GROUPS stage before', [
      { path: 'settings.slotMapPreset', message: 'CROSS_GROUPS needs a GROUPS stage before' },
    ]);
  }
  if (source.positions < 2) {
    throw new DomainError('VALIDATION_ERROR', 'settings.slotMapPreset CROSS_GROUPS needs groups of at least 2', [
      { path: 'settings.slotMapPreset', message: 'CROSS_GROUPS needs groups of at least 2' },
    ]);
  }
  return crossGroupsSlotMap(source.groups);
}

/**
 * The entrants of a stage that takes its qualifiers by a slot map (R23.1): slot i is filled by the qualifier
 * `refs[i]` names in the stage before (`prev`, completed): a group position in its final table (participants in
 * `excluded`, disqualified or withdrawn, are left out and the next of their group moves up), or a rank in its
 * result order (`resultOrder`); seeds follow the slots (`seedsFromSlots` for `nextFormat` and
 * `nextSettings`, the receiving stage's settings: its `seedOrdering` decides which seed each slot gets).
 * @throws DomainError VALIDATION_ERROR (paths `settings.slotMap...`) for a map that does not fit the stage
 *   before, or (path `settings.slotMap[i]`) when a named position is empty after exclusions; as `seedsFromSlots`
 *   for `nextSettings` (path `settings.skipFirstRound` or `settings.seedOrdering`).
 */
export function slotMapEntrants(
  prev: { format: StageFormat; entrants: readonly Entrant[]; results: readonly StageMatchResult[]; settings: StageSettings },
  refs: readonly QualifierRef[],
  nextFormat: StageFormat,
  excluded: ReadonlySet<string> = new Set(),
  nextSettings: StageSettings = {},
): Entrant[] {
  const s = settingsObject(prev.settings);
  const source = slotMapSource(prev.format, s, prev.entrants.length);
  const issues = checkSlotMap(refs, source);
  if (issues.length > 0) {
    const first = issues[0] as { path: string; message: string };
    throw new DomainError('VALIDATION_ERROR', `${first.path} ${first.message}`, issues);
  }
  const byKey = new Map<string, string>();
  const definition = formatDefinition(prev.format);
  if (source.groups !== null && definition.standings !== null) {
    // Each group's rows in rank order, bucketed in one pass (not one scan of every row per group).
    const byGroup = new Map<number, StandingRow[]>();
    for (const r of definition.standings(prev.entrants, prev.results, s)) {
      if (excluded.has(r.participantId)) continue;
      const bucket = byGroup.get(r.group ?? 0);
      if (bucket === undefined) byGroup.set(r.group ?? 0, [r]);
      else bucket.push(r);
    }
    source.groups.forEach((name, g) => {
      (byGroup.get(g + 1) ?? [])
        .sort((a, b) => a.rank - b.rank)
        .forEach((r, i) => byKey.set(qualifierId({ group: name, position: i + 1 }), r.participantId));
    });
  } else {
    resultOrder(prev.format, prev.entrants, prev.results, s, excluded).forEach((id, i) => byKey.set(qualifierId({ rank: i + 1 }), id));
  }
  const ids = refs.map((ref, i) => {
    const id = byKey.get(qualifierId(ref));
    if (id === undefined) {
      throw new DomainError('VALIDATION_ERROR', `settings.slotMap[${i}] ${qualifierKey(ref)} has no qualifier left`, [
        { path: `settings.slotMap[${i}]`, message: `${qualifierKey(ref)} has no qualifier left` },
      ]);
    }
    return id;
  });
  return seedsFromSlots(nextFormat, ids, settingsObject(nextSettings));
}
