import { nameClash, type HeldNames } from '../participants/participant-names';

/** The words every deleted player's entry is named with, before its suffix (R14.8). */
export const DELETED_PLAYER = 'Deleted player';

/**
 * The names a solo entry whose account was deleted may take, in order (R14.8): `Deleted player ` and the last 6 hex
 * digits of the participant id (random in a UUID v7), then the last 12, then all 32, then all 32 with ` 2`, ` 3` ...
 * Derived from the participant, never from the account: nothing of the player is in it, and the same entry keeps the
 * same name wherever it is shown (results, circuit awards).
 */
export function* deletedPlayerNames(participantId: string): Generator<string> {
  const hex = participantId.replace(/-/g, '').toLowerCase();
  for (const digits of [6, 12, 32]) yield `${DELETED_PLAYER} ${hex.slice(-digits)}`;
  for (let n = 2; ; n++) yield `${DELETED_PLAYER} ${hex} ${n}`;
}

/**
 * The first of {@link deletedPlayerNames} that no other participant of the tournament holds as its name or team name
 * (`held`: the tournament's names without this entry's own, read under the tournament's lock; R6.2, R24.1).
 */
export function freeDeletedPlayerName(held: HeldNames, participantId: string): string {
  for (const name of deletedPlayerNames(participantId)) {
    if (nameClash(held, name) === undefined) return name;
  }
  throw new Error('unreachable: the numbered names never run out');
}
