import { formatDefinition, generateStage, type BracketKind, type Entrant, type StageFormat, type StageGeneration } from '@tourney/core';
import type { Insertable } from 'kysely';
import type { MatchesTable } from '../../db/schema';
import { newId } from '../../ids';
import { buildMatchRows, type GeneratedStageMatch } from '../brackets/bracket-rows';
import { forfeitedParticipantIds } from '../participants/participant-rows';
import { scheduledAtForRound } from './scheduling';
import { readStageEntrants, writeStageEntrants } from './stage-entrants';
import { readStageResults } from './stage-results';
import { effectiveSettings, matchIntervalOf, parseStageSettings, roundIntervalOf, stageStartOf } from './stage-settings';
import type { WriteContext } from '../matches/write-context';
import type { StageRow } from '../../db/rows';
import { writeEvents } from '../events';

/** A Swiss bye as core reports it: the round's free win. */
interface SwissBye {
  key: string;
  participantId: string;
}

/**
 * Generates a stage in memory with core's `generateStage` from its entrants (seeded 1..N) and its settings with
 * the format's defaults. Pure: nothing is written.
 * @throws DomainError from core (NOT_ENOUGH_PARTICIPANTS, VALIDATION_ERROR naming `settings.<field>`).
 */
export function planStage(stage: StageRow, entrants: readonly Entrant[]): StageGeneration {
  return generateStage(stage.format as StageFormat, entrants, effectiveSettings(stage.format, stage.settings));
}

/**
 * The row of a Swiss bye: a match of `round` numbered after its boards, participants [id, null], COMPLETED at
 * once with resultType BYE and the participant as winner (a free win, R7.10; no report, no event).
 */
function byeRow(ctx: WriteContext, stage: StageRow, round: number, number: number, bye: SwissBye, startDate: string, interval: number): Insertable<MatchesTable> {
  return {
    id: newId(),
    tournament_id: stage.tournament_id,
    stage_id: stage.id,
    key: bye.key,
    bracket: 'SWISS' satisfies BracketKind,
    group_number: null,
    round,
    number,
    status: 'COMPLETED',
    participant1_id: bye.participantId,
    participant2_id: null,
    score1: null,
    score2: null,
    winner_id: bye.participantId,
    loser_id: null,
    is_draw: 0,
    result_type: 'BYE',
    next_winner_match_id: null,
    next_winner_slot: null,
    next_loser_match_id: null,
    next_loser_slot: null,
    play_round: round,
    reported_result: null,
    scheduled_at: scheduledAtForRound(startDate, round, interval),
    started_at: null,
    completed_at: ctx.now,
    version: 0,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
}

/**
 * Inserts the rows of some generated matches (and a Swiss bye) with the dialect's bulk insert (`insertRows`);
 * returns the number of playable matches.
 */
async function insertMatches(
  ctx: WriteContext,
  stage: StageRow,
  matches: readonly GeneratedStageMatch[],
  swiss: { round: number; bye: SwissBye | null } | null,
  startDate: string,
): Promise<number> {
  const settings = parseStageSettings(stage.settings);
  const interval = roundIntervalOf(settings);
  const rows = buildMatchRows(
    { matches },
    { tournamentId: stage.tournament_id, stageId: stage.id, startDate, intervalMinutes: interval, matchIntervalMinutes: matchIntervalOf(settings), now: ctx.now },
  );
  if (swiss?.bye) rows.push(byeRow(ctx, stage, swiss.round, matches.length + 1, swiss.bye, startDate, interval));
  await ctx.dialect.insertRows(ctx.db, 'matches', rows);
  return matches.length;
}

/**
 * Writes a planned stage inside the caller's transaction: its entrants with their stage seeds, its matches
 * (play round 1 is scheduled at the stage's `startsAt` setting, else at `defaultStart`, UTC ISO 8601: R25.6; Swiss:
 * round 1 and its bye), and status ONGOING. Returns the number of matches to play.
 */
export async function writeStage(ctx: WriteContext, stage: StageRow, generated: StageGeneration, defaultStart: string): Promise<number> {
  await writeStageEntrants(ctx.db, stage.tournament_id, stage.id, generated.entrants, ctx.dialect);
  const swiss = generated.format === 'SWISS' ? { round: generated.round.round, bye: generated.round.bye } : null;
  const startDate = stageStartOf(parseStageSettings(stage.settings), defaultStart);
  const count = await insertMatches(ctx, stage, generated.matches, swiss, startDate);
  await ctx.db.updateTable('stages').set({ status: 'ONGOING' }).where('id', '=', stage.id).execute();
  // For live streams (R28.1); not a webhook event type, so never delivered to subscriptions.
  await writeEvents(ctx.db, ctx.sink, [
    { projectId: ctx.tournament.project_id, type: 'stage.started', subjectId: stage.id, data: { tournamentId: stage.tournament_id, stageId: stage.id, stageNumber: stage.number, status: 'ONGOING' } },
  ]);
  return count;
}

/**
 * Pairs the next round of a stage generated round by round (Swiss, R7.10) whose current round is complete,
 * inside the caller's transaction, with the format's `nextRound` in core's registry (Swiss: `generateSwissRound`)
 * over every result so far (byes included); disqualified and withdrawn entrants are no longer paired. The round is
 * scheduled like the stage's first one plus (round - 1) intervals. Returns false when the stage is over (round
 * count reached, or in the esports form fewer than two participants left to pair) or its format has no later rounds.
 */
export async function generateNextRound(ctx: WriteContext, stage: StageRow): Promise<boolean> {
  const { db } = ctx;
  const nextRound = formatDefinition(stage.format).nextRound;
  if (nextRound === null) return false;
  const [entrants, { results }, first] = await Promise.all([
    readStageEntrants(db, stage.id),
    readStageResults(db, stage.id),
    db.selectFrom('matches').select('scheduled_at').where('stage_id', '=', stage.id).where('round', '=', 1).orderBy('scheduled_at').executeTakeFirst(),
  ]);
  const forfeited = await forfeitedParticipantIds(db, stage.tournament_id);
  const withdrawn = entrants.map((e) => e.id).filter((id) => forfeited.has(id));
  const round = nextRound(entrants, results, effectiveSettings(stage.format, stage.settings), { withdrawn });
  if (round === null) return false;
  await insertMatches(ctx, stage, round.matches, { round: round.round, bye: round.bye }, first?.scheduled_at ?? ctx.now);
  return true;
}
