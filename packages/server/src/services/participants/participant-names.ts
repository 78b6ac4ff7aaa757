import type { Db } from '../../db/db';
import { AppError } from '../../errors/app-error';

/**
 * The names held in one tournament (R24.1, R6.2, R9.15): every participant's name and team name, each by its key
 * (trimmed, lower case), with a description of its holder for messages. A name and a team name share one space: a
 * team is known by its team name in circuits (core competitorKey), and a bracket shows the participant's name, so
 * neither may be taken twice in any case, by any two participants, whatever their status.
 */
export type HeldNames = Map<string, string>;

/**
 * The key of a name: Unicode NFC (an accented letter typed as one character or as a letter and a combining mark is
 * one letter), without format characters (zero-width, bidi controls: `Alpha\u200b` reads as `Alpha`), trimmed,
 * lower case.
 */
export const nameKey = (name: string): string => name.normalize('NFC').replace(/\p{Cf}/gu, '').trim().toLowerCase();

/** Records the names of one participant (`name`, and `teamName` when it has one) as held, each by its first holder. */
export function holdNames(held: HeldNames, name: string, teamName: string | null): void {
  if (!held.has(nameKey(name))) held.set(nameKey(name), `a participant's name ("${name}")`);
  if (teamName === null || held.has(nameKey(teamName))) return;
  held.set(nameKey(teamName), `the team name of participant "${name}" ("${teamName}")`);
}

/**
 * The names held in the tournament now, by every participant but `besides` (one being renamed) when given: call it
 * under the tournament's lock (lockTournamentPlaces) in the transaction that then writes the name, so that two
 * entries sent at once cannot both take a name.
 */
export async function readHeldNames(db: Db, tournamentId: string, besides?: string): Promise<HeldNames> {
  let query = db.selectFrom('participants').select(['name', 'team_name']).where('tournament_id', '=', tournamentId);
  if (besides !== undefined) query = query.where('id', '!=', besides);
  const rows = await query.execute();
  const held: HeldNames = new Map();
  for (const r of rows) holdNames(held, r.name, r.team_name);
  return held;
}

/** Why `name` cannot be taken, or undefined when it is free: `"owls" is already the team name of participant ...`. */
export function nameClash(held: HeldNames, name: string): string | undefined {
  const holder = held.get(nameKey(name));
  return holder === undefined ? undefined : `"${name.trim()}" is already ${holder}`;
}

/**
 * The first of `names` no participant of the tournament holds as its name or team name (`held`, read under the
 * tournament's lock; R24.1, R9.15).
 * @throws AppError 409 CONFLICT naming `body.team.name` for a team, without a field for a solo player (whose names
 *   are their display name and username: the message says which participants hold them).
 */
export function pickFreeName(held: HeldNames, names: readonly string[], team: boolean): string {
  const clashes: string[] = [];
  for (const name of names) {
    const clash = nameClash(held, name);
    if (clash === undefined) return name;
    clashes.push(clash);
  }
  if (team) {
    const message = clashes[0] as string;
    throw new AppError('CONFLICT', `body.team.name: ${message}`, { details: [{ path: 'body.team.name', message }] });
  }
  const which = names.length > 1 ? 'your display name and your username are both taken' : 'your username is taken';
  throw new AppError('CONFLICT', `${which} in this tournament (${clashes.join('; ')}): change your display name (updateMe) to register`);
}
