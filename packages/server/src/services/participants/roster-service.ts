import { seedListIssues, seedsInOrder, shuffled, TOURNAMENT_STATUSES_BEFORE_START, type SeedAssignment } from '@tourney/core';
import { sql } from 'kysely';
import type { AuthContext } from '../../auth/auth-context';
import { caseById } from '../../db/case-by-id';
import { chunks } from '../../db/chunks';
import type { Db } from '../../db/db';
import type { TournamentRow } from '../../db/rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors/app-error';
import { newId } from '../../ids';
import type { Bracket, Participant, ParticipantCreate, SeedsUpdate } from '../../contract-types';
import { previewBracket } from '../brackets/bracket-preview';
import { DomainService } from '../domain-service';
import { writeEvents, type DomainEvent, type EventSink } from '../events';
import { requireManagedTournament } from '../tournaments/visibility';
import { lockTournamentPlaces } from './capacity';
import { planCsvDraw, stageOneGroupNames, type CsvDrawPlan } from './csv-draw';
import { parseParticipantCsv, participantCsv } from './participant-csv';
import { readParticipants } from './participant-mapper';
import { resolveEntries, type EntryInput, type EntryPaths, type RosterEntry, type RosterIssue } from './roster-entry';
import { ENTERING_STATUSES } from './participant-status';

const BEFORE_START: readonly string[] = TOURNAMENT_STATUSES_BEFORE_START;

const BODY_PATHS: EntryPaths = {
  name: 'body.name',
  username: 'body.username',
  team: 'body.team',
  teamName: 'body.team.name',
  seed: 'body.seed',
  rating: 'body.rating',
  entry: 'body',
};

/** 409 TOURNAMENT_LOCKED once the tournament has started: the roster and seeds are fixed then. */
function assertBeforeStart(status: string, what: string): void {
  if (!BEFORE_START.includes(status)) {
    throw new AppError('TOURNAMENT_LOCKED', `${what} only before the start (the tournament is ${status})`);
  }
}

/** addParticipant's answer to an issue: 400 for a bad entry, 409 for a clash with the tournament as it is. */
function singleEntryError(issue: RosterIssue): AppError {
  const details = [{ path: issue.path, message: issue.message }];
  const code = { invalid: 'VALIDATION_ERROR', conflict: 'CONFLICT', registered: 'ALREADY_REGISTERED', full: 'TOURNAMENT_FULL' } as const;
  return new AppError(code[issue.kind], `${issue.path}: ${issue.message}`, { details });
}

/**
 * The organizer's roster (R24.1 to R24.8): participants added by name, username or team (one or from a CSV, all or
 * nothing), the CSV export, bulk seeding (all seeds at once, or a random draw) and the bracket preview. Every write runs in one
 * transaction under the tournament's lock (lockTournamentPlaces), so capacity, one place per user and unique seeds
 * hold with several writers, and records `participant.registered` for each participant added (data: tournamentId,
 * participantId, status, userId of the linked user or captain or null, memberUserIds).
 */
