import { isBlankName } from '../stored-name';
import type { Db } from '../../db/db';
import type { TournamentRow } from '../../db/rows';
import { PLACE_HOLDING_STATUSES } from './participant-status';
import { holdNames, nameClash, nameKey, readHeldNames, type HeldNames } from './participant-names';

/**
 * One participant an organizer adds (addParticipant or a row of importParticipants, R24.1 to R24.4), as given:
 * every text trimmed, an empty text the same as absent. `memberUsernames` and `teamName` only in team tournaments.
 */
export interface EntryInput {
  name?: string;
  username?: string;
  memberUsernames?: readonly string[];
  teamName?: string;
  seed?: number | null;
  /** Rating from 0 to 1,000,000 (R27.10), null or absent when unrated. */
  rating?: number | null;
}

/** Where each field of an entry came from, for error details: `body.name`, `csv.row[3].seed` ... */
export interface EntryPaths {
  name: string;
  username: string;
  team: string;
  seed: string;
  rating: string;
  /** The team's name (`body.team.name`, `csv.row[3].team`): where a team name taken by another participant is named. */
  teamName: string;
  /** The entry as a whole (an over-capacity row). */
  entry: string;
}

/** An entry resolved against the users and the tournament: ready to insert. */
export interface RosterEntry {
  name: string;
  /** The linked user (the captain for a team), null for an entry without an account. */
  userId: string | null;
  /** Every linked user (participant_members rows). */
  memberIds: string[];
  teamName: string | null;
  seed: number | null;
  rating: number | null;
  /**
   * The name to use instead when `name` is taken: the user's username when `name` is her display name (no name
   * given), as participateInTournament does (R6.1); undefined otherwise.
   */
  fallbackName?: string;
}

/**
 * What is wrong with an entry: the field (its path) and why. `kind` tells a shape problem (`invalid`) from a
 * clash with the tournament as it is (`conflict`: a name or seed already taken; `registered`: a user already in it;
 * `full`: no place left), which addParticipant answers with 409 codes and importParticipants with 400.
 */
export interface RosterIssue {
  path: string;
  message: string;
  kind: 'invalid' | 'conflict' | 'registered' | 'full';
}

/** The tournament's participants as they are, read under its lock (lockTournamentPlaces). */
interface RosterState {
  names: HeldNames;
  seeds: Map<number, string>;
  userIds: Set<string>;
  /** Users of entries waiting on the waitlist (R6.14): named as waitlisted when entered again. */
  waitingUserIds: Set<string>;
  placesTaken: number;
}

async function readRosterState(db: Db, tournamentId: string): Promise<RosterState> {
  const [rows, members, names] = await Promise.all([
    db.selectFrom('participants').select(['name', 'seed', 'status']).where('tournament_id', '=', tournamentId).execute(),
    db
      .selectFrom('participant_members as pm')
      .innerJoin('participants as p', 'p.id', 'pm.participant_id')
      .select(['pm.user_id', 'p.status'])
      .where('pm.tournament_id', '=', tournamentId)
      .execute(),
    readHeldNames(db, tournamentId),
  ]);
  const seeds = new Map<number, string>();
  let placesTaken = 0;
  for (const r of rows) {
    if (r.seed !== null) seeds.set(r.seed, r.name);
    if ((PLACE_HOLDING_STATUSES as readonly string[]).includes(r.status)) placesTaken++;
  }
  const waitingUserIds = new Set(members.filter((m) => m.status === 'WAITLISTED').map((m) => m.user_id));
  return { names, seeds, userIds: new Set(members.map((m) => m.user_id)), waitingUserIds, placesTaken };
}

interface UserRef {
  id: string;
  username: string;
  displayName: string | null;
}

/** Users by lower-case username, one query (in chunks of 500 names). */
async function findUsers(db: Db, usernames: readonly string[]): Promise<Map<string, UserRef>> {
  const wanted = [...new Set(usernames.map((u) => u.toLowerCase()))];
  const out = new Map<string, UserRef>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'username_lower', 'display_name'])
      .where('username_lower', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.username_lower, { id: r.id, username: r.username, displayName: r.display_name });
  }
  return out;
}

/** A name trimmed, or undefined when nothing visible is left (spaces, zero-width or bidi controls only: R5.2). */
function visibleName(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || isBlankName(trimmed) ? undefined : trimmed;
}

