import { hashSecret, newSecret } from '../../auth/tokens';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../../auth/auth-context';
import { AppError, notFound } from '../../errors/app-error';
import { pageOfList } from '../../db/page-query';
import type { AccessService } from '../access';
import { type CalendarFilter, collectCalendarEvents } from './collect';
import { FEED_TOKEN_PREFIX, isFeedTokenShape } from './feed-token';
import { renderIcs } from './ics';
import type { CalendarEvent, CalendarFeedQuery, CalendarFeedToken } from '../../contract-types';
import type { Page } from '../../db/page-query';
import { requireVisibleTournament } from '../tournaments/visibility';
import { unlessUnavailable } from '../../db/connection-error';

/** Who reads a calendar export: the bearer user, else the owner of a feed token given in `?token=`. */
export interface ExportCaller {
  auth: AuthContext;
  /** `token` query parameter. */
  token?: string;
  /** Whether the request carried an API key (which may not read a user's calendar). */
  sentApiKey?: boolean;
}

/**
 * The caller's calendar (R16.1 to R16.4): a JSON feed and an iCalendar export of the tournaments they play or organize,
 * their matches and their circuits' seasons (calendar/collect.ts), plus a personal feed token so calendar apps can
 * subscribe without an access token.
 */
export class CalendarService {
  constructor(
    private readonly deps: AppDeps,
    private readonly access: AccessService,
  ) {}

  /**
   * A page of the caller's events by start time, filtered by the query's tournament, circuit and days. 404 when the
   * tournament or circuit filter names an unknown one.
   */
  async feed(auth: AuthContext, query: CalendarFeedQuery): Promise<Page<CalendarEvent>> {
    const userId = this.access.requireUser(auth);
    await this.#checkFilter(auth, query);
    const page = pageOfList(await collectCalendarEvents(this.deps.db, userId, query), query);
    return { items: page.items.map(({ sequence: _revision, ...event }): CalendarEvent => event), pagination: page.pagination };
  }

  /**
   * The caller's events as an iCalendar document (every page). The caller is the bearer user or, failing that, the
   * owner of the feed token in `?token=`; a token that is sent must be valid even beside a bearer (401 UNAUTHORIZED
   * when it is unknown or revoked, R1.7; 403 API_KEY_NOT_ALLOWED for an API key alone).
   */
  async exportIcs(caller: ExportCaller, filter: CalendarFilter): Promise<string> {
    const userId = await this.#exportUser(caller);
    const auth: AuthContext = caller.auth.kind === 'user' ? caller.auth : { kind: 'user', userId, sessionId: 'calendar-feed-token' };
    await this.#checkFilter(auth, filter);
    const events = await collectCalendarEvents(this.deps.db, userId, filter);
    const user = await this.deps.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
    return renderIcs(events, { name: `Tourney: ${user?.username ?? 'calendar'}`, now: this.deps.clock.now() });
  }

  /**
   * Creates the caller's feed token, replacing any previous one. `apiRoot` is the public API root (with /api/v1) the
   * feed URL is built on.
   */
  async createFeedToken(auth: AuthContext, apiRoot: string): Promise<CalendarFeedToken> {
    const userId = this.access.requireUser(auth);
    const token = newSecret(FEED_TOKEN_PREFIX);
    const createdAt = this.deps.clock.now().toISOString();
    const row = { token_hash: hashSecret(token), created_at: createdAt, last_used_at: null };
    await this.deps.db
      .insertInto('calendar_feed_tokens')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
    const feedUrl = `${apiRoot.replace(/\/+$/, '')}/calendar/export?token=${encodeURIComponent(token)}`;
    return { token, feedUrl, createdAt };
  }

  /** Revokes the caller's feed token. 404 when there is none. */
  async revokeFeedToken(auth: AuthContext): Promise<void> {
    const userId = this.access.requireUser(auth);
    const result = await this.deps.db.deleteFrom('calendar_feed_tokens').where('user_id', '=', userId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('calendar feed token');
  }

  async #exportUser(caller: ExportCaller): Promise<string> {
    // A feed token that is sent must be valid, whatever else is (R1.7): a revoked one is 401 even beside a bearer.
    const tokenOwner = caller.token === undefined ? undefined : await this.#feedTokenOwner(caller.token);
    if (caller.auth.kind === 'user') return caller.auth.userId;
    if (tokenOwner !== undefined) {
      // When the last use cannot be written (SQLite's write lock held elsewhere), the feed is still read (R18.18).
      await unlessUnavailable(
        this.deps.db.updateTable('calendar_feed_tokens').set({ last_used_at: this.deps.clock.now().toISOString() }).where('user_id', '=', tokenOwner).execute(),
      );
      return tokenOwner;
    }
    if (caller.sentApiKey) {
      throw new AppError('API_KEY_NOT_ALLOWED', 'exportCalendar reads a user calendar: send a user access token or a calendar feed token, not an API key');
    }
    throw new AppError('UNAUTHORIZED', 'exportCalendar needs a user access token (Authorization: Bearer) or a calendar feed token (?token=)');
  }

  /** The user whose feed token `token` is. @throws AppError 401 UNAUTHORIZED when it is unknown or revoked. */
  async #feedTokenOwner(token: string): Promise<string> {
    const row = isFeedTokenShape(token)
      ? await this.deps.db.selectFrom('calendar_feed_tokens').select('user_id').where('token_hash', '=', hashSecret(token)).executeTakeFirst()
      : undefined;
    if (!row) throw new AppError('UNAUTHORIZED', 'invalid or revoked calendar feed token');
    return row.user_id;
  }

  async #checkFilter(auth: AuthContext, filter: CalendarFilter): Promise<void> {
    if (filter.tournamentId !== undefined) await requireVisibleTournament(this.deps.db, this.access, auth, filter.tournamentId);
    if (filter.circuitId !== undefined) {
      const circuit = await this.deps.db.selectFrom('circuits').select(['id', 'status', 'project_id']).where('id', '=', filter.circuitId).executeTakeFirst();
      const visible =
        circuit !== undefined &&
        (circuit.status !== 'DRAFT' || (auth.kind === 'user' && (await this.access.roleInProject(auth.userId, circuit.project_id)) !== null));
      if (!visible) throw notFound('circuit');
    }
  }
}
