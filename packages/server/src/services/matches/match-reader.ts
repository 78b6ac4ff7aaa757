import type { Match } from '../../contract-types';
import { toHistoryEntry, toMatch, type SideInfo } from './match-mapper';
import { bestOfOfRow } from './series';
import type { Db } from '../../db/db';
import type { MatchHistoryRow, MatchRow } from '../../db/rows';

/** Above this many matches, related rows are loaded for the whole tournament instead of by id lists. */
const BY_ID_LIMIT = 200;

/** The matches row with `id`, or undefined. */
export function findMatchRow(db: Db, id: string): Promise<MatchRow | undefined> {
  return db.selectFrom('matches').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A stage as `readMatches` needs it: its number and stored settings (best-of, R25.1). */
export interface MatchStageInfo {
  id: string;
  number: number;
  settings: string;
}

/**
 * What `readMatches` loads besides the rows: `history` false leaves the history out (lists, R25.9); `stages`, when
 * the caller has already read the stages of every row (a match write, R8.21), saves the stages query.
 */
export interface ReadMatchesOptions {
  history: boolean;
  stages?: readonly MatchStageInfo[];
}

/**
 * API `Match`es of rows of one tournament, in the order given: loads stage numbers and settings (best-of, R25.1),
 * the sides' names, their seeds in the match's stage and (unless `options.history` is false) the history entries
 * with four queries (by id for small sets, by tournament for large ones).
 */
export async function readMatches(db: Db, tournamentId: string, rows: readonly MatchRow[], options: ReadMatchesOptions = { history: true }): Promise<Match[]> {
  if (rows.length === 0) return [];
  const whole = rows.length > BY_ID_LIMIT;
  const participantIds = [...new Set(rows.flatMap((r) => [r.participant1_id, r.participant2_id]).filter((id): id is string => id !== null))];
  const matchIds = rows.map((r) => r.id);

  const stagesQuery = options.stages
    ? Promise.resolve(options.stages)
    : db.selectFrom('stages').select(['id', 'number', 'settings']).where('tournament_id', '=', tournamentId).execute();
  let participantsQuery = db.selectFrom('participants').select(['id', 'name', 'seed']);
  participantsQuery = whole
    ? participantsQuery.where('tournament_id', '=', tournamentId)
    : participantsQuery.where('id', 'in', participantIds.length > 0 ? participantIds : ['']);
  const historyQuery: Promise<MatchHistoryRow[]> = !options.history
    ? Promise.resolve([])
    : whole
    ? db
        .selectFrom('match_history as h')
        .innerJoin('matches as m', 'm.id', 'h.match_id')
        .selectAll('h')
        .where('m.tournament_id', '=', tournamentId)
        .orderBy('h.at')
        .orderBy('h.id')
        .execute()
    : db.selectFrom('match_history').selectAll().where('match_id', 'in', matchIds).orderBy('at').orderBy('id').execute();

  let seedsQuery = db.selectFrom('stage_entrants').select(['stage_id', 'participant_id', 'seed']).where('tournament_id', '=', tournamentId);
  if (!whole) {
    seedsQuery = seedsQuery
      .where('stage_id', 'in', [...new Set(rows.map((r) => r.stage_id))])
      .where('participant_id', 'in', participantIds.length > 0 ? participantIds : ['']);
  }
  const [stages, participants, history, seeds] = await Promise.all([stagesQuery, participantsQuery.execute(), historyQuery, seedsQuery.execute()]);
  const stageSeeds = new Map(seeds.map((s) => [`${s.stage_id}:${s.participant_id}`, s.seed]));
  const stageNumbers = new Map(stages.map((s) => [s.id, s.number]));
  const stageSettings = new Map(stages.map((s) => [s.id, s.settings]));
  const sides = new Map<string, SideInfo>(participants.map((p) => [p.id, { name: p.name, seed: p.seed }]));
  const historyBy = new Map<string, MatchHistoryRow[]>();
  for (const h of history) {
    const list = historyBy.get(h.match_id) ?? [];
    list.push(h);
    historyBy.set(h.match_id, list);
  }
  return rows.map((r) =>
    toMatch(r, {
      stageNumber: stageNumbers.get(r.stage_id) ?? 0,
      sides,
      stageSeeds,
      bestOf: bestOfOfRow(r, stageSettings.get(r.stage_id)),
      ...(options.history ? { history: (historyBy.get(r.id) ?? []).map(toHistoryEntry) } : {}),
    }),
  );
}
