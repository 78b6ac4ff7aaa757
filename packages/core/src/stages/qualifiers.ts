import { DomainError } from '../errors/domain-error';
import type { Entrant, StageFormat } from '../formats/types';
import { compareAcrossGroups } from '../placements/standings-placements';
import { bracketSize } from '../seeding/bracket-size';
import { bracketSlots, type BracketSeedOrdering } from '../seeding/seed-orderings';
import { formatDefinition } from '../registry/formats';
import type { StageMatchResult, StandingRow } from '../standings/types';
import { computeStagePlacements } from './stage-placements';
import { integerSetting, settingsObject, type StageSettings } from './stage-settings';

function notComplete(message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, [{ path: 'results', message }]);
}

/**
 * Reorders qualifiers (best first, each with its group and group rank) so that in a bracket of them seeded by
 * `ordering` (default `inner_outer`: seed s meets seed P+1-s; `natural` and `reverse` as `bracketSlots` places
 * them, R27.5) nobody meets someone from their own group in round 1 where a swap within the same group rank
 * avoids it: with `inner_outer`, group winners then meet runners-up of other groups (R7.15).
 */
export function separateGroupMates<T extends { group: number | null; rank: number }>(list: readonly T[], ordering: BracketSeedOrdering = 'inner_outer'): T[] {
  const out = [...list];
  const m = out.length;
  if (m < 2) return out;
  const size = bracketSize(m);
  const order = bracketSlots(ordering, m, size);
  const partner = new Map<number, number>(); // 0-based index -> 0-based opponent index
  for (let i = 0; i + 1 < order.length; i += 2) {
    const a = (order[i] as number) - 1;
    const b = (order[i + 1] as number) - 1;
    if (a < m && b < m) {
      partner.set(a, b);
      partner.set(b, a);
    }
  }
  const group = (i: number) => (out[i] as T).group;
  const clash = (i: number) => partner.has(i) && group(i) === group(partner.get(i) as number);
  for (let low = 0; low < m; low++) {
    const high = partner.get(low);
    if (high === undefined || high < low || !clash(low)) continue;
    // Swap the lower-placed side with the nearest qualifier of the same group rank that ends both clashes.
    const candidates = out
      .map((_, i) => i)
      .filter((i) => i !== high && i !== low && (out[i] as T).rank === (out[high] as T).rank)
      .sort((a, b) => Math.abs(a - high) - Math.abs(b - high));
    for (const c of candidates) {
      const cPartner = partner.get(c);
      const fixesLow = group(c) !== group(low);
      const keepsC = cPartner === undefined || group(cPartner) !== group(high);
      if (fixesLow && keepsC) {
        [out[high], out[c]] = [out[c] as T, out[high] as T];
        break;
      }
    }
  }
  return out;
}

/** Qualifiers per group unless `qualifiersPerGroup` says: 2, or ceil(advanceCount / groupCount), at most the smallest group. */
function defaultPerGroup(advanceCount: number | null, groupCount: number, smallest: number): number {
  return advanceCount === null ? Math.min(2, smallest) : Math.min(smallest, Math.ceil(advanceCount / groupCount));
}

/**
 * The qualifiers when everyone may qualify (see `selectQualifiers`); `everyone` takes every entrant of a format
 * without groups in result order instead of `advanceCount` of them (the settings themselves are read unchanged: a
 * single elimination that stops at its qualifiers places by them, R7.20).
 */
function rankedQualifiers(
  format: StageFormat,
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings,
  ordering: BracketSeedOrdering,
  everyone = false,
): Entrant[] {
  const s = settingsObject(settings);
  const n = Array.isArray(entrants) ? entrants.length : 0;
  const advanceCount = everyone ? n : integerSetting(s, 'advanceCount', 1, Math.max(1, n), null);
  const definition = formatDefinition(format);
  let ids: string[];
  if (definition.standings !== null && definition.traits.hasGroups) {
    const rows = definition.standings(entrants, results, s);
    const groupCount = Math.max(...rows.map((r) => r.group as number));
    const smallest = Math.min(...Array.from({ length: groupCount }, (_, g) => rows.filter((r) => r.group === g + 1).length));
    const perGroup = integerSetting(s, 'qualifiersPerGroup', 1, smallest, defaultPerGroup(advanceCount, groupCount, smallest));
    const count = advanceCount ?? perGroup * groupCount;
    if (count > perGroup * groupCount) {
      throw new DomainError('VALIDATION_ERROR', `settings.advanceCount must be at most ${perGroup * groupCount} (qualifiersPerGroup x groupCount)`, [
        { path: 'settings.advanceCount', message: `must be at most ${perGroup * groupCount}` },
      ]);
    }
    const tiers: StandingRow[] = [];
    for (let rank = 1; rank <= perGroup; rank++) tiers.push(...rows.filter((r) => r.rank === rank).sort(compareAcrossGroups));
    ids = separateGroupMates(tiers.slice(0, count), ordering).map((r) => r.participantId);
  } else if (definition.standings !== null) {
    const rows = definition.standings(entrants, results, s);
    const advanced = rows.filter((r) => r.status === 'ADVANCED').length;
    // Only an esports-form Swiss stage gives its rows a status (ADVANCED, ELIMINATED, ACTIVE).
    const count = advanceCount ?? (rows.some((r) => r.status !== null) ? advanced : null);
    if (count === null) {
      throw new DomainError('VALIDATION_ERROR', 'settings.advanceCount is required to seed the next stage', [
        { path: 'settings.advanceCount', message: 'is required to seed the next stage' },
      ]);
    }
    ids = rows.slice(0, count).map((r) => r.participantId);
  } else {
    if (advanceCount === null) {
      throw new DomainError('VALIDATION_ERROR', 'settings.advanceCount is required to seed the next stage', [
        { path: 'settings.advanceCount', message: 'is required to seed the next stage' },
      ]);
    }
    const placements = computeStagePlacements(format, entrants, results, s);
    if (placements.length < advanceCount) throw notComplete(`only ${placements.length} participants are placed; ${advanceCount} must advance`);
    ids = placements.slice(0, advanceCount).map((p) => p.participantId);
  }
  return ids.map((id, i) => ({ id, seed: i + 1 }));
}

