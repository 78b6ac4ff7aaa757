import { DomainError } from '@tourney/core';
import type { AuthContext } from '../../auth/auth-context';
import { AppError, notFound } from '../../errors/app-error';
import { isUniqueViolation } from '../../db/unique-violation';
import { findStoredData, idempotencyScope, storeData, type IdempotencyScope } from './idempotency';
import { findMatchRow, readMatches, type MatchStageInfo } from './match-reader';
import { bestOfOfRow } from './series';
import type { Db } from '../../db/db';
import type { TournamentsTable } from '../../db/schema';
import type { WriteContext } from './write-context';
import type { Match } from '../../contract-types';
import { DomainService } from '../domain-service';
import { lockTournamentPlaces } from '../participants/capacity';
import type { MatchRow, TournamentRow } from '../../db/rows';

/** Options of a match write: the request's Idempotency-Key header, if any. */
export interface MatchWriteOptions {
  idempotencyKey?: string;
}

/**
 * The outcome of a match write: its data, and `replayed` when it is the remembered data of an earlier request with
 * the same Idempotency-Key (nothing was done this time).
 */
export interface MatchWriteResult<T> {
  data: T;
  replayed: boolean;
}

/**
 * A write prepared outside the transaction (reads and checks done): the match's tournament and the effect, run
 * inside the transaction with its WriteContext.
 */
export interface Prepared<T> {
  tournament: TournamentRow;
  effect: (ctx: WriteContext) => Promise<T>;
}

/**
 * A match row with its tournament, its stage (null when missing) and its best-of (R25.1), as a write reads them
 * before its checks.
 */
export interface LoadedMatch {
  row: MatchRow;
  tournament: TournamentRow;
  stage: MatchStageInfo | null;
  bestOf: number;
}

/** Every column of `tournaments` (checked against the table's type), read beside the match by `load`. */
const TOURNAMENT_COLUMNS = Object.keys({
  id: true,
  project_id: true,
  name: true,
  description: true,
  discipline_id: true,
  status: true,
  max_participants: true,
  team_size: true,
  start_date: true,
  registration_opens_at: true,
  registration_closes_at: true,
  check_in_required: true,
  check_in_opens_minutes_before: true,
  waitlist_capacity: true,
  created_at: true,
  updated_at: true,
  published_at: true,
  started_at: true,
  completed_at: true,
} satisfies Record<keyof TournamentsTable, true>) as (keyof TournamentsTable)[];

/** Prefix of the tournament's columns in `load`'s joined row (no column of `matches` starts with it). */
const T = 't__';

/**
 * The machinery of match writes (R8.20, R8.21), shared by MatchService's operations: loading a match, reading it
 * back as the API `Match`, and running a write in one transaction under the tournament's row lock with its
 * Idempotency-Key replay.
 */
export abstract class MatchWriteService extends DomainService {
  /** The API Match of `id` read with `db` (the open transaction inside a write), history included. */
  protected async readMatch(db: Db, id: string): Promise<Match> {
    const row = await findMatchRow(db, id);
    if (!row) throw notFound('match');
    const [match] = await readMatches(db, row.tournament_id, [row]);
    return match as Match;
  }

  /**
   * The API Match of a row this write has just written (`row` as written, `stage` from {@link load}), history
   * included: the same answer as {@link readMatch} without reading the match and the stages again (R8.21).
   */
  protected async readWritten(db: Db, row: MatchRow, stage: MatchStageInfo | null): Promise<Match> {
    const [match] = await readMatches(db, row.tournament_id, [row], { history: true, ...(stage ? { stages: [stage] } : {}) });
    return match as Match;
  }

