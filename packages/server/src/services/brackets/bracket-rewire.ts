import { isGrandFinalResetNeeded } from '@tourney/core';
import { writeEvents } from '../events';
import { appendMatchHistory } from '../matches/match-history';
import type { MatchRow } from '../matches/match-mapper';
import { updateMatchVersioned, type MatchPatch } from '../matches/match-write';
import type { WriteContext } from '../matches/write-context';
import { matchEventIds, resultOf } from '../matches/event-data';

/** Results decided without play: a Swiss bye, a grand-final reset closed as not needed. */
const AUTOMATIC_RESULTS: readonly (string | null)[] = ['BYE', 'NOT_NEEDED'];

/** True for a match nobody has acted on: SCHEDULED (neither started, reported nor decided). */
export function isUnplayed(row: MatchRow): boolean {
  return row.status === 'SCHEDULED';
}

/** True for a match someone acted on or that was decided by play or forfeit (not a bye or an unneeded reset). */
export function isPlayed(row: MatchRow): boolean {
  return !isUnplayed(row) && !AUTOMATIC_RESULTS.includes(row.result_type);
}

/** Why a correction touches other matches: the corrected match, its reason and who corrected it. */
export interface RewireCause {
  correctedMatchId: string;
  reason: string;
  actorUserId: string;
}

/** A grand-final first match whose `next.winner` is the reset (double grand final). */
function isFirstGrandFinal(row: MatchRow): boolean {
  return row.bracket === 'GRAND_FINAL' && row.round === 1 && row.next_winner_match_id !== null;
}

/**
 * Moves corrected participants along the advancement paths of an elimination stage, inside the caller's transaction
 * (issue 4, result correction). `rows` holds every match of the stage by id and is kept equal to what is written.
 * - A side of a SCHEDULED match is simply replaced (`rewired`).
 * - A match that was started, reported, disputed or decided (walkovers included) is reset to SCHEDULED with the
 *   sides that are now right and no result (history RESET, event `match.reset`), and what it had advanced is taken
 *   back out of the matches after it, recursively (`reset`, in the order reached).
 * - A grand-final reset closed as NOT_NEEDED is reopened when its first match is reset or now needs it, and closed
 *   again when a corrected first match no longer does.
 * Resets are performed even when the caller will refuse the correction: it rolls the transaction back.
 */
export class BracketRewire {
  readonly rewired = new Set<string>();
  readonly reset: MatchRow[] = [];

  constructor(
    private readonly ctx: WriteContext,
    private readonly rows: Map<string, MatchRow>,
    private readonly cause: RewireCause,
  ) {}

  /** Matches whose sides changed (rewired or reset), for the walkover check afterwards. */
  touched(): string[] {
    return [...new Set([...this.rewired, ...this.reset.map((r) => r.id)])];
  }

  private row(id: string): MatchRow {
    const row = this.rows.get(id);
    if (!row) throw new Error(`advancement target match ${id} is missing`);
    return row;
  }

  private async write(row: MatchRow, patch: MatchPatch): Promise<MatchRow> {
    const updated = await updateMatchVersioned(this.ctx.db, row, patch, this.ctx.now);
    this.rows.set(updated.id, updated);
    return updated;
  }

  /**
   * The corrected match `match` (already written with its new result) now sends `winnerId` along `next.winner` and
   * `loserId` along `next.loser`; `previousWinnerId` is the winner before the correction.
   */
  async advanceCorrected(match: MatchRow, previousWinnerId: string | null): Promise<void> {
    if (isFirstGrandFinal(match)) {
      await this.regrandFinal(match, previousWinnerId);
      return;
    }
    if (match.next_winner_match_id !== null && match.next_winner_slot !== null) {
      await this.setSide(match.next_winner_match_id, match.next_winner_slot, match.winner_id);
    }
    if (match.next_loser_match_id !== null && match.next_loser_slot !== null) {
      await this.setSide(match.next_loser_match_id, match.next_loser_slot, match.loser_id);
    }
  }

