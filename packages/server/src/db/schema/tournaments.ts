/** Row types of the tournament tables: tournaments, stages, participants, participant_members, stage_entrants. */

/** A tournament (R5.4); status DRAFT ... COMPLETED (R5.8). */
export interface TournamentsTable {
  id: string;
  project_id: string;
  name: string;
  description: string | null;
  discipline_id: string;
  status: string;
  max_participants: number;
  team_size: number;
  start_date: string;
  registration_opens_at: string | null;
  registration_closes_at: string | null;
  check_in_required: number;
  check_in_opens_minutes_before: number;
  /** Entries that may wait for a place once max_participants hold one; 0: no waitlist (R6.14). */
  waitlist_capacity: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  started_at: string | null;
  completed_at: string | null;
}

/** A stage of a tournament, run in `number` order; settings is JSON (StageSettings). */
export interface StagesTable {
  id: string;
  tournament_id: string;
  number: number;
  name: string;
  format: string;
  status: string;
  settings: string;
  /** Explicit draw of a group stage (R23.3): JSON array of groups of participant ids, or null. */
  group_draw: string | null;
  created_at: string;
}

/** A participant: one user, or a team (team_name set, members in participant_members). */
export interface ParticipantsTable {
  id: string;
  tournament_id: string;
  /** The registering user (the captain for teams). */
  user_id: string | null;
  name: string;
  seed: number | null;
  /** Rating (R27.10), null when unrated. */
  rating: number | null;
  status: string;
  team_name: string | null;
  registered_at: string;
  checked_in_at: string | null;
  final_placement: number | null;
  placement_range: string | null;
  /**
   * Place in the tournament's waitlist line, given under the tournament's lock when the entry joins it (1, 2, ... in
   * the order the entries were written; kept after a promotion); null for an entry that never waited (R6.14).
   */
  waitlist_order: number | null;
}

/** Users acting for a participant (the user itself for solo entries; every team member for teams). */
export interface ParticipantMembersTable {
  participant_id: string;
  tournament_id: string;
  user_id: string;
}

/** A participant entering a stage, with its seed in that stage (1..N; stage 1: the tournament seed). */
export interface StageEntrantsTable {
  stage_id: string;
  tournament_id: string;
  participant_id: string;
  seed: number;
}
