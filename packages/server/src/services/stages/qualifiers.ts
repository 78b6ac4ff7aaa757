import {
  computeStandings,
  selectQualifiers,
  separateGroupMates,
  type Entrant,
  type StageFormat,
  type StageMatchResult,
  type StageSettings,
  type StandingRow,
} from '@tourney/core';
import { FORFEIT_STATUSES } from '../participants/participant-status';
import { readStageEntrants } from './stage-entrants';
import { readStageResults } from './stage-results';
import { effectiveSettings } from './stage-settings';
import type { StageRow } from '../tournaments/tournament-mapper';
import type { Db } from '../../db/db';

/** Orders rows of one group rank across groups as core does: points, score difference and scores for per match, then seed. */
function acrossGroups(a: StandingRow, b: StandingRow): number {
  const per = (value: number, row: StandingRow) => (row.played === 0 ? 0 : value / row.played);
  return (
    per(b.points, b) - per(a.points, a) ||
    per(b.scoreDifference, b) - per(a.scoreDifference, a) ||
    per(b.scoresFor, b) - per(a.scoresFor, a) ||
    a.seed - b.seed
  );
}

/** Group qualifiers when some group members may not qualify: the next of their group takes their group rank. */
function groupQualifiersWithout(
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings,
  count: number,
  excluded: ReadonlySet<string>,
): string[] {
  const rows = computeStandings('GROUPS', entrants, results, settings);
  const groupCount = Math.max(...rows.map((r) => r.group as number));
  const sizes = Array.from({ length: groupCount }, (_, g) => rows.filter((r) => r.group === g + 1).length);
  const smallest = Math.min(...sizes);
  const advanceCount = settings.advanceCount ?? null;
  const perGroup =
    settings.qualifiersPerGroup ?? (advanceCount === null ? Math.min(2, smallest) : Math.min(smallest, Math.ceil(advanceCount / groupCount)));
  const reranked: StandingRow[] = [];
  for (let g = 1; g <= groupCount; g++) {
    rows
      .filter((r) => r.group === g && !excluded.has(r.participantId))
      .sort((a, b) => a.rank - b.rank)
      .forEach((r, i) => reranked.push({ ...r, rank: i + 1 }));
  }
  const tiers: StandingRow[] = [];
  for (let rank = 1; rank <= perGroup; rank++) tiers.push(...reranked.filter((r) => r.rank === rank).sort(acrossGroups));
  return separateGroupMates(tiers.slice(0, count)).map((r) => r.participantId);
}

/**
 * The qualifiers of a completed stage, re-seeded 1..k for the next stage (spec 1.1, 2.2), by core's
 * `selectQualifiers` (k = `advanceCount`, or the format's default). Participants in `excluded` (disqualified or
 * withdrawn) never qualify: the next best by stage result take their places (in a group stage, the next of the
 * same group), so k stays the same unless too few participants remain.
 * @throws DomainError as `selectQualifiers` (settings validated at create time make this an internal error).
 */
export function selectStageQualifiers(
  format: StageFormat,
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings,
  excluded: ReadonlySet<string>,
): Entrant[] {
  const normal = selectQualifiers(format, entrants, results, settings);
  if (!normal.some((e) => excluded.has(e.id))) return normal;
  const k = normal.length;
  const ids =
    format === 'GROUPS'
      ? groupQualifiersWithout(entrants, results, settings, k, excluded)
      : selectQualifiers(format, entrants, results, { ...settings, advanceCount: entrants.length })
          .map((e) => e.id)
          .filter((id) => !excluded.has(id))
          .slice(0, k);
  return ids.map((id, i) => ({ id, seed: i + 1 }));
}

/** The qualifiers of a completed stage read from the database (see {@link selectStageQualifiers}). */
export async function readStageQualifiers(db: Db, stage: StageRow): Promise<Entrant[]> {
  const entrants = await readStageEntrants(db, stage.id);
  if (entrants.length < 2) return [];
  const [{ results }, statuses] = await Promise.all([
    readStageResults(db, stage.id),
    db.selectFrom('participants').select(['id', 'status']).where('tournament_id', '=', stage.tournament_id).execute(),
  ]);
  const excluded = new Set(statuses.filter((p) => (FORFEIT_STATUSES as readonly string[]).includes(p.status)).map((p) => p.id));
  return selectStageQualifiers(stage.format as StageFormat, entrants, results, effectiveSettings(stage.format, stage.settings), excluded);
}
