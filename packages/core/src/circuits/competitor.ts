/** What identifies a tournament participant as a circuit competitor (R9.15). */
export interface CompetitorIdentity {
  /** Team name for team entries (teamSize > 1), else null. */
  teamName: string | null;
  /** The registering user for solo entries (null when the account is gone). */
  userId: string | null;
  /** Participant id: identifies the competitor only when neither a team nor a user is known. */
  participantId: string;
}

/**
 * The key under which a participant's results accumulate across tournaments: a team by its name (Unicode NFC,
 * trimmed, case-insensitive: "Night Owls" and "night owls " are one team, and so are "Zoé" typed either way) as
 * `team:<name>`, a solo player by user as
 * `user:<userId>`, and, when the account no longer exists, the participant alone as `participant:<id>`.
 */
export function competitorKey(identity: CompetitorIdentity): string {
  if (identity.teamName !== null && identity.teamName.trim() !== '') return `team:${identity.teamName.normalize('NFC').trim().toLowerCase()}`;
  if (identity.userId !== null) return `user:${identity.userId}`;
  return `participant:${identity.participantId}`;
}
