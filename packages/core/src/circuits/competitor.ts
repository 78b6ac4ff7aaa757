/** What identifies a tournament participant as a circuit competitor (R9.15). */
export interface CompetitorIdentity {
  /** Team name for team entries (teamSize > 1), else null. */
  teamName: string | null;
  /** The registering user for solo entries (null for a guest without an account, or once the account is gone). */
  userId: string | null;
  /**
   * The entry's name: identifies a solo entry without an account (a guest of a LAN cup, or an entry whose account was
   * deleted, then named `Deleted player <suffix>`). Unique in its tournament, any case (R24.1).
   */
  name?: string | null;
  /** Participant id: identifies the competitor only when neither a team, a user nor a name is known. */
  participantId: string;
}

/**
 * A name as circuits compare it: Unicode NFC (an accented letter typed as one character or as a letter and a
 * combining mark is one letter), trimmed, lower case: "Night Owls", "night owls " and "NIGHT OWLS" are one name.
 */
export function competitorNameKey(name: string): string {
  return name.normalize('NFC').trim().toLowerCase();
}

/**
 * The key under which a participant's results accumulate across tournaments (R9.15): a team by its name as
 * `team:<name>`, a solo player with an account by user as `user:<userId>`, a solo entry without an account by its
 * name as `name:<name>` ("Guest Ann" of two LAN cups is one competitor), names compared by {@link competitorNameKey};
 * and, only when none of these is known (a blank name), the participant alone as `participant:<id>`. A guest and a
 * player with an account are never one competitor, whatever their names.
 */
export function competitorKey(identity: CompetitorIdentity): string {
  if (identity.teamName !== null && identity.teamName.trim() !== '') return `team:${competitorNameKey(identity.teamName)}`;
  if (identity.userId !== null) return `user:${identity.userId}`;
  if (identity.name !== undefined && identity.name !== null && identity.name.trim() !== '') return `name:${competitorNameKey(identity.name)}`;
  return `participant:${identity.participantId}`;
}
