import { roundsAfterCut, type StageSettings as CoreStageSettings } from '@tourney/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseStageSettings, roundIntervalOf } from '../stages/stage-settings';
import type { CalendarEvent, CalendarEventType, CalendarExportQuery } from '../../contract-types';

/**
 * Filters of the calendar feed and export (their query parameters but the feed token): a tournament, a circuit, and
 * the UTC days `from` and `to` (YYYY-MM-DD, inclusive: events starting from 00:00 UTC of `from` until 00:00 UTC of
 * the day after `to`).
 */
export type CalendarFilter = Omit<CalendarExportQuery, 'token'>;

/**
 * A calendar event with its revision (the iCalendar SEQUENCE, R16.5): how many times it was rescheduled (0 for
 * events that never move). Not part of the JSON feed.
 */
export type CollectedEvent = CalendarEvent & { sequence: number };

/**
 * The iCalendar SEQUENCE (RFC 5545 3.8.7.4) of the events a tournament or season row dates (R16.5): seconds from the
 * row's creation to its last update. 0 until the row changes, then greater after every change a second or more
 * later (a moved start, a renamed season), so calendar applications take the new time over the one they stored;
 * an int32 for 68 years. Matches count their reschedules instead.
 */
function revisionOf(row: { created_at: string; updated_at: string }): number {
  return Math.max(0, Math.floor((Date.parse(row.updated_at) - Date.parse(row.created_at)) / 1000));
}

type Db = Kysely<Database>;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600 * 1000;
/** Order of events starting at the same instant: a tournament's start before its first matches. */
const TYPE_ORDER: readonly CalendarEventType[] = [
  'SEASON_START',
  'REGISTRATION_OPENS',
  'REGISTRATION_CLOSES',
  'CHECK_IN_OPENS',
  'TOURNAMENT_START',
  'MATCH',
  'SEASON_END',
];
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The projects of the organizations `userId` is staff of, as a subquery of their ids. */
function staffProjectIds(db: Db, userId: string) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('projects as pr', 'pr.organization_id', 'm.organization_id')
    .select('pr.id')
    .where('m.user_id', '=', userId);
}

/**
 * Tournaments of a user's calendar: where they play (not withdrawn; published, as a DRAFT is visible only to its
 * project's keys and staff, R4.6, though an organizer may add players to it) and, for staff, every tournament of their
 * organizations, drafts included.
 */
async function tournamentsOf(db: Db, userId: string): Promise<{ playing: Set<string>; managing: Set<string> }> {
  const [playing, managing] = await Promise.all([
    db
      .selectFrom('participant_members as pm')
      .innerJoin('participants as p', 'p.id', 'pm.participant_id')
      .innerJoin('tournaments as t', 't.id', 'pm.tournament_id')
      .select('pm.tournament_id')
      .where('pm.user_id', '=', userId)
      // A waiting entry (R6.14) has no place to check in with or play: its tournament is not on the player's calendar.
      .where('p.status', 'not in', ['WITHDRAWN', 'WAITLISTED'])
      .where('t.status', '<>', 'DRAFT')
      .execute(),
    db.selectFrom('tournaments').select('id').where('project_id', 'in', staffProjectIds(db, userId)).execute(),
  ]);
  return { playing: new Set(playing.map((r) => r.tournament_id)), managing: new Set(managing.map((r) => r.id)) };
}

/** Circuits of a user's calendar: of their organizations, where they hold a standing, or classifying one of their tournaments. */
async function circuitsOf(db: Db, userId: string, tournamentIds: readonly string[]): Promise<Set<string>> {
  const [managed, standing] = await Promise.all([
    db.selectFrom('circuits').select('id').where('project_id', 'in', staffProjectIds(db, userId)).execute(),
    db.selectFrom('circuit_standings').select('circuit_id as id').where('user_id', '=', userId).execute(),
  ]);
  const out = new Set([...managed, ...standing].map((r) => r.id));
  for (let i = 0; i < tournamentIds.length; i += 500) {
    const rows = await db
      .selectFrom('circuit_classifications')
      .select('circuit_id')
      .where('tournament_id', 'in', tournamentIds.slice(i, i + 500))
      .execute();
    for (const r of rows) out.add(r.circuit_id);
  }
  return out;
}

/**
 * Every calendar event of `userId` matching `filter`, by start time, kind (TYPE_ORDER) and id (R16.1, R16.2): for each
 * of their tournaments (played or, as staff, organized) its registration, check-in and start; each scheduled match they
 * play (staff: every scheduled match of the tournaments they organize), `endsAt` one round interval later; and the
 * season starts and ends of their circuits (all-day). A circuit filter keeps its seasons and the tournaments it
 * classified. DRAFT tournaments appear to staff only (R4.6), also to a player an organizer added to one.
 */