/** Group qualifiers when some group members may not qualify: the next of their group takes their group rank. */
function groupQualifiersWithout(
  rows: readonly StandingRow[],
  settings: StageSettings,
  count: number,
  excluded: ReadonlySet<string>,
  ordering: BracketSeedOrdering,
): string[] {
  const groupCount = Math.max(...rows.map((r) => r.group as number));
  const sizes = Array.from({ length: groupCount }, (_, g) => rows.filter((r) => r.group === g + 1).length);
  const smallest = Math.min(...sizes);
  const perGroup = settings.qualifiersPerGroup ?? defaultPerGroup(settings.advanceCount ?? null, groupCount, smallest);
  const reranked: StandingRow[] = [];
  for (let g = 1; g <= groupCount; g++) {
    rows
      .filter((r) => r.group === g && !excluded.has(r.participantId))
      .sort((a, b) => a.rank - b.rank)
      .forEach((r, i) => reranked.push({ ...r, rank: i + 1 }));
  }
  const tiers: StandingRow[] = [];
  for (let rank = 1; rank <= perGroup; rank++) tiers.push(...reranked.filter((r) => r.rank === rank).sort(compareAcrossGroups));
  return separateGroupMates(tiers.slice(0, count), ordering).map((r) => r.participantId);
}

/**
 * The qualifiers of a completed stage, in order, re-seeded 1..k for the next stage (R7.15):
 * k = `settings.advanceCount` (required, except GROUPS: default groupCount x qualifiersPerGroup, and
 * esports-form SWISS: default everyone who ADVANCED).
 * - Elimination: by placement, then seed within a shared placement (advanceCount 3 of "1, 2, 3-4" takes the
 *   better-seeded semi-finalist).
 * - Round robin, Swiss: standings order.
 * - Groups: the top `qualifiersPerGroup` (default 2, or ceil(advanceCount / groupCount)) of each group,
 *   group winners first, then runners-up, ..., each rank ordered across groups by points per match, score
 *   difference per match, scores per match, seed; then reordered so that group-mates do not meet in round 1
 *   of a bracket seeded by `nextOrdering` (the next stage's `seedOrdering`, default inner_outer, where group
 *   winners then meet runners-up of other groups; `separateGroupMates`).
 * - Participants in `excluded` (disqualified or withdrawn) never qualify: the next best by stage result take
 *   their places (in a group stage, the next of the same group takes their group rank), so k stays the same
 *   unless too few participants remain.
 * @throws DomainError UNSUPPORTED_FORMAT for an unknown format; VALIDATION_ERROR (path `settings.advanceCount`,
 *   `settings.qualifiersPerGroup` or `results`) when the count is missing or too large or the stage has not placed enough participants.
 */
export function selectQualifiers(
  format: StageFormat,
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings = {},
  excluded: ReadonlySet<string> = new Set(),
  nextOrdering: BracketSeedOrdering = 'inner_outer',
): Entrant[] {
  const normal = rankedQualifiers(format, entrants, results, settings, nextOrdering);
  if (!normal.some((e) => excluded.has(e.id))) return normal;
  const k = normal.length;
  const definition = formatDefinition(format);
  const ids =
    definition.standings !== null && definition.traits.hasGroups
      ? groupQualifiersWithout(definition.standings(entrants, results, settingsObject(settings)), settingsObject(settings), k, excluded, nextOrdering)
      : resultOrder(format, entrants, results, settings, excluded).slice(0, k);
  return ids.map((id, i) => ({ id, seed: i + 1 }));
}

/**
 * Every entrant of a completed stage of a format without groups, best first, as `selectQualifiers` orders its
 * qualifiers (elimination: placement, then seed; round robin and Swiss: standings), leaving out `excluded`: the ranks
 * a slot map names (R23.1) and the places the next best take after disqualifications (R7.15).
 * @throws DomainError as `selectQualifiers` (VALIDATION_ERROR path `results` while some entrant is not placed).
 */
export function resultOrder(
  format: StageFormat,
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings = {},
  excluded: ReadonlySet<string> = new Set(),
): string[] {
  return rankedQualifiers(format, entrants, results, settings, 'inner_outer', true)
    .map((e) => e.id)
    .filter((id) => !excluded.has(id));
}