/** Resolves one entry's shape and users; pushes its issues and returns the entry when it has none. */
function resolveOne(t: TournamentRow, input: EntryInput, paths: EntryPaths, users: Map<string, UserRef>, issues: RosterIssue[]): RosterEntry | null {
  const before = issues.length;
  const invalid = (path: string, message: string) => issues.push({ path, message, kind: 'invalid' });
  const name = visibleName(input.name);
  const username = input.username?.trim() || undefined;
  const teamName = visibleName(input.teamName);
  const lookup = (u: string): UserRef | undefined => {
    const user = users.get(u.toLowerCase());
    if (!user) invalid(paths.username, `unknown username "${u}"`);
    return user;
  };
  if (input.seed !== undefined && input.seed !== null && (!Number.isInteger(input.seed) || input.seed < 1)) {
    invalid(paths.seed, `must be a whole number from 1 (got ${input.seed})`);
  }
  if (name !== undefined && name.length > 80) invalid(paths.name, 'must be at most 80 characters');
  const seed = input.seed ?? null;
  const rating = input.rating ?? null;
  if (rating !== null && (!Number.isFinite(rating) || rating < 0 || rating > 1_000_000)) invalid(paths.rating, `must be a number from 0 to 1000000 (got ${rating})`);
  if (t.team_size === 1) {
    if (teamName !== undefined || input.memberUsernames !== undefined) invalid(paths.team, 'is only accepted by team tournaments (teamSize > 1)');
    if (username === undefined) {
      if (name === undefined) invalid(paths.name, 'is required without a username');
      return issues.length > before ? null : { name: name as string, userId: null, memberIds: [], teamName: null, seed, rating };
    }
    const user = lookup(username);
    if (!user || issues.length > before) return null;
    // A display name stored blank before display names were trimmed (R14.7) names no one: the username does.
    const shown = user.displayName?.trim() || undefined;
    const fallback = name === undefined && shown !== undefined ? { fallbackName: user.username } : {};
    return { name: name ?? shown ?? user.username, userId: user.id, memberIds: [user.id], teamName: null, seed, rating, ...fallback };
  }
  if (teamName === undefined) {
    invalid(paths.team, `is required: this tournament is played by teams of ${t.team_size}`);
    return null;
  }
  if (teamName.length > 80) invalid(paths.team, 'must be at most 80 characters');
  const members = (input.memberUsernames ?? []).map((u) => u.trim()).filter((u) => u !== '');
  if (members.length > 0 && members.length !== t.team_size) {
    invalid(paths.username, `must list none or exactly ${t.team_size} usernames (teamSize), got ${members.length}`);
  }
  if (new Set(members.map((m) => m.toLowerCase())).size !== members.length) invalid(paths.username, 'must not list a user twice');
  const found = members.map(lookup);
  if (issues.length > before) return null;
  const ids = found.map((u) => (u as UserRef).id);
  return { name: name ?? teamName, userId: ids[0] ?? null, memberIds: ids, teamName, seed, rating };
}

/**
 * Checks an entry's names against those held (R24.1, R9.15): its name (`paths.name`) and its team name
 * (`paths.teamName`; once when both are the same name) must each be free, trimmed and in any case. A user's entry
 * named after her display name takes her username instead when the display name is held (`entry.name` changes).
 */
function nameIssues(held: HeldNames, entry: RosterEntry, paths: EntryPaths): RosterIssue[] {
  const issues: RosterIssue[] = [];
  if (entry.fallbackName !== undefined && nameClash(held, entry.name) !== undefined && nameClash(held, entry.fallbackName) === undefined) {
    entry.name = entry.fallbackName;
  }
  const sameAsTeam = entry.teamName !== null && nameKey(entry.teamName) === nameKey(entry.name);
  const nameTaken = sameAsTeam ? undefined : nameClash(held, entry.name);
  if (nameTaken !== undefined) issues.push({ path: paths.name, message: nameTaken, kind: 'conflict' });
  const teamTaken = entry.teamName === null ? undefined : nameClash(held, entry.teamName);
  if (teamTaken !== undefined) issues.push({ path: paths.teamName, message: teamTaken, kind: 'conflict' });
  return issues;
}

/**
 * Resolves organizer entries against the users and the tournament as it is (call it under lockTournamentPlaces, in
 * the transaction that then inserts them, R24.1 to R24.4): each entry's shape (a name, or a username of an existing
 * user; a team and none or teamSize members in team tournaments; a seed from 1), then, in order, clashes with the
 * tournament and with the entries before it: a name or team name already used as another's name or team name
 * (trimmed, case-insensitive; nameIssues), a seed already held, a user already in the tournament, and places
 * (maxParticipants; the first entry beyond them is named). Returns the entries, or every issue found (in entry
 * order) and no entries.
 */
export async function resolveEntries(
  db: Db,
  t: TournamentRow,
  inputs: readonly { input: EntryInput; paths: EntryPaths }[],
): Promise<{ entries: RosterEntry[]; issues: RosterIssue[] }> {
  const usernames = inputs.flatMap(({ input }) => [...(input.username ? [input.username.trim()] : []), ...(input.memberUsernames ?? [])]);
  const [users, state] = await Promise.all([findUsers(db, usernames.filter((u) => u !== '')), readRosterState(db, t.id)]);
  const issues: RosterIssue[] = [];
  const entries: RosterEntry[] = [];
  let places = state.placesTaken;
  for (const { input, paths } of inputs) {
    const entry = resolveOne(t, input, paths, users, issues);
    if (entry === null) continue;
    for (const issue of nameIssues(state.names, entry, paths)) issues.push(issue);
    holdNames(state.names, entry.name, entry.teamName);
    if (entry.seed !== null) {
      const holder = state.seeds.get(entry.seed);
      if (holder !== undefined) issues.push({ path: paths.seed, message: `seed ${entry.seed} is already held by ${holder}`, kind: 'conflict' });
      else state.seeds.set(entry.seed, entry.name);
    }
    const taken = entry.memberIds.filter((id) => state.userIds.has(id));
    if (taken.length > 0) {
      const who = taken.map((id) => `${[...users.values()].find((u) => u.id === id)?.username ?? id}${state.waitingUserIds.has(id) ? ' (waitlisted)' : ''}`);
      issues.push({ path: paths.username, message: `already registered in this tournament: ${who.join(', ')}`, kind: 'registered' });
    }
    for (const id of entry.memberIds) state.userIds.add(id);
    places++;
    if (places > t.max_participants) {
      issues.push({ path: paths.entry, message: `no place left: the tournament takes ${t.max_participants} participants`, kind: 'full' });
    }
    entries.push(entry);
  }
  return issues.length > 0 ? { entries: [], issues } : { entries, issues };
}