export async function collectCalendarEvents(db: Db, userId: string, filter: CalendarFilter): Promise<CollectedEvent[]> {
  const { playing, managing } = await tournamentsOf(db, userId);
  let tournamentIds = [...new Set([...playing, ...managing])];
  let circuitIds = [...(await circuitsOf(db, userId, tournamentIds))];
  if (filter.circuitId !== undefined) {
    const classified = await db
      .selectFrom('circuit_classifications')
      .select('tournament_id')
      .where('circuit_id', '=', filter.circuitId)
      .execute();
    const inCircuit = new Set(classified.map((r) => r.tournament_id));
    tournamentIds = tournamentIds.filter((id) => inCircuit.has(id));
    circuitIds = circuitIds.filter((id) => id === filter.circuitId);
  }
  if (filter.tournamentId !== undefined) {
    tournamentIds = tournamentIds.filter((id) => id === filter.tournamentId);
    circuitIds = [];
  }

  const events: CollectedEvent[] = [];
  const names = new Map<string, string>();
  for (let i = 0; i < tournamentIds.length; i += 500) {
    const rows = await db.selectFrom('tournaments').selectAll().where('id', 'in', tournamentIds.slice(i, i + 500)).execute();
    for (const t of rows) {
      names.set(t.id, t.name);
      const base = { description: t.description, endsAt: null, allDay: false, tournamentId: t.id, matchId: null, circuitId: null, seasonId: null, sequence: revisionOf(t) };
      // Once started, the start is when it happened (an organizer may start early or late), and what was planned
      // after it (registration or check-in that the start closed) is gone: the feed shows what happened (R16.2).
      const start = t.started_at ?? t.start_date;
      const beforeStart = (at: string) => t.started_at === null || Date.parse(at) < Date.parse(t.started_at);
      events.push({ ...base, id: `tournament:${t.id}`, type: 'TOURNAMENT_START', title: `${t.name} starts`, startsAt: start });
      if (t.registration_opens_at && beforeStart(t.registration_opens_at)) {
        events.push({ ...base, id: `registration-opens:${t.id}`, type: 'REGISTRATION_OPENS', title: `${t.name}: registration opens`, startsAt: t.registration_opens_at });
      }
      if (t.registration_closes_at) {
        const closes = beforeStart(t.registration_closes_at) ? t.registration_closes_at : start;
        events.push({ ...base, id: `registration-closes:${t.id}`, type: 'REGISTRATION_CLOSES', title: `${t.name}: registration closes`, startsAt: closes });
      }
      const opens = new Date(Date.parse(t.start_date) - t.check_in_opens_minutes_before * MINUTE_MS).toISOString();
      if (t.check_in_required === 1 && beforeStart(opens)) {
        events.push({ ...base, id: `check-in:${t.id}`, type: 'CHECK_IN_OPENS', title: `${t.name}: check-in opens`, startsAt: opens, endsAt: start });
      }
    }
  }
  events.push(...(await matchEvents(db, userId, tournamentIds, managing, names)));
  events.push(...(await seasonEvents(db, circuitIds)));

  const from = filter.from ? Date.parse(`${filter.from}T00:00:00.000Z`) : -Infinity;
  const to = filter.to ? Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS : Infinity;
  return events
    .filter((e) => {
      const at = Date.parse(e.startsAt);
      return at >= from && at < to;
    })
    .sort(
      (a, b) =>
        compare(a.startsAt, b.startsAt) || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || compare(a.id, b.id),
    );
}

