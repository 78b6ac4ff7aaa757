import {
  bestOfFor,
  formatDefinition,
  groupNamesOf,
  roundName,
  roundsAfterCut,
  type BestOfSettings,
  type BracketKind,
  type Entrant,
  type StageFormat,
  type StageSettings as CoreStageSettings,
} from '@tourney/core';
import type { Bracket, BracketMatch, Placement, BracketStage, StandingsRow } from '../../contract-types';
import { toBracketMatch, type SideInfo } from '../matches/match-mapper';
import { BRACKET_VIEW_RANK } from '../matches/play-order';
import { toStageResults, type StageResultRow } from '../stages/stage-results';
import { effectiveSettings, parseStageSettings } from '../stages/stage-settings';
import { toStage } from '../tournaments/tournament-mapper';
import type { Db } from '../../db/db';
import { findStageRows } from '../tournaments/tournament-reader';
import type { StageRow, TournamentRow } from '../../db/rows';

type BracketRound = BracketStage['rounds'][number];

/**
 * The rounds of one stage's matches, named by core `roundName` for the stage's format (R27.11), in view order. Names
 * are read against the stage's full bracket: a stage that stops at its qualifiers (R7.20) adds the rounds it leaves
 * unplayed (core `roundsAfterCut`), so 16 entrants stopping at 4 play the round of 16 and the quarter-finals.
 */
