import type { Participant, ParticipantStatus, TeamMember } from '../../contract-types';
import type { Db } from '../../db/db';
import type { ParticipantRow } from '../../db/rows';
import { waitlistPositions } from './waitlist';

/**
 * Maps a participants row to the API `Participant`; `members` are the team's members (ignored for solo entries),
 * `waitlistPosition` a WAITLISTED entry's place in line (R6.14), null otherwise.
 */
export function toParticipant(row: ParticipantRow, members: readonly TeamMember[] = [], waitlistPosition: number | null = null): Participant {
  return {
    id: row.id,
    tournamentId: row.tournament_id,
    userId: row.user_id,
    name: row.name,
    seed: row.seed,
    rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
    status: row.status as ParticipantStatus,
    team: row.team_name === null ? null : { name: row.team_name, members: [...members] },
    registeredAt: row.registered_at,
    checkedInAt: row.checked_in_at,
    finalPlacement: row.final_placement,
    placementRange: row.placement_range,
    waitlistPosition,
  };
}

/**
 * Team members of the given team participants, by participant id: the captain (the registering user) first,
 * then by username. One query; solo participants are skipped by the caller passing only team rows.
 */
export async function loadTeamMembers(db: Db, teamRows: readonly ParticipantRow[]): Promise<Map<string, TeamMember[]>> {
  const out = new Map<string, TeamMember[]>();
  if (teamRows.length === 0) return out;
  const captains = new Map(teamRows.map((r) => [r.id, r.user_id]));
  const rows = await db
    .selectFrom('participant_members as pm')
    .innerJoin('users as u', 'u.id', 'pm.user_id')
    .select(['pm.participant_id', 'pm.user_id', 'u.username'])
    .where('pm.participant_id', 'in', [...captains.keys()])
    .orderBy('u.username_lower')
    .execute();
  for (const r of rows) {
    const list = out.get(r.participant_id) ?? [];
    const member = { userId: r.user_id, username: r.username };
    if (captains.get(r.participant_id) === r.user_id) list.unshift(member);
    else list.push(member);
    out.set(r.participant_id, list);
  }
  return out;
}

/** API `Participant`s of rows, loading team members with one query and, for WAITLISTED rows, their places in line. */
export async function readParticipants(db: Db, rows: readonly ParticipantRow[]): Promise<Participant[]> {
  const members = await loadTeamMembers(db, rows.filter((r) => r.team_name !== null));
  const positions = await waitlistPositions(db, rows);
  return rows.map((r) => toParticipant(r, members.get(r.id), positions.get(r.id) ?? null));
}
