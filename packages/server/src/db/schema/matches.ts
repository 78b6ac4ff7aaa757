/** Row types of the match tables: matches, match_history, idempotency_keys. */

/** A match between two sides (R8.12), with its place in the bracket and its advancement path. */
export interface MatchesTable {
  id: string;
  tournament_id: string;
  stage_id: string;
  /** Stable key from the generator (e.g. "W-r2-n3"), unique per stage. */
  key: string;
  bracket: string;
  group_number: number | null;
  /** The group's name (R23.2); null outside group stages and in rows written before names existed. */
  group_name: string | null;
  round: number;
  number: number;
  status: string;
  participant1_id: string | null;
  participant2_id: string | null;
  score1: number | null;
  score2: number | null;
  winner_id: string | null;
  loser_id: string | null;
  is_draw: number;
  result_type: string | null;
  next_winner_match_id: string | null;
  next_winner_slot: number | null;
  next_loser_match_id: string | null;
  next_loser_slot: number | null;
  /** 1-based slot in the stage's play order (a match is played after every match feeding it); null only before migration 0002. */
  play_round: number | null;
  /** JSON ReportedResult while a report awaits confirmation (and kept after). */
  reported_result: string | null;
  /** JSON per-game scores of the decided result, `[{ scores: [a, b], map? }]` in slot order (R25.2); null when none. */
  games: string | null;
  /** JSON decider of a drawn score, `{ kind, scores: [a, b] }` (R25.4); null when none. */
  decider: string | null;
  scheduled_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  /** Incremented on every write; writes check it to make concurrent transitions fail cleanly. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** One entry of a match's history (report, confirmation, dispute, correction ...); data is JSON. */
export interface MatchHistoryTable {
  id: string;
  match_id: string;
  type: string;
  actor_user_id: string | null;
  at: string;
  data: string;
}

/**
 * The first answer of a match write sent with an Idempotency-Key (migration 0003), per user, operation and key;
 * `request_hash` is the SHA-256 of the request, `response_body` the JSON answer, `expires_at` 24 h after creation.
 */
export interface IdempotencyKeysTable {
  user_id: string;
  operation: string;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: string;
  created_at: string;
  expires_at: string;
}
