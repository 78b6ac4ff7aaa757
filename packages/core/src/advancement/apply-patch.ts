import { isFinalMatchStatus } from '../matches/match-state';
import type { AdvancementPatch, BracketMatch, SideChange } from './types';

function withSide(participants: BracketMatch['participants'], side: SideChange | null): [string | null, string | null] {
  const out: [string | null, string | null] = [participants[0], participants[1]];
  if (side !== null) out[side.slot - 1] = side.participantId;
  return out;
}

/**
 * The match after one patch (see `AdvancementPatch`); `match` must be the patch's target. Pure: returns a new
 * object. SET_SIDE changes one side; REOPEN makes the match SCHEDULED without result type (and sets the side
 * if any); RESET makes it SCHEDULED with the side and no winner, loser or result type; CLOSE_NOT_NEEDED makes a
 * match that is not final COMPLETED with resultType NOT_NEEDED (a final one is returned unchanged).
 */
export function applyAdvancementPatch(match: BracketMatch, patch: AdvancementPatch): BracketMatch {
  switch (patch.type) {
    case 'SET_SIDE':
      return { ...match, participants: withSide(match.participants, patch.side) };
    case 'REOPEN':
      return { ...match, participants: withSide(match.participants, patch.side), status: 'SCHEDULED', resultType: null };
    case 'RESET':
      return { ...match, participants: withSide(match.participants, patch.side), status: 'SCHEDULED', winnerId: null, loserId: null, resultType: null };
    case 'CLOSE_NOT_NEEDED':
      return isFinalMatchStatus(match.status) ? match : { ...match, status: 'COMPLETED', resultType: 'NOT_NEEDED' };
    default: {
      const unknown: never = patch;
      throw new Error(`unknown advancement patch ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Applies patches in order to a stage's matches (by id) and returns the new map; the input is not changed.
 * @throws Error when a patch names a match not in `matches`.
 */
export function applyAdvancementPatches(matches: ReadonlyMap<string, BracketMatch>, patches: readonly AdvancementPatch[]): Map<string, BracketMatch> {
  const out = new Map(matches);
  for (const patch of patches) {
    const target = out.get(patch.matchId);
    if (target === undefined) throw new Error(`advancement target match ${patch.matchId} is missing`);
    out.set(patch.matchId, applyAdvancementPatch(target, patch));
  }
  return out;
}
