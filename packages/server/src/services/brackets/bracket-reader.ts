import { formatDefinition, groupNamesOf, roundName, type BracketKind, type StageFormat } from '@tourney/core';
import type { Bracket, Placement, BracketStage, Match, StandingsRow } from '../../contract-types';
import { readMatches } from '../matches/match-reader';
import { BRACKET_VIEW_RANK } from '../matches/play-order';
import { readStageEntrants } from '../stages/stage-entrants';
import { readStageResults } from '../stages/stage-results';
import { effectiveSettings } from '../stages/stage-settings';
import { toStage } from '../tournaments/tournament-mapper';
import type { Db } from '../../db/db';
import { findStageRows } from '../tournaments/tournament-reader';
import type { StageRow, TournamentRow } from '../../db/rows';

type BracketRound = BracketStage['rounds'][number];

/** The rounds of one stage's matches, named by core `roundName` for the stage's format (R27.11), in view order. */
function roundsOf(matches: readonly Match[], format: StageFormat): BracketRound[] {
  const totalRounds = Math.max(1, ...matches.filter((m) => m.bracket === 'WINNERS').map((m) => m.round));
  const byKey = new Map<string, BracketRound>();
  for (const m of matches) {
    const key = `${m.bracket}:${m.round}`;
    let round = byKey.get(key);
    if (!round) {
      round = { bracket: m.bracket, round: m.round, name: roundName(m.round, totalRounds, m.bracket as BracketKind, format), matches: [] };
      byKey.set(key, round);
    }
    round.matches.push(m);
  }
  const rounds = [...byKey.values()];
  rounds.sort((a, b) => (BRACKET_VIEW_RANK[a.bracket] ?? 9) - (BRACKET_VIEW_RANK[b.bracket] ?? 9) || a.round - b.round);
  for (const r of rounds) r.matches.sort((a, b) => (a.groupNumber ?? 0) - (b.groupNumber ?? 0) || a.number - b.number);
  return rounds;
}

/**
 * Current standings of a stage whose format has them (core registry `standings`: round robin, Swiss, groups;
 * over its results so far, settings with the format's defaults): rank (within the group for GROUPS), record, points, scores and the
 * value of each configured criterion. Empty for elimination formats and stages not generated yet.
 */
async function standingsOf(db: Db, stage: StageRow, names: ReadonlyMap<string, string>): Promise<StandingsRow[]> {
  const standings = formatDefinition(stage.format).standings;
  if (standings === null) return [];
  const entrants = await readStageEntrants(db, stage.id);
  if (entrants.length < 2) return [];
  const { results } = await readStageResults(db, stage.id);
  const settings = effectiveSettings(stage.format, stage.settings);
  const rows = standings(entrants, results, settings);
  const groupCount = Math.max(0, ...rows.map((r) => r.group ?? 0));
  const groupNames = groupCount > 0 ? groupNamesOf(settings, groupCount) : [];
  // Core's row under the contract's names: scoresFor/scoresAgainst are scoreFor/scoreAgainst, plus the display name
  // and the group's name (R23.2).
  return rows.map(({ scoresFor, scoresAgainst, tiebreaks, ...row }) => ({
    ...row,
    groupName: row.group === null ? null : (groupNames[row.group - 1] ?? null),
    name: names.get(row.participantId) ?? '',
    scoreFor: scoresFor,
    scoreAgainst: scoresAgainst,
    tiebreaks: { ...tiebreaks } as Record<string, number>,
  }));
}

/**
 * The bracket of a started tournament (R5.15): per stage its rounds (bracket, round, display name from core)
 * with full matches (sides with stage seeds, scores, advancement paths, history), the standings of round-robin,
 * Swiss and group stages, and the tournament placements known so far (participants eliminated from the last
 * stage or knocked out of an earlier one; everyone once the tournament is COMPLETED), best first.
 */
export async function readBracket(db: Db, tournament: TournamentRow): Promise<Bracket> {
  const [stageRows, matchRows, people] = await Promise.all([
    findStageRows(db, tournament.id),
    db.selectFrom('matches').selectAll().where('tournament_id', '=', tournament.id).orderBy('round').orderBy('number').execute(),
    db
      .selectFrom('participants')
      .select(['id', 'name', 'seed', 'final_placement', 'placement_range'])
      .where('tournament_id', '=', tournament.id)
      .execute(),
  ]);
  const matches = await readMatches(db, tournament.id, matchRows, { history: false }); // R25.9: history on getMatch
  const byStage = new Map<string, Match[]>();
  for (const m of matches) {
    const list = byStage.get(m.stageId) ?? [];
    list.push(m);
    byStage.set(m.stageId, list);
  }
  const names = new Map(people.map((p) => [p.id, p.name]));
  const stages: BracketStage[] = [];
  for (const s of stageRows) {
    stages.push({ stage: toStage(s), rounds: roundsOf(byStage.get(s.id) ?? [], s.format as StageFormat), standings: await standingsOf(db, s, names) });
  }
  const placements: Placement[] = people
    .filter((p) => p.final_placement !== null)
    .sort((a, b) => (a.final_placement as number) - (b.final_placement as number) || (a.seed ?? Infinity) - (b.seed ?? Infinity) || a.name.localeCompare(b.name))
    .map((p) => ({
      participantId: p.id,
      name: p.name,
      placement: p.final_placement as number,
      placementRange: p.placement_range ?? String(p.final_placement),
    }));
  return { tournamentId: tournament.id, status: tournament.status as Bracket['status'], stages, placements };
}
