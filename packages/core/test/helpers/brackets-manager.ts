/** A side of a brackets-manager match as stored (the fields read here): the participant id and its result. */
export interface BmOpponent {
  id: number | null;
  /** `win`, `loss` or `draw` once decided. */
  result?: string;
}

/** A brackets-manager match as stored (the fields read here); `status` is its Status enum (2 ready to play). */
export interface BmMatch {
  id: number;
  group_id: number;
  round_id: number;
  number: number;
  status: number;
  opponent1: BmOpponent | null;
  opponent2: BmOpponent | null;
}
