import type { Db } from '../../db/db';

/**
 * The names held in one tournament (R24.1, R6.2, R9.15): every participant's name and team name, each by its key
 * (trimmed, lower case), with a description of its holder for messages. A name and a team name share one space: a
 * team is known by its team name in circuits (core competitorKey), and a bracket shows the participant's name, so
 * neither may be taken twice in any case, by any two participants, whatever their status.
 */
export type HeldNames = Map<string, string>;

/**
 * The key of a name: Unicode NFC (an accented letter typed as one character or as a letter and a combining mark is
 * one letter), trimmed, lower case.
 */
export const nameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase();

/** Records the names of one participant (`name`, and `teamName` when it has one) as held, each by its first holder. */
export function holdNames(held: HeldNames, name: string, teamName: string | null): void {
  if (!held.has(nameKey(name))) held.set(nameKey(name), `a participant's name ("${name}")`);
  if (teamName === null || held.has(nameKey(teamName))) return;
  held.set(nameKey(teamName), `the team name of participant "${name}" ("${teamName}")`);
}

/**
 * The names held in the tournament now: call it under the tournament's lock (lockTournamentPlaces) in the
 * transaction that then writes the new participant, so that two entries sent at once cannot both take a name.
 */
export async function readHeldNames(db: Db, tournamentId: string): Promise<HeldNames> {
  const rows = await db.selectFrom('participants').select(['name', 'team_name']).where('tournament_id', '=', tournamentId).execute();
  const held: HeldNames = new Map();
  for (const r of rows) holdNames(held, r.name, r.team_name);
  return held;
}

/** Why `name` cannot be taken, or undefined when it is free: `"owls" is already the team name of participant ...`. */
export function nameClash(held: HeldNames, name: string): string | undefined {
  const holder = held.get(nameKey(name));
  return holder === undefined ? undefined : `"${name.trim()}" is already ${holder}`;
}
