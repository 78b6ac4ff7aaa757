import { roundName, type BracketKind } from '@tourney/core';
import type { Bracket, BracketPlacement, Match } from './api-types';
import { BRACKET_VIEW_RANK } from './play-order';
import { readMatches } from './match-reader';
import { computeStagePlacements } from './stage-placements';
import { toStage, type TournamentRow } from './tournament-mapper';
import { findStageRows, type Db } from './tournament-reader';

type BracketRound = Bracket['stages'][number]['rounds'][number];

function roundsOf(matches: readonly Match[]): BracketRound[] {
  const totalRounds = Math.max(1, ...matches.filter((m) => m.bracket === 'WINNERS').map((m) => m.round));
  const byKey = new Map<string, BracketRound>();
  for (const m of matches) {
    const key = `${m.bracket}:${m.round}`;
    let round = byKey.get(key);
    if (!round) {
      round = { bracket: m.bracket, round: m.round, name: roundName(m.round, totalRounds, m.bracket as BracketKind), matches: [] };
      byKey.set(key, round);
    }
    round.matches.push(m);
  }
  const rounds = [...byKey.values()];
  rounds.sort((a, b) => (BRACKET_VIEW_RANK[a.bracket] ?? 9) - (BRACKET_VIEW_RANK[b.bracket] ?? 9) || a.round - b.round);
  for (const r of rounds) r.matches.sort((a, b) => a.number - b.number);
  return rounds;
}

/**
 * The bracket of a started tournament (spec 4.2): per stage its rounds (bracket, round, display name from core)
 * with full matches (sides, scores, advancement paths, history), and the placements decided so far in the
 * latest started stage (all of them once the tournament is COMPLETED). Four to five queries in all.
 */
export async function readBracket(db: Db, tournament: TournamentRow): Promise<Bracket> {
  const [stageRows, matchRows, names] = await Promise.all([
    findStageRows(db, tournament.id),
    db.selectFrom('matches').selectAll().where('tournament_id', '=', tournament.id).orderBy('round').orderBy('number').execute(),
    db.selectFrom('participants').select(['id', 'name']).where('tournament_id', '=', tournament.id).execute(),
  ]);
  const matches = await readMatches(db, tournament.id, matchRows);
  const byStage = new Map<string, Match[]>();
  for (const m of matches) {
    const list = byStage.get(m.stageId) ?? [];
    list.push(m);
    byStage.set(m.stageId, list);
  }
  const latest = [...stageRows].reverse().find((s) => s.status !== 'PENDING');
  const nameOf = new Map(names.map((p) => [p.id, p.name]));
  const placements: BracketPlacement[] = latest
    ? (await computeStagePlacements(db, latest)).map((p) => ({ ...p, name: nameOf.get(p.participantId) ?? '' }))
    : [];
  return {
    tournamentId: tournament.id,
    status: tournament.status as Bracket['status'],
    stages: stageRows.map((s) => ({ stage: toStage(s), rounds: roundsOf(byStage.get(s.id) ?? []) })),
    placements,
  };
}