  /** A corrected first grand final: fills, reopens or closes the reset according to who won now. */
  private async regrandFinal(match: MatchRow, previousWinnerId: string | null): Promise<void> {
    const sides: [string | null, string | null] = [match.participant1_id, match.participant2_id];
    const resetId = match.next_winner_match_id as string;
    const neededAfter = isGrandFinalResetNeeded(sides, match.winner_id);
    const neededBefore = isGrandFinalResetNeeded(sides, previousWinnerId);
    if (neededAfter) {
      const reset = this.row(resetId);
      if (reset.result_type === 'NOT_NEEDED') await this.reopen(reset);
      await this.setSide(resetId, match.next_winner_slot as number, match.winner_id);
      await this.setSide(resetId, match.next_loser_slot as number, match.loser_id);
      return;
    }
    if (!neededBefore) return;
    await this.setSide(resetId, match.next_winner_slot as number, null);
    await this.setSide(resetId, match.next_loser_slot as number, null);
    const reset = this.row(resetId);
    await this.write(reset, { status: 'COMPLETED', result_type: 'NOT_NEEDED', completed_at: this.ctx.now });
    this.rewired.add(resetId);
  }

  /** Reopens a reset closed as NOT_NEEDED (no sides, no history: nothing was played). */
  private async reopen(reset: MatchRow): Promise<void> {
    await this.write(reset, { status: 'SCHEDULED', result_type: null, completed_at: null });
    this.rewired.add(reset.id);
  }

  /**
   * Puts `participantId` (null: nobody yet) into `slot` of a match: a plain replacement while it is SCHEDULED,
   * otherwise a reset of the match (and of what it advanced).
   */
  async setSide(matchId: string, slot: number, participantId: string | null): Promise<void> {
    const row = this.row(matchId);
    const current = slot === 1 ? row.participant1_id : row.participant2_id;
    if (current === participantId) return;
    const side: MatchPatch = slot === 1 ? { participant1_id: participantId } : { participant2_id: participantId };
    if (isUnplayed(row)) {
      await this.write(row, side);
      this.rewired.add(row.id);
      return;
    }
    if (row.result_type === 'NOT_NEEDED') {
      await this.write(row, { ...side, status: 'SCHEDULED', result_type: null, completed_at: null });
      this.rewired.add(row.id);
      return;
    }
    await this.resetMatch(row, side);
  }

  /** Resets a played match to SCHEDULED with `side` applied and no result, then withdraws what it advanced. */
  private async resetMatch(row: MatchRow, side: MatchPatch): Promise<void> {
    const wasDecided = row.status === 'COMPLETED' || row.status === 'RESOLVED';
    await this.write(row, {
      ...side,
      status: 'SCHEDULED',
      score1: null,
      score2: null,
      winner_id: null,
      loser_id: null,
      is_draw: 0,
      result_type: null,
      reported_result: null,
      started_at: null,
      completed_at: null,
    });
    this.reset.push(row);
    const previous = { status: row.status, ...resultOf(row) };
    await appendMatchHistory(
      this.ctx.db,
      row.id,
      {
        type: 'RESET',
        actorUserId: this.cause.actorUserId,
        data: { correctedMatchId: this.cause.correctedMatchId, reason: this.cause.reason, previous },
      },
      this.ctx.now,
    );
    await writeEvents(this.ctx.db, this.ctx.sink, [
      {
        projectId: this.ctx.tournament.project_id,
        type: 'match.reset',
        subjectId: row.id,
        data: {
          ...matchEventIds(row),
          status: 'SCHEDULED',
          previousStatus: row.status,
          correctedMatchId: this.cause.correctedMatchId,
          reason: this.cause.reason,
        },
      },
    ]);
    if (wasDecided) await this.withdrawAdvanced(row);
  }

  /** Takes the winner and loser a decided match had advanced back out of the matches they went to. */
  private async withdrawAdvanced(row: MatchRow): Promise<void> {
    if (isFirstGrandFinal(row)) {
      const reset = this.row(row.next_winner_match_id as string);
      if (reset.result_type === 'NOT_NEEDED') {
        await this.reopen(reset);
        return;
      }
    }
    if (row.winner_id !== null && row.next_winner_match_id !== null && row.next_winner_slot !== null) {
      await this.setSide(row.next_winner_match_id, row.next_winner_slot, null);
    }
    if (row.loser_id !== null && row.next_loser_match_id !== null && row.next_loser_slot !== null) {
      await this.setSide(row.next_loser_match_id, row.next_loser_slot, null);
    }
  }
}
