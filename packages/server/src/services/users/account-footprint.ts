import type { Db } from '../../db/db';

/**
 * What an account is part of beyond its own rows (R14.8): the rows whose parents a deletion locks before deciding,
 * each list sorted and without repeats.
 */
export interface AccountFootprint {
  /** Organizations the account is staff of. */
  organizationIds: string[];
  /** Tournaments the account has an entry in: registered itself, as a team member, or added by an organizer. */
  tournamentIds: string[];
  /** Circuits where the account has a standings line (a solo competitor `user:<id>`, core competitorKey). */
  circuitIds: string[];
}

const sortedUnique = (ids: Iterable<string>): string[] => [...new Set(ids)].sort();

/**
 * Reads the footprint of `userId` through `db` (the deleting transaction): its staff memberships, its entries
 * (participant_members rows, and participants naming it as their user), and the circuits whose standings name it
 * (through the `circuit_standings (user_id, circuit_id)` index; every award of a solo competitor has its line there).
 */
export async function readAccountFootprint(db: Db, userId: string): Promise<AccountFootprint> {
  const [memberships, members, captains, standings] = await Promise.all([
    db.selectFrom('organization_members').select('organization_id').where('user_id', '=', userId).execute(),
    db.selectFrom('participant_members').select('tournament_id').where('user_id', '=', userId).execute(),
    db.selectFrom('participants').select('tournament_id').where('user_id', '=', userId).execute(),
    db.selectFrom('circuit_standings').select('circuit_id').where('user_id', '=', userId).execute(),
  ]);
  return {
    organizationIds: sortedUnique(memberships.map((m) => m.organization_id)),
    tournamentIds: sortedUnique([...members, ...captains].map((p) => p.tournament_id)),
    circuitIds: sortedUnique(standings.map((s) => s.circuit_id)),
  };
}

/** Whether every organization, tournament and circuit of `now` is one of `locked` (read before taking their locks). */
export function footprintCovered(locked: AccountFootprint, now: AccountFootprint): boolean {
  const within = (ids: readonly string[], of: readonly string[]) => ids.every((id) => of.includes(id));
  return (
    within(now.organizationIds, locked.organizationIds) &&
    within(now.tournamentIds, locked.tournamentIds) &&
    within(now.circuitIds, locked.circuitIds)
  );
}
