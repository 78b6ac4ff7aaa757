import type { AuthContext } from '../../auth/auth-context';
import type { LiveEvent } from '../../contract-types';
import { DomainService } from '../domain-service';
import { requireVisibleTournament } from '../tournaments/visibility';

/** The retained part of a tournament's live stream: its oldest and newest numbers (0 and 0 when empty). */
export interface LiveBounds {
  oldest: number;
  latest: number;
}

/**
 * Reads tournaments' live streams (R28.1 to R28.3) from the database, so every server instance serves the same
 * events in the same order: events are numbered per tournament (`seq`) by the live stream writer.
 */
export class LiveEventService extends DomainService {
  /**
   * Checks that the caller may read tournament `id` (public from PUBLISHED on; a DRAFT for its project's keys and
   * staff) and returns the bounds of its stream. @throws AppError 404 NOT_FOUND for an unknown or invisible tournament.
   */
  async open(auth: AuthContext, id: string): Promise<LiveBounds> {
    await this.checkReadable(auth, id);
    return this.bounds(id);
  }

  /**
   * Checks that the caller may read tournament `id`'s stream, as `open` does, without reading its bounds (the live
   * streams read them when the stream starts). @throws AppError 404 NOT_FOUND for an unknown or invisible tournament.
   */
  async checkReadable(auth: AuthContext, id: string): Promise<void> {
    await requireVisibleTournament(this.db, this.access, auth, id);
  }

  /** The oldest and newest retained numbers of tournament `id`'s stream. */
  async bounds(id: string): Promise<LiveBounds> {
    const row = await this.db
      .selectFrom('tournament_live_events')
      .select((eb) => [eb.fn.min('seq').as('oldest'), eb.fn.max('seq').as('latest')])
      .where('tournament_id', '=', id)
      .executeTakeFirst();
    return { oldest: Number(row?.oldest ?? 0), latest: Number(row?.latest ?? 0) };
  }

  /** Up to `limit` events of tournament `id` numbered after `after`, in order. */
  async after(id: string, after: number, limit = 500): Promise<LiveEvent[]> {
    const rows = await this.db
      .selectFrom('tournament_live_events')
      .selectAll()
      .where('tournament_id', '=', id)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      seq: Number(r.seq),
      type: r.type,
      tournamentId: r.tournament_id,
      data: JSON.parse(r.data) as Record<string, unknown>,
      createdAt: r.created_at,
    }));
  }
}