export class RosterService extends DomainService {
  /**
   * Adds one participant (addParticipant, R24.1, R24.2) before the start, whatever the registration window.
   * @throws AppError 400 VALIDATION_ERROR naming `body.<field>` (no name nor username, unknown username, team rules),
   *   409 CONFLICT (seed taken; `body.name` or `body.team.name` when another participant holds that name as its name
   *   or team name, trimmed, in any case), ALREADY_REGISTERED, TOURNAMENT_FULL, TOURNAMENT_LOCKED once started.
   */
  async add(auth: AuthContext, tournamentId: string, body: ParticipantCreate): Promise<Participant> {
    const { row: t } = await requireManagedTournament(this.db, this.access, auth, tournamentId);
    const input: EntryInput = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.username !== undefined ? { username: body.username } : {}),
      ...(body.seed !== undefined ? { seed: body.seed } : {}),
      ...(body.rating !== undefined ? { rating: body.rating } : {}),
      ...(body.team !== undefined ? { teamName: body.team.name, memberUsernames: body.team.memberUsernames ?? [] } : {}),
    };
    if (t.team_size > 1 && body.username !== undefined) {
      throw new AppError('VALIDATION_ERROR', 'body.username: in team tournaments give team.memberUsernames', {
        details: [{ path: 'body.username', message: 'in team tournaments give team.memberUsernames' }],
      });
    }
    const paths = t.team_size > 1 ? { ...BODY_PATHS, username: 'body.team.memberUsernames' } : BODY_PATHS;
    const rank = { invalid: 0, registered: 1, full: 2, conflict: 3 } as const;
    const [id] = await this.insertEntries(t, [{ input, paths }], (issues) => singleEntryError([...issues].sort((a, b) => rank[a.kind] - rank[b.kind])[0] as RosterIssue));
    const [participant] = await this.readByIds(t.id, [id as string]);
    return participant as Participant;
  }

  /**
   * Imports participants from CSV (importParticipants, R24.3, R24.4): all rows or none. When the rows carry a
   * `group`, the same transaction sets the draw of stage 1 (R24.11, csv-draw.ts).
   * @throws AppError 400 VALIDATION_ERROR naming `csv`, `csv.header` or `csv.row[n].<column>` (details list every
   *   problem found, up to 50: bad or repeated seed, unknown username, name or user already in, rows beyond the
   *   free places, a group missing, unknown or of the wrong size), 409 TOURNAMENT_LOCKED once started.
   */
  async importCsv(auth: AuthContext, tournamentId: string, csv: string): Promise<Participant[]> {
    const { row: t } = await requireManagedTournament(this.db, this.access, auth, tournamentId);
    assertBeforeStart(t.status, 'participants can be imported');
    const rows = parseParticipantCsv(csv, t.team_size > 1);
    const ids = await this.insertEntries(
      t,
      rows,
      (issues) => {
        const details = issues.slice(0, 50).map(({ path, message }) => ({ path, message }));
        return new AppError('VALIDATION_ERROR', `${details[0]?.path}: ${details[0]?.message}`, { details });
      },
      (trx) => planCsvDraw(trx, t.id, rows),
    );
    return this.readByIds(t.id, ids);
  }

  /** The participants as CSV (exportParticipants, R24.5), by seed (unseeded last), then registration time. */
  async exportCsv(auth: AuthContext, tournamentId: string): Promise<string> {
    const { row: t } = await requireManagedTournament(this.db, this.access, auth, tournamentId);
    // The participant rows with the username of a solo player's account, in one read.
    const rows = await this.db
      .selectFrom('participants as p')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .select('u.username as account_username')
      .where('p.tournament_id', '=', t.id)
      .orderBy(sql`p.seed is null`)
      .orderBy('p.seed')
      .orderBy('p.registered_at')
      .orderBy('p.id')
      .execute();
    const participants = await readParticipants(this.db, rows);
    const usernames = new Map(rows.map((r) => [r.id, r.account_username]));
    const groups = await stageOneGroupNames(this.db, t.id);
    return participantCsv(
      participants.map((p) => ({
        name: p.name,
        username: p.team ? p.team.members.map((m) => m.username).join(';') : (usernames.get(p.id) ?? ''),
        seed: p.seed,
        group: groups.get(p.id) ?? '',
        team: p.team?.name ?? '',
        status: p.status,
        id: p.id,
      })),
    );
  }

  /**
   * Sets every seed at once (setParticipantSeeds, R24.6): ids in seed order or id/seed pairs covering each
   * REGISTERED or CHECKED_IN participant once with the seeds 1..N; the others lose any seed.
   * @throws AppError 400 VALIDATION_ERROR naming `body.participantIds[i]`, `body.seeds[i].participantId|seed` or
   *   the list; 409 TOURNAMENT_LOCKED once started.
   */
  async setSeeds(auth: AuthContext, tournamentId: string, body: SeedsUpdate): Promise<Participant[]> {
    const { row: t } = await requireManagedTournament(this.db, this.access, auth, tournamentId);
    if ((body.participantIds === undefined) === (body.seeds === undefined)) {
      throw new AppError('VALIDATION_ERROR', 'body: give exactly one of participantIds or seeds', { details: [{ path: 'body', message: 'give exactly one of participantIds or seeds' }] });
    }
    const byOrder = body.participantIds !== undefined;
    const assignments = body.participantIds !== undefined ? seedsInOrder(body.participantIds) : (body.seeds as SeedAssignment[]);
    return this.writeSeeds(t, (holders) => {
      const issues = seedListIssues(holders, assignments);
      if (issues.length === 0) return assignments;
      const list = byOrder ? 'body.participantIds' : 'body.seeds';
      const details = issues.slice(0, 50).map((i) => ({
        path: i.index === null ? list : byOrder ? `${list}[${i.index}]` : `${list}[${i.index}].${i.field}`,
        message: i.message,
      }));
      throw new AppError('VALIDATION_ERROR', `${details[0]?.path}: ${details[0]?.message}`, { details });
    });
  }

  /** Draws the seeds 1..N at random (shuffleParticipantSeeds, R24.7; deps.random, else Math.random). @throws 409 TOURNAMENT_LOCKED. */
  async shuffleSeeds(auth: AuthContext, tournamentId: string): Promise<Participant[]> {
    const { row: t } = await requireManagedTournament(this.db, this.access, auth, tournamentId);
    return this.writeSeeds(t, (holders) => seedsInOrder(shuffled([...holders].sort(), this.deps.random ?? Math.random)));
  }

  /** Under the lock: the seedable participants, their new seeds from `decide`, written in chunks; returns them by seed. */
  private async writeSeeds(t: TournamentRow, decide: (holders: string[]) => SeedAssignment[]): Promise<Participant[]> {
    await this.db.transaction().execute(async (trx) => {
      const locked = await lockTournamentPlaces(trx, this.deps.dialect, t.id);
      assertBeforeStart(locked.status, 'seeds can be set');
      const rows = await trx.selectFrom('participants').select('id').where('tournament_id', '=', t.id).where('status', 'in', ENTERING_STATUSES).execute();
      const assignments = decide(rows.map((r) => r.id));
      await trx.updateTable('participants').set({ seed: null }).where('tournament_id', '=', t.id).where('seed', 'is not', null).execute();
      for (const chunk of chunks(assignments)) {
        await trx
          .updateTable('participants')
          .set({ seed: caseById(chunk.map((a) => ({ id: a.participantId, value: a.seed })), 'INTEGER') })
          .where('id', 'in', chunk.map((a) => a.participantId))
          .execute();
      }
    });
    const rows = await this.db
      .selectFrom('participants')
      .selectAll()
      .where('tournament_id', '=', t.id)
      .where('status', 'in', ENTERING_STATUSES)
      .orderBy('seed')
      .execute();
    return readParticipants(this.db, rows);
  }

  /** The bracket the start would generate now, nothing written (previewTournamentBracket, R24.8; bracket-preview.ts). */
  async previewBracket(auth: AuthContext, tournamentId: string): Promise<Bracket> {
    const { row: t } = await requireManagedTournament(this.db, this.access, auth, tournamentId);
    return previewBracket(this.deps, t);
  }

  /**
   * Resolves and inserts entries in one transaction under the tournament's lock (status, capacity, names, seeds and
   * users are read there); `refuse` turns the issues found into the error thrown (nothing is written). A concurrent
   * registration of the same user that slips past the check hits the unique (tournament, user) constraint: 409
   * ALREADY_REGISTERED. `planDraw` (an import with groups, R24.11) adds its issues to those of the entries and
   * writes its draw after the inserts. Returns the new ids in entry order.
   */
  private async insertEntries(
    t: TournamentRow,
    inputs: readonly { input: EntryInput; paths: EntryPaths }[],
    refuse: (issues: RosterIssue[]) => AppError,
    planDraw?: (db: Db) => Promise<CsvDrawPlan | null>,
  ): Promise<string[]> {
    const now = this.now();
    try {
      return await this.db.transaction().execute(async (trx) => {
        const locked = await lockTournamentPlaces(trx, this.deps.dialect, t.id);
        assertBeforeStart(locked.status, 'participants can be added');
        const { entries, issues } = await resolveEntries(trx, { ...t, ...locked }, inputs);
        const draw = planDraw ? await planDraw(trx) : null;
        const all = draw ? sortByRow([...issues, ...draw.issues]) : issues;
        if (all.length > 0) throw refuse(all);
        const ids = await insertRoster(trx, this.deps, t, entries, now);
        await draw?.apply(trx, ids);
        return ids;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ALREADY_REGISTERED', 'a user of these entries registered in this tournament meanwhile', { cause: error });
      throw error;
    }
  }

  private async readByIds(tournamentId: string, ids: readonly string[]): Promise<Participant[]> {
    const rows = [];
    for (const chunk of chunks(ids)) rows.push(...(await this.db.selectFrom('participants').selectAll().where('tournament_id', '=', tournamentId).where('id', 'in', chunk).execute()));
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return readParticipants(this.db, rows);
  }
}

/** Issues in row order (`csv.row[n]...` by n; others first, as found), so the first detail is the first bad row. */
function sortByRow(issues: RosterIssue[]): RosterIssue[] {
  const rowOf = (i: RosterIssue): number => Number(/^csv\.row\[(\d+)\]/.exec(i.path)?.[1] ?? 0);
  return issues.map((issue, at) => ({ issue, at })).sort((a, b) => rowOf(a.issue) - rowOf(b.issue) || a.at - b.at).map((x) => x.issue);
}

/** Inserts resolved entries (REGISTERED, registered at `now`), their members and events, in chunks; returns the ids. */
async function insertRoster(db: Db, sink: EventSink, t: TournamentRow, entries: readonly RosterEntry[], now: string): Promise<string[]> {
  const rows = entries.map((e) => ({ ...e, id: newId() }));
  for (const chunk of chunks(rows)) {
    await db
      .insertInto('participants')
      .values(
        chunk.map((e) => ({
          id: e.id,
          tournament_id: t.id,
          user_id: e.userId,
          name: e.name,
          seed: e.seed,
          rating: e.rating,
          status: 'REGISTERED',
          team_name: e.teamName,
          registered_at: now,
          checked_in_at: null,
          final_placement: null,
          placement_range: null,
        })),
      )
      .execute();
  }
  const members = rows.flatMap((e) => e.memberIds.map((m) => ({ participant_id: e.id, tournament_id: t.id, user_id: m })));
  for (const chunk of chunks(members)) await db.insertInto('participant_members').values(chunk).execute();
  const events: DomainEvent[] = rows.map((e) => ({
    projectId: t.project_id,
    type: 'participant.registered',
    subjectId: e.id,
    data: { tournamentId: t.id, participantId: e.id, status: 'REGISTERED', userId: e.userId, memberUserIds: e.memberIds },
  }));
  await writeEvents(db, sink, events);
  return rows.map((e) => e.id);
}
