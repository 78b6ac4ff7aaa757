import { BRACKETS, type GeneratedMatch } from '@tourney/core';
import { BRACKET_PLAY_RANK } from '../matches/play-order';
import type { Insertable } from 'kysely';
import type { MatchesTable } from '../../db/schema';
import { newId } from '../../ids';
import { addMinutes, scheduledAtForRound } from '../stages/scheduling';

/** Where the rows of a generated stage go and when its rounds are played. */
export interface BracketRowsContext {
  tournamentId: string;
  stageId: string;
  /** Start of the stage's first play round, UTC ISO 8601. */
  startDate: string;
  /** Minutes between play rounds. */
  intervalMinutes: number;
  /** Minutes between the matches of one play round (R25.7); 0 or absent: all at the round's time. */
  matchIntervalMinutes?: number;
  /** Creation instant, UTC ISO 8601. */
  now: string;
}

/**
 * The result columns of a match not played yet: no scores, winner, loser, draw, result type, reported result,
 * games and decider (R25.2, R25.4), start or completion (a new match, or one an advancement RESET reopens).
 */
export const UNPLAYED_COLUMNS = {
  score1: null,
  score2: null,
  winner_id: null,
  loser_id: null,
  is_draw: 0,
  result_type: null,
  reported_result: null,
  games: null,
  decider: null,
  started_at: null,
  completed_at: null,
} as const;

/** A generated match, with its group number in a group stage. */
export type GeneratedStageMatch = GeneratedMatch & { group?: number; groupName?: string };

/**
 * Play round of every match (1-based), in core's play order: at least its round in brackets that play in their
 * own round (core `BRACKETS[bracket].playsInOwnRound`: winners and pool brackets, so single elimination plays
 * round r in slot r; a winners bracket whose first rounds were skipped counts from its first round present) and 1
 * elsewhere, and one more than every match feeding it (a
 * losers-bracket round waits for the winners round whose losers drop into it; a grand final for both finals).
 * `matches` must list feeders before the matches they feed, as core's generators do. O(matches).
 */
export function playRounds(matches: readonly GeneratedStageMatch[]): Map<string, number> {
  const slot = new Map<string, number>();
  // A winners bracket without its first round (double elimination skipping winners round 1) starts at slot 1 too.
  const winnersRounds = matches.filter((m) => m.bracket === 'WINNERS').map((m) => m.round);
  const skipped = winnersRounds.length > 0 ? Math.min(...winnersRounds) - 1 : 0;
  for (const m of matches) {
    if (!BRACKETS[m.bracket].playsInOwnRound) slot.set(m.key, 1);
    else slot.set(m.key, m.bracket === 'WINNERS' ? m.round - skipped : m.round);
  }
  for (const m of matches) {
    const own = slot.get(m.key) as number;
    for (const ref of [m.next.winner, m.next.loser]) {
      if (ref === null) continue;
      const target = slot.get(ref.key);
      if (target !== undefined && target < own + 1) slot.set(ref.key, own + 1);
    }
  }
  return slot;
}

/**
 * Position (0-based) of every match within its play round in schedule order (bracket play rank, group, round,
 * number), for the match interval of R25.7. O(m log m).
 */
export function positionsInPlayRound(matches: readonly GeneratedStageMatch[], slots: ReadonlyMap<string, number>): Map<string, number> {
  const ordered = [...matches].sort(
    (x, y) =>
      (slots.get(x.key) ?? 0) - (slots.get(y.key) ?? 0) ||
      (BRACKET_PLAY_RANK[x.bracket] ?? 9) - (BRACKET_PLAY_RANK[y.bracket] ?? 9) ||
      (x.group ?? 0) - (y.group ?? 0) ||
      x.round - y.round ||
      x.number - y.number,
  );
  const positions = new Map<string, number>();
  const next = new Map<number, number>();
  for (const m of ordered) {
    const slot = slots.get(m.key) ?? 0;
    const k = next.get(slot) ?? 0;
    positions.set(m.key, k);
    next.set(slot, k + 1);
  }
  return positions;
}

/**
 * Turns the matches of a generated stage (or of one Swiss round) into matches rows: a new id per match key,
 * advancement keys resolved to those ids (`next_winner_*`, `next_loser_*`), the group number, status SCHEDULED,
 * `play_round` from {@link playRounds} and `scheduled_at` = start + (play round - 1) intervals + k match intervals
 * (k: the match's position in its play round, R25.7). Rows keep core's
 * play order. @throws Error when a match points at a key the stage does not have.
 */
export function buildMatchRows(stage: { matches: readonly GeneratedStageMatch[] }, ctx: BracketRowsContext): Insertable<MatchesTable>[] {
  const ids = new Map<string, string>();
  for (const m of stage.matches) ids.set(m.key, newId());
  const idOf = (key: string): string => {
    const id = ids.get(key);
    if (id === undefined) throw new Error(`generated match points at unknown key ${key}`);
    return id;
  };
  const slots = playRounds(stage.matches);
  const matchInterval = ctx.matchIntervalMinutes ?? 0;
  const positions = matchInterval > 0 ? positionsInPlayRound(stage.matches, slots) : null;
  const roundStarts = new Map<number, string>();
  return stage.matches.map((m) => {
    const playRound = slots.get(m.key) as number;
    let roundAt = roundStarts.get(playRound);
    if (roundAt === undefined) {
      roundAt = scheduledAtForRound(ctx.startDate, playRound, ctx.intervalMinutes);
      roundStarts.set(playRound, roundAt);
    }
    return {
      id: idOf(m.key),
      tournament_id: ctx.tournamentId,
      stage_id: ctx.stageId,
      key: m.key,
      bracket: m.bracket,
      group_number: m.group ?? null,
      group_name: m.groupName ?? null,
      round: m.round,
      number: m.number,
      status: 'SCHEDULED',
      participant1_id: m.participants[0],
      participant2_id: m.participants[1],
      ...UNPLAYED_COLUMNS,
      next_winner_match_id: m.next.winner ? idOf(m.next.winner.key) : null,
      next_winner_slot: m.next.winner?.slot ?? null,
      next_loser_match_id: m.next.loser ? idOf(m.next.loser.key) : null,
      next_loser_slot: m.next.loser?.slot ?? null,
      play_round: playRound,
      scheduled_at: positions ? addMinutes(roundAt, matchInterval * (positions.get(m.key) ?? 0)) : roundAt,
      version: 0,
      created_at: ctx.now,
      updated_at: ctx.now,
    };
  });
}