async function matchEvents(
  db: Db,
  userId: string,
  tournamentIds: readonly string[],
  managing: ReadonlySet<string>,
  tournamentNames: ReadonlyMap<string, string>,
): Promise<CollectedEvent[]> {
  if (tournamentIds.length === 0) return [];
  const mine = db.selectFrom('participant_members').select('participant_id').where('user_id', '=', userId);
  const managed = tournamentIds.filter((id) => managing.has(id));
  const played = tournamentIds.filter((id) => !managing.has(id));
  const rows = [];
  for (const [ids, onlyMine] of [
    [managed, false],
    [played, true],
  ] as const) {
    for (let i = 0; i < ids.length; i += 500) {
      let query = db
        .selectFrom('matches as m')
        .innerJoin('stages as s', 's.id', 'm.stage_id')
        .select([
          'm.id',
          'm.tournament_id',
          'm.stage_id',
          'm.bracket',
          'm.round',
          'm.number',
          'm.status',
          'm.scheduled_at',
          'm.participant1_id',
          'm.participant2_id',
          's.name as stage_name',
          's.format',
          's.settings',
        ])
        .where('m.tournament_id', 'in', ids.slice(i, i + 500))
        .where('m.scheduled_at', 'is not', null);
      if (onlyMine) query = query.where((eb) => eb.or([eb('m.participant1_id', 'in', mine), eb('m.participant2_id', 'in', mine)]));
      rows.push(...(await query.execute()));
    }
  }
  const participantIds = [...new Set(rows.flatMap((r) => [r.participant1_id, r.participant2_id]).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  for (let i = 0; i < participantIds.length; i += 500) {
    const found = await db.selectFrom('participants').select(['id', 'name']).where('id', 'in', participantIds.slice(i, i + 500)).execute();
    for (const p of found) names.set(p.id, p.name);
  }
  const side = (id: string | null) => (id ? (names.get(id) ?? 'tbd') : 'tbd');
  const matchIds = rows.map((r) => r.id);
  const [reschedules, lastRounds] = await Promise.all([rescheduleCounts(db, matchIds), lastRoundsOf(db, [...new Set(rows.map((r) => r.stage_id))])]);
  return rows.map((r) => {
    const startsAt = r.scheduled_at as string;
    const minutes = roundIntervalOf(parseStageSettings(r.settings));
    const tournament = tournamentNames.get(r.tournament_id) ?? 'Tournament';
    // A stage that stops at its qualifiers (R7.20, R7.21) has no final: its last round counts as short of the full bracket's.
    const last = lastRounds.get(`${r.stage_id}:${r.bracket}`);
    const name = namedMatch(r, last === undefined ? undefined : last + roundsAfterCut(parseStageSettings(r.settings) as CoreStageSettings, r.format, r.bracket));
    const status = r.status.toLowerCase().replace(/_/g, ' ');
    return {
      id: `match:${r.id}`,
      type: 'MATCH' as const,
      title: `${tournament}${name ? ` ${name}` : ''}: ${side(r.participant1_id)} vs ${side(r.participant2_id)}`,
      description: name ? `${r.stage_name}, ${name} (${status})` : `${r.stage_name}, round ${r.round}, match ${r.number} (${status})`,
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + minutes * MINUTE_MS).toISOString(),
      allDay: false,
      tournamentId: r.tournament_id,
      matchId: r.id,
      circuitId: null,
      seasonId: null,
      sequence: reschedules.get(r.id) ?? 0,
    };
  });
}

/**
 * The name of a match that needs one to be told apart from its neighbours in a calendar (R16.6): "Final" (last
 * winners round of a single elimination), "Third-place match", "Grand final", "Grand final reset", and in a double
 * elimination "Winners final" and "Losers final"; null for any other match (named by round and number).
 */
export function namedMatch(match: { format: string; bracket: string; round: number }, lastRound: number | undefined): string | null {
  if (match.bracket === 'THIRD_PLACE') return 'Third-place match';
  if (match.bracket === 'CONSOLATION') return null;
  if (match.bracket === 'GRAND_FINAL') return match.round === 1 ? 'Grand final' : 'Grand final reset';
  if (match.round !== lastRound) return null;
  if (match.format === 'SINGLE_ELIMINATION' && match.bracket === 'WINNERS') return 'Final';
  if (match.format === 'DOUBLE_ELIMINATION' && match.bracket === 'WINNERS') return 'Winners final';
  if (match.format === 'DOUBLE_ELIMINATION' && match.bracket === 'LOSERS') return 'Losers final';
  return null;
}

/** How many times each match was rescheduled (its RESCHEDULED history entries), by match id; absent when never. */
async function rescheduleCounts(db: Db, matchIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < matchIds.length; i += 500) {
    const rows = await db
      .selectFrom('match_history')
      .select((eb) => ['match_id', eb.fn.countAll<number | string | bigint>().as('count')])
      .where('match_id', 'in', matchIds.slice(i, i + 500))
      .where('type', '=', 'RESCHEDULED')
      .groupBy('match_id')
      .execute();
    for (const r of rows) out.set(r.match_id, Number(r.count));
  }
  return out;
}

/** The last round of each bracket of the stages, keyed `stageId:bracket`. */
async function lastRoundsOf(db: Db, stageIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < stageIds.length; i += 500) {
    const rows = await db
      .selectFrom('matches')
      .select((eb) => ['stage_id', 'bracket', eb.fn.max('round').as('last')])
      .where('stage_id', 'in', stageIds.slice(i, i + 500))
      .groupBy(['stage_id', 'bracket'])
      .execute();
    for (const r of rows) out.set(`${r.stage_id}:${r.bracket}`, Number(r.last));
  }
  return out;
}

async function seasonEvents(db: Db, circuitIds: readonly string[]): Promise<CollectedEvent[]> {
  const events: CollectedEvent[] = [];
  for (let i = 0; i < circuitIds.length; i += 500) {
    const rows = await db
      .selectFrom('circuit_seasons as s')
      .innerJoin('circuits as c', 'c.id', 's.circuit_id')
      .select(['s.id', 's.circuit_id', 's.name', 's.start_date', 's.end_date', 's.created_at', 's.updated_at', 'c.name as circuit_name', 'c.description'])
      .where('s.circuit_id', 'in', circuitIds.slice(i, i + 500))
      .execute();
    for (const s of rows) {
      const base = { description: s.description, endsAt: null, allDay: true, tournamentId: null, matchId: null, circuitId: s.circuit_id, seasonId: s.id, sequence: revisionOf(s) };
      events.push({ ...base, id: `season-start:${s.id}`, type: 'SEASON_START', title: `${s.circuit_name}: ${s.name} starts`, startsAt: `${s.start_date}T00:00:00.000Z` });
      events.push({ ...base, id: `season-end:${s.id}`, type: 'SEASON_END', title: `${s.circuit_name}: ${s.name} ends`, startsAt: `${s.end_date}T00:00:00.000Z` });
    }
  }
  return events;
}