  /**
   * The match row, its tournament, its stage and its best-of, in one query (matches joined with tournaments and
   * stages). @throws AppError 404.
   */
  protected async load(id: string): Promise<LoadedMatch> {
    const joined = (await this.db
      .selectFrom('matches as m')
      .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
      .leftJoin('stages as s', 's.id', 'm.stage_id')
      .selectAll('m')
      .select((eb) => [
        eb.ref('s.number').as(`${T}stage_number`),
        eb.ref('s.settings').as(`${T}stage_settings`),
        ...TOURNAMENT_COLUMNS.map((c) => eb.ref(`t.${c}`).as(`${T}${c}`)),
      ])
      .where('m.id', '=', id)
      .executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!joined) throw notFound('match');
    const row: Record<string, unknown> = {};
    const tournament: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(joined)) {
      if (key.startsWith(T)) tournament[key.slice(T.length)] = value;
      else row[key] = value;
    }
    const { stage_number: stageNumber, stage_settings: stageSettings, ...tournamentRow } = tournament;
    const match = row as unknown as MatchRow;
    const stage = stageSettings === null || stageSettings === undefined ? null : { id: match.stage_id, number: Number(stageNumber), settings: stageSettings as string };
    return { row: match, tournament: tournamentRow as unknown as TournamentRow, stage, bestOf: bestOfOfRow(match, stage?.settings) };
  }

  /**
   * Runs a write: replays the stored answer of an earlier request with the same Idempotency-Key (422 when that key
   * was used for another request), else `prepare` (reads and checks, outside the transaction) and its effect in one
   * transaction that also stores the answer under the key. The effect runs only if the tournament's status is still
   * the one `prepare` checked, read under the tournament's lock (see assertStatusUnchanged; `completedAllowed` for an
   * operation a COMPLETED tournament accepts, the correction, R8.13). When the write fails
   * because a concurrent request with the same key got there first, that request's answer is replayed.
   */
  protected async write<T>(
    auth: AuthContext,
    request: { operation: string; matchId: string; body: unknown; options?: MatchWriteOptions; completedAllowed?: boolean },
    prepare: (userId: string, now: string) => Promise<Prepared<T>>,
  ): Promise<MatchWriteResult<T>> {
    const userId = this.access.requireUser(auth);
    const now = this.now();
    const scope = idempotencyScope(userId, request.operation, request.options?.idempotencyKey, {
      matchId: request.matchId,
      body: request.body ?? null,
    });
    const stored = scope ? await this.replay<T>(scope, now) : null;
    if (stored) return stored;
    try {
      const { tournament, effect } = await prepare(userId, now);
      const data = await this.db.transaction().execute(async (trx) => {
        // Writes of one tournament's matches run one at a time: a result fills the next matches and may complete the
        // stage or the tournament, decisions read from rows that a concurrent result could be changing.
        const locked = await lockTournamentPlaces(trx, this.deps.dialect, tournament.id);
        assertStatusUnchanged(tournament.status, locked.status, request.completedAllowed === true);
        const result = await effect({ db: trx, sink: this.deps, tournament, now, dialect: this.deps.dialect });
        if (scope) await storeData(trx, scope, result, now);
        return result;
      });
      return { data, replayed: false };
    } catch (error) {
      if (scope && (error instanceof AppError || error instanceof DomainError || isUniqueViolation(error))) {
        const first = await this.replay<T>(scope, now);
        if (first) return first;
      }
      throw error;
    }
  }

  /**
   * The data stored under `scope` as a replayed result, or null. It is what this operation's effect returned (`T`)
   * when the key was first used: scopes are per operation. @throws AppError 422 IDEMPOTENCY_KEY_REUSED.
   */
  private async replay<T>(scope: IdempotencyScope, now: string): Promise<MatchWriteResult<T> | null> {
    const stored = await findStoredData<T>(this.db, scope, now);
    return stored ? { data: stored.data, replayed: true } : null;
  }
}

/**
 * Refuses a match write whose checks (`prepare`, outside the transaction) saw tournament status `seen` while the
 * tournament, read under its lock, is now `now`: a result that completed the tournament, a correction that reopened
 * it, or a start, committed meanwhile (R18.12). A COMPLETED tournament is 409 TOURNAMENT_LOCKED (its results are
 * final, R8.13) unless `completedAllowed` (a correction, which a COMPLETED tournament takes under its own rules), any
 * other change 409 CONFLICT (sending the request again checks it anew).
 */
function assertStatusUnchanged(seen: string, now: string, completedAllowed: boolean): void {
  if (now === seen) return;
  if (now === 'COMPLETED' && !completedAllowed) throw new AppError('TOURNAMENT_LOCKED', 'the tournament completed while this request ran: its results are final');
  throw new AppError('CONFLICT', `the tournament went from ${seen} to ${now} while this request ran; send it again`);
}
