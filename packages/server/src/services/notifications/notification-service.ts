import type { AuthContext } from '../../auth/auth-context';
import { notFound } from '../../errors/app-error';
import { dueNotificationDrafts } from './due';
import { toNotification } from './mapper';
import { readPreferences } from './preferences';
import type {
  MarkAllReadResult,
  Notification,
  NotificationChannelSettings,
  NotificationListQuery,
  NotificationPreferences,
  NotificationPreferencesUpdate,
  NotificationType,
} from '../../contract-types';
import { recordNotifications, withoutDuplicates } from './writer';
import { newestFirstPage, withTotalCap } from '../../db/page-query';
import type { Page } from '../../db/page-query';
import { DomainService } from '../domain-service';

/**
 * The caller's notifications and their preferences (R15.6 to R15.8). Notifications are created by the event subscriber
 * (notifications/event-subscriber.ts), by the staff service (STAFF_INVITATION) and, for time-based ones, by
 * `sweepDue` (run for the caller before each list, and for everyone by whoever calls `sweepDue()` on a timer).
 * Every operation needs a user token (403 API_KEY_NOT_ALLOWED for keys).
 */
export class NotificationService extends DomainService {
  /**
   * Creates the time-based notifications due now (CHECK_IN_OPEN, MATCH_READY, MATCH_STARTING_SOON), for one user or
   * everyone. Returns how many were created. Idempotent, also with several processes on one database: each carries a
   * dedupe key unique per user; a read-only pass first finds whether anything is new (usually not: no write lock
   * taken), and only then are the drafts computed again and written in a write transaction (on SQLite `BEGIN IMMEDIATE`,
   * db/dialect.ts), which waits for another process's sweep to commit and then sees its rows; rows another
   * process wrote meanwhile are skipped by their dedupe key (ON CONFLICT DO NOTHING).
   */
  async sweepDue(userId?: string): Promise<number> {
    const now = this.deps.clock.now();
    const fresh = await withoutDuplicates(this.deps.db, await dueNotificationDrafts(this.deps.db, now, userId));
    if (fresh.length === 0) return 0;
    return this.deps.db.transaction().execute(async (db) => {
      const drafts = await dueNotificationDrafts(db, now, userId);
      return drafts.length === 0 ? 0 : recordNotifications(db, now.toISOString(), drafts);
    });
  }

  /** The caller's in-app notifications, newest first; `unreadOnly` keeps the unread ones. Due ones are created first. */
  async list(auth: AuthContext, query: NotificationListQuery): Promise<Page<Notification>> {
    const userId = this.access.requireUser(auth);
    await this.sweepDue(userId);
    let base = this.deps.db.selectFrom('notifications').where('user_id', '=', userId).where('in_app', '=', 1);
    if (query.unreadOnly) base = base.where('read_at', 'is', null);
    return newestFirstPage(base, withTotalCap(query, this.deps.config.listTotalCap), toNotification);
  }

  /** Marks one of the caller's in-app notifications read (readAt keeps its first value). 404 for anyone else's. */
  async markRead(auth: AuthContext, id: string): Promise<Notification> {
    const userId = this.access.requireUser(auth);
    const now = this.deps.clock.now().toISOString();
    const row = await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('notifications')
        .set({ read_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('in_app', '=', 1)
        .where('read_at', 'is', null)
        .execute();
      return trx.selectFrom('notifications').selectAll().where('id', '=', id).where('user_id', '=', userId).where('in_app', '=', 1).executeTakeFirst();
    });
    if (!row) throw notFound('notification');
    return toNotification(row);
  }

  /** Marks every unread in-app notification of the caller read; returns how many changed. */
  async markAllRead(auth: AuthContext): Promise<MarkAllReadResult> {
    const userId = this.access.requireUser(auth);
    const result = await this.deps.db
      .updateTable('notifications')
      .set({ read_at: this.deps.clock.now().toISOString() })
      .where('user_id', '=', userId)
      .where('in_app', '=', 1)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return { updated: Number(result.numUpdatedRows) };
  }

  /** The caller's channel settings for every type (defaults: in-app on, email and webhook off). */
  async getPreferences(auth: AuthContext): Promise<NotificationPreferences> {
    const userId = this.access.requireUser(auth);
    return readPreferences(this.deps.db, userId);
  }

  /** Changes the named channels of the named types; the rest keep their settings. Returns the full set. */
  async updatePreferences(auth: AuthContext, input: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
    const userId = this.access.requireUser(auth);
    const now = this.deps.clock.now().toISOString();
    return this.deps.db.transaction().execute(async (trx) => {
      // Under the user's lock, read after it: two changes at once each keep the other's (updateNotificationPreferences,
      // R18.12).
      await this.deps.dialect.lockRows(trx, 'users', [userId]);
      const current = await readPreferences(trx, userId);
      for (const [type, change] of Object.entries(input.types) as Array<[NotificationType, Partial<NotificationChannelSettings>]>) {
        const next = { ...current.types[type], ...change };
        const row = { in_app: next.inApp ? 1 : 0, email: next.email ? 1 : 0, webhook: next.webhook ? 1 : 0, updated_at: now };
        await trx
          .insertInto('notification_preferences')
          .values({ user_id: userId, type, ...row })
          .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet(row))
          .execute();
      }
      return readPreferences(trx, userId);
    });
  }
}
