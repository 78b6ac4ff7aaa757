import type { MatchSlot } from '../formats/types';
import { isGrandFinalResetNeeded } from '../formats/double-elimination';
import { isFinalMatchStatus } from '../matches/match-state';
import { applyAdvancementPatch } from './apply-patch';
import { isFirstGrandFinal } from './grand-final';
import type { AdvancementPatch, BracketMatch, SideChange } from './types';

/** Results decided without play: a Swiss bye, a grand-final reset closed as not needed. */
const AUTOMATIC_RESULTS: readonly (string | null)[] = ['BYE', 'NOT_NEEDED'];

/** True for a match nobody has acted on: SCHEDULED (neither started, reported nor decided). */
export function isUnplayedMatch(match: Pick<BracketMatch, 'status'>): boolean {
  return match.status === 'SCHEDULED';
}

/** True for a match someone acted on or that was decided by play or forfeit (not a bye or an unneeded reset). */
export function isPlayedMatch(match: Pick<BracketMatch, 'status' | 'resultType'>): boolean {
  return !isUnplayedMatch(match) && !AUTOMATIC_RESULTS.includes(match.resultType);
}

/** What a corrected result does to the later matches of an elimination stage. */
export interface CorrectionRewire {
  /** Writes to apply in order (the corrected match itself is not among them). */
  patches: AdvancementPatch[];
  /** Matches whose sides were replaced without a reset (or a reset reopened or closed), in the order reached. */
  rewired: string[];
  /** Matches that had been played and go back to SCHEDULED without result, in the order reached. */
  reset: string[];
}

class Rewire {
  readonly patches: AdvancementPatch[] = [];
  readonly rewired = new Set<string>();
  readonly reset: string[] = [];

  constructor(private readonly rows: Map<string, BracketMatch>) {}

  private row(id: string): BracketMatch {
    const row = this.rows.get(id);
    if (!row) throw new Error(`advancement target match ${id} is missing`);
    return row;
  }

  private emit(patch: AdvancementPatch): void {
    this.patches.push(patch);
    this.rows.set(patch.matchId, applyAdvancementPatch(this.row(patch.matchId), patch));
  }

  advanceCorrected(match: BracketMatch, previousWinnerId: string | null): void {
    if (isFirstGrandFinal(match)) {
      this.regrandFinal(match, previousWinnerId);
      return;
    }
    if (match.next.winner !== null) this.setSide(match.next.winner.matchId, match.next.winner.slot, match.winnerId);
    if (match.next.loser !== null) this.setSide(match.next.loser.matchId, match.next.loser.slot, match.loserId);
  }

  /** A corrected first grand final: fills, reopens or closes the reset according to who won now. */
  private regrandFinal(match: BracketMatch, previousWinnerId: string | null): void {
    const resetId = (match.next.winner as { matchId: string }).matchId;
    const winnerSlot = (match.next.winner as { slot: MatchSlot }).slot;
    const loserSlot = match.next.loser?.slot ?? (winnerSlot === 1 ? 2 : 1);
    const neededAfter = isGrandFinalResetNeeded(match.participants, match.winnerId);
    const neededBefore = isGrandFinalResetNeeded(match.participants, previousWinnerId);
    if (neededAfter) {
      if (this.row(resetId).resultType === 'NOT_NEEDED') this.reopen(resetId);
      this.setSide(resetId, winnerSlot, match.winnerId);
      this.setSide(resetId, loserSlot, match.loserId);
      return;
    }
    if (!neededBefore) return;
    this.setSide(resetId, winnerSlot, null);
    this.setSide(resetId, loserSlot, null);
    this.emit({ type: 'CLOSE_NOT_NEEDED', matchId: resetId });
    this.rewired.add(resetId);
  }

  /** Reopens a reset closed as NOT_NEEDED (no sides: nothing was played). */
  private reopen(resetId: string): void {
    this.emit({ type: 'REOPEN', matchId: resetId, side: null });
    this.rewired.add(resetId);
  }

  /** Puts a participant (null: nobody yet) into a slot: replaced while unplayed, else the match is reset. */
  setSide(matchId: string, slot: MatchSlot, participantId: string | null): void {
    const row = this.row(matchId);
    if (row.participants[slot - 1] === participantId) return;
    const side: SideChange = { slot, participantId };
    if (isUnplayedMatch(row)) {
      this.emit({ type: 'SET_SIDE', matchId, side });
      this.rewired.add(matchId);
      return;
    }
    if (row.resultType === 'NOT_NEEDED') {
      this.emit({ type: 'REOPEN', matchId, side });
      this.rewired.add(matchId);
      return;
    }
    const wasDecided = isFinalMatchStatus(row.status);
    this.emit({ type: 'RESET', matchId, side });
    this.reset.push(matchId);
    if (wasDecided) this.withdrawAdvanced(row);
  }

  /** Takes the winner and loser a decided match had advanced back out of the matches they went to. */
  private withdrawAdvanced(row: BracketMatch): void {
    if (isFirstGrandFinal(row)) {
      const resetId = (row.next.winner as { matchId: string }).matchId;
      if (this.row(resetId).resultType === 'NOT_NEEDED') {
        this.reopen(resetId);
        return;
      }
    }
    if (row.winnerId !== null && row.next.winner !== null) this.setSide(row.next.winner.matchId, row.next.winner.slot, null);
    if (row.loserId !== null && row.next.loser !== null) this.setSide(row.next.loser.matchId, row.next.loser.slot, null);
  }
}

/**
 * Moves corrected participants along the advancement paths of an elimination stage (result correction,
 * correctMatchResult). `matches` holds every match of the stage by id, the corrected one with its new result;
 * `previousWinnerId` is its winner before the correction.
 * - A side of a SCHEDULED match is simply replaced (SET_SIDE, `rewired`).
 * - A match that was started, reported, disputed or decided (walkovers included) is reset to SCHEDULED with the
 *   sides that are now right and no result (RESET, `reset`), and what it had advanced is taken back out of the
 *   matches after it, recursively, in the order reached.
 * - A grand-final reset closed as NOT_NEEDED is reopened when its first match is reset or now needs it, and closed
 *   again when a corrected first grand final no longer does.
 * Pure: `matches` is not changed; apply `patches` in order (`applyAdvancementPatches` gives the result).
 * @throws Error when an advancement path names a match not in `matches` (inconsistent input).
 */
export function rewireCorrectedMatch(
  matches: ReadonlyMap<string, BracketMatch>,
  correctedId: string,
  previousWinnerId: string | null,
): CorrectionRewire {
  const rows = new Map(matches);
  const corrected = rows.get(correctedId);
  if (!corrected) throw new Error(`corrected match ${correctedId} is missing`);
  const rewire = new Rewire(rows);
  rewire.advanceCorrected(corrected, previousWinnerId);
  return { patches: rewire.patches, rewired: [...rewire.rewired], reset: rewire.reset };
}