function roundsOf(matches: readonly BracketMatch[], format: StageFormat, settings: CoreStageSettings): BracketRound[] {
  const totalRounds = Math.max(1, ...matches.filter((m) => m.bracket === 'WINNERS').map((m) => m.round)) + roundsAfterCut(settings, format);
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
 * value of each configured criterion. Empty for elimination formats and stages not generated yet. `entrants` are the
 * stage's entrants in seed order, `rows` its matches (as readStageEntrants and readStageResults read them) and `sides`
 * the participants' names by id.
 */
function standingsOf(stage: StageRow, entrants: readonly Entrant[], rows: readonly StageResultRow[], sides: ReadonlyMap<string, SideInfo>): StandingsRow[] {
  const standings = formatDefinition(stage.format).standings;
  if (standings === null) return [];
  if (entrants.length < 2) return [];
  const { results } = toStageResults(rows);
  const settings = effectiveSettings(stage.format, stage.settings);
  const ranked = standings(entrants, results, settings);
  const groupCount = Math.max(0, ...ranked.map((r) => r.group ?? 0));
  const groupNames = groupCount > 0 ? groupNamesOf(settings, groupCount) : [];
  // Core's row under the contract's names: scoresFor/scoresAgainst are scoreFor/scoreAgainst, plus the display name
  // and the group's name (R23.2).
  // Built field by field (in the order a spread of core's row gave), not with a rest/spread per row: thousands of
  // rows in a large Swiss.
  return ranked.map((row) => ({
    participantId: row.participantId,
    seed: row.seed,
    rank: row.rank,
    tiedWithPrevious: row.tiedWithPrevious,
    group: row.group,
    played: row.played,
    wins: row.wins,
    draws: row.draws,
    losses: row.losses,
    byes: row.byes,
    points: row.points,
    scoreDifference: row.scoreDifference,
    status: row.status,
    groupName: row.group === null ? null : (groupNames[row.group - 1] ?? null),
    name: sides.get(row.participantId)?.name ?? '',
    scoreFor: row.scoresFor,
    scoreAgainst: row.scoresAgainst,
    tiebreaks: { ...row.tiebreaks } as Record<string, number>,
  }));
}

/** The matches columns the bracket reads: the bracket form of a match (match-mapper `toBracketMatch`) and core results. */
const BRACKET_MATCH_COLUMNS = [
  'id',
  'stage_id',
  'key',
  'bracket',
  'group_number',
  'group_name',
  'round',
  'number',
  'status',
  'participant1_id',
  'participant2_id',
  'score1',
  'score2',
  'winner_id',
  'loser_id',
  'is_draw',
  'result_type',
  'next_winner_match_id',
  'next_winner_slot',
  'next_loser_match_id',
  'next_loser_slot',
  'decider',
  'scheduled_at',
] as const;

/**
 * The bracket of a started tournament (R5.15): per stage its rounds (bracket, round, display name from core)
 * with its matches in their bracket form (`BracketMatch`: sides with stage seeds, scores, advancement paths; the
 * match resource has the rest), the standings of round-robin,
 * Swiss and group stages, and the tournament placements known so far (participants eliminated from the last
 * stage or knocked out of an earlier one; everyone once the tournament is COMPLETED), best first.
 */
export async function readBracket(db: Db, tournament: TournamentRow): Promise<Bracket> {
  // Four queries whatever the number of stages and matches: sides, stage seeds, best-of and standings come from them.
  const [stageRows, matchRows, people, seeds] = await Promise.all([
    findStageRows(db, tournament.id),
    db.selectFrom('matches').select(BRACKET_MATCH_COLUMNS).where('tournament_id', '=', tournament.id).orderBy('round').orderBy('number').execute(),
    db
      .selectFrom('participants')
      .select(['id', 'name', 'seed', 'final_placement', 'placement_range'])
      .where('tournament_id', '=', tournament.id)
      .execute(),
    db.selectFrom('stage_entrants').select(['stage_id', 'participant_id', 'seed']).where('tournament_id', '=', tournament.id).execute(),
  ]);
  // Per stage: each participant's name and seed in that stage (its stage seed, else its tournament seed, as toMatch
  // gives them), so mapping a match looks its sides up without building a key per side.
  const tournamentSides = new Map<string, SideInfo>(people.map((p) => [p.id, { name: p.name, seed: p.seed }]));
  const stageSeeds = new Map<string, Map<string, number>>();
  for (const e of seeds) {
    let own = stageSeeds.get(e.stage_id);
    if (own === undefined) {
      own = new Map();
      stageSeeds.set(e.stage_id, own);
    }
    own.set(e.participant_id, e.seed);
  }
  const stages = new Map(
    stageRows.map((s) => {
      const own = stageSeeds.get(s.id);
      let sides = tournamentSides;
      if (own !== undefined) {
        sides = new Map<string, SideInfo>();
        for (const p of people) sides.set(p.id, { name: p.name, seed: own.get(p.id) ?? p.seed });
      }
      // Best-of by bracket and round (R25.1), computed once per round rather than per match.
      return [s.id, { settings: parseStageSettings(s.settings ?? '{}') as BestOfSettings, sides, bestOfs: new Map<string, number>() }];
    }),
  );
  const byStage = new Map<string, { matches: BracketMatch[]; rows: StageResultRow[] }>();
  for (const r of matchRows) {
    const stage = stages.get(r.stage_id);
    const roundKey = `${r.bracket}:${r.round}`;
    let bestOf = stage?.bestOfs.get(roundKey);
    if (bestOf === undefined) {
      bestOf = bestOfFor(stage?.settings ?? {}, r.round, r.bracket as BracketKind);
      stage?.bestOfs.set(roundKey, bestOf);
    }
    let list = byStage.get(r.stage_id);
    if (list === undefined) {
      list = { matches: [], rows: [] };
      byStage.set(r.stage_id, list);
    }
    list.matches.push(toBracketMatch(r, { sides: stage?.sides ?? tournamentSides, bestOf }));
    list.rows.push(r);
  }
  const entrantsBy = new Map<string, Entrant[]>();
  for (const s of seeds) {
    const list = entrantsBy.get(s.stage_id) ?? [];
    list.push({ id: s.participant_id, seed: s.seed });
    entrantsBy.set(s.stage_id, list);
  }
  for (const list of entrantsBy.values()) list.sort((a, b) => a.seed - b.seed);
  const out: BracketStage[] = [];
  for (const s of stageRows) {
    const own = byStage.get(s.id);
    out.push({
      stage: toStage(s),
      rounds: roundsOf(own?.matches ?? [], s.format as StageFormat, effectiveSettings(s.format, s.settings)),
      standings: standingsOf(s, entrantsBy.get(s.id) ?? [], own?.rows ?? [], tournamentSides),
    });
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
  return { tournamentId: tournament.id, status: tournament.status as Bracket['status'], stages: out, placements };
}
