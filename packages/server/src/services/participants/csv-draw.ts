import { checkDraw, groupCountOf, groupNamesOf } from '@tourney/core';
import type { Db } from '../../db/db';
import type { StageRow } from '../../db/rows';
import { generatedGroups, parseGroupDraw } from '../stages/group-draw';
import { readStageEntrants } from '../stages/stage-entrants';
import { effectiveSettings } from '../stages/stage-settings';
import { findStageRows } from '../tournaments/tournament-reader';
import type { CsvEntry } from './participant-csv';
import type { RosterIssue } from './roster-entry';
import { ENTERING_STATUSES } from './participant-status';

/** A draw an import sets (R24.11): `apply` writes it once the rows' participants have ids (in row order). */
export interface CsvDrawPlan {
  issues: RosterIssue[];
  apply: (db: Db, newIds: readonly string[]) => Promise<void>;
}

const invalid = (path: string, message: string): RosterIssue => ({ path, message, kind: 'invalid' });

/** The group named `given` among `names`: the exact name, else the only one equal ignoring case; -1 if none. */
function groupIndexOf(names: readonly string[], given: string): number {
  const exact = names.indexOf(given);
  if (exact >= 0) return exact;
  const folded = names.flatMap((n, i) => (n.toLowerCase() === given.toLowerCase() ? [i] : []));
  return folded.length === 1 ? (folded[0] as number) : -1;
}

/**
 * The draw of stage 1 an import's `group` column asks for (R24.11), checked under the tournament's lock in the
 * import's transaction; null when no row carries a group. Stage 1 must be GROUPS; the groups are named by stage 1's
 * group names (`groupNames`, default A, B, C, ...; an exact name, else case-insensitive) for as many groups as the
 * stage has for every participant who would enter it (those already in plus the rows); each row joins its group
 * after the participants already drawn there, in row order. Every participant already in must be in the current
 * draw, and the group sizes must be those of the draw rules (core `checkDraw`). Issues name `csv.row[n].group`
 * (a wrong size: the group's last row) or `csv`; pure reads, nothing written until `apply`.
 */
export async function planCsvDraw(db: Db, tournamentId: string, entries: readonly CsvEntry[]): Promise<CsvDrawPlan | null> {
  if (!entries.some((e) => e.group !== '')) return null;
  const none: CsvDrawPlan = { issues: [], apply: async () => undefined };
  const stage = (await findStageRows(db, tournamentId)).find((s) => s.number === 1);
  if (stage === undefined || stage.format !== 'GROUPS') {
    const format = stage?.format ?? 'missing';
    return { ...none, issues: entries.map((e) => invalid(`${e.paths.entry}.group`, `stage 1 is ${format}, not GROUPS: it has no groups, leave the column empty`)) };
  }
  const existing = (
    await db.selectFrom('participants').select('id').where('tournament_id', '=', tournamentId).where('status', 'in', ENTERING_STATUSES).execute()
  ).map((p) => p.id);
  const total = existing.length + entries.length;
  const settings = effectiveSettings(stage.format, stage.settings);
  const count = groupCountOf(settings, total);
  if (count > Math.floor(total / 2)) {
    return { ...none, issues: [invalid('csv', `${count} groups need at least ${2 * count} participants (with these rows there are ${total})`)] };
  }
  const names = groupNamesOf(settings, count);
  const drawn = new Set(existing);
  const groups: string[][] = Array.from({ length: count }, () => []);
  const current = parseGroupDraw(stage.group_draw);
  if (current.length === count) current.forEach((ids, g) => groups[g]?.push(...ids.filter((id) => drawn.has(id))));
  const undrawn = existing.filter((id) => !groups.some((g) => g.includes(id)));
  const issues: RosterIssue[] = [];
  if (undrawn.length > 0) {
    issues.push(invalid('csv', `${undrawn.length} participant(s) already in the tournament are in no group of stage 1 (${undrawn.slice(0, 5).join(', ')}): draw them first with setStageGroups, or leave the group column empty`));
  }
  const lastRow = new Map<number, string>();
  entries.forEach((e, i) => {
    const g = groupIndexOf(names, e.group);
    if (g < 0) issues.push(invalid(`${e.paths.entry}.group`, `unknown group "${e.group}": stage 1's groups are ${names.join(', ')}`));
    else {
      groups[g]?.push(placeholder(i));
      lastRow.set(g, `${e.paths.entry}.group`);
    }
  });
  if (issues.length === 0) {
    for (const issue of checkDraw(groups, [...existing, ...entries.map((_, i) => placeholder(i))], count)) {
      const g = /^groups\[(\d+)\]$/.exec(issue.path)?.[1];
      const name = g === undefined ? undefined : names[Number(g)];
      issues.push(invalid(g === undefined ? 'csv' : (lastRow.get(Number(g)) ?? 'csv'), name === undefined ? issue.message : `group ${name} ${issue.message}`));
    }
  }
  return {
    issues,
    apply: async (trx, newIds) => {
      const ids = groups.map((members) => members.map((id) => (isPlaceholder(id) ? (newIds[Number(id.slice(PLACEHOLDER.length))] as string) : id)));
      await trx.updateTable('stages').set({ group_draw: JSON.stringify(ids) }).where('id', '=', stage.id).execute();
    },
  };
}

/** Stands for the participant of row index i until it has an id (a prefix no id has). */
const PLACEHOLDER = '\u0000row:';
const placeholder = (i: number): string => `${PLACEHOLDER}${i}`;
const isPlaceholder = (id: string): boolean => id.startsWith(PLACEHOLDER);

/**
 * The group name of each participant of stage 1 when it is a GROUPS stage (exportParticipants, R24.5): the groups
 * as played once generated, before that the explicit draw; empty without groups.
 */
export async function stageOneGroupNames(db: Db, tournamentId: string): Promise<Map<string, string>> {
  const stage: StageRow | undefined = (await findStageRows(db, tournamentId)).find((s) => s.number === 1);
  if (stage === undefined || stage.format !== 'GROUPS') return new Map();
  const settings = effectiveSettings(stage.format, stage.settings);
  const entrants = await readStageEntrants(db, stage.id);
  const groups = entrants.length > 0 ? generatedGroups(entrants, groupCountOf(settings, entrants.length)) : parseGroupDraw(stage.group_draw);
  if (groups.length === 0) return new Map();
  const names = groupNamesOf(settings, groups.length);
  return new Map(groups.flatMap((ids, g) => ids.map((id) => [id, names[g] as string] as const)));
}
