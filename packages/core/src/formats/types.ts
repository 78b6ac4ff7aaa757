/** Which bracket of a stage a match belongs to (contract `Match.bracket`). */
export type BracketKind = 'WINNERS' | 'LOSERS' | 'GRAND_FINAL' | 'THIRD_PLACE' | 'ROUND_ROBIN' | 'SWISS' | 'GROUP' | 'CONSOLATION';

/** Stage format (contract `Stage.format`). */
export type StageFormat = 'SINGLE_ELIMINATION' | 'DOUBLE_ELIMINATION' | 'ROUND_ROBIN' | 'SWISS' | 'GROUPS' | 'STEPLADDER';

/** A participant entering a stage: `seed` is its rank (1 = strongest); seeds are unique positive integers. */
export interface Entrant {
  id: string;
  seed: number;
}

/** Slot 1 or 2 of a match (`participants[0]` / `participants[1]`). */
export type MatchSlot = 1 | 2;

/** Where a match's winner or loser goes: the `key` of the next match and the slot there. */
export interface GeneratedSlotRef {
  key: string;
  slot: MatchSlot;
}

/** A match produced by bracket generation, before persistence (the server turns keys into ids). */
export interface GeneratedMatch {
  /** Stable key within the stage, e.g. "W-r2-n3" or "TP". */
  key: string;
  bracket: BracketKind;
  /** 1-based round within its bracket. */
  round: number;
  /** 1-based position within the round (positions emptied by byes keep their number). */
  number: number;
  /** Participant ids known at generation (round-1 pairs, bye-advanced seeds); null = decided later. */
  participants: [string | null, string | null];
  next: { winner: GeneratedSlotRef | null; loser: GeneratedSlotRef | null };
}

/** A generated stage: its matches in play order (round by round, position by position). */
export interface GeneratedStage {
  format: StageFormat;
  /** Number of entrants N. */
  entrantCount: number;
  /** Bracket size P (next power of two >= N). */
  bracketSize: number;
  /** Rounds of the winners bracket (log2 P; log2(P / A) for a single elimination stopping with A left unbeaten, R7.20). */
  totalRounds: number;
  /** Whether a third-place match was generated. */
  thirdPlaceMatch: boolean;
  /** Entrants sorted by seed (rank 1..N). */
  entrants: Entrant[];
  /** Ids of the entrants advanced to round 2 by a bye, best seed first. */
  byes: string[];
  matches: GeneratedMatch[];
  /** Single elimination with a full consolation bracket only: the match side reaching each distinct place (R27.9). */
  consolationPlaces?: { key: string; side: 'winner' | 'loser'; place: number }[];
}
