/** A participant's final placement in a stage: `placementRange` is "1", "3-4", "9-13", ... */
export interface Placement {
  participantId: string;
  /** Best placement of the range (shared places take the lower number, e.g. 3 for "3-4"). */
  placement: number;
  placementRange: string;
}

/** Outcome of one match, keyed like the generated match ("W-r2-n3", "TP"); nulls = not decided yet. */
export interface MatchOutcome {
  key: string;
  winnerId: string | null;
  loserId: string | null;
}
