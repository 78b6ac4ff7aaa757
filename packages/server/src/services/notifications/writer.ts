import type { Selectable } from 'kysely';
import { newId } from '../../ids';
import type { NotificationDeliveriesTable, NotificationsTable } from '../../db/schema';
import type { EventDb } from '../events';
import { chunks } from '../../db/chunks';
import { scheduledSuffix } from './messages';
import { channelSettingsByType } from './preferences';
import { enabledChannels, type NotificationDraft } from './types';
import type { NotificationType } from '../../contract-types';

/**
 * Creates notifications with `db` (call it inside the transaction of the change that causes them), respecting each
 * recipient's preferences for the draft's type at this moment: no channel on -> nothing is created; IN_APP on ->
 * listed by GET /notifications; EMAIL / WEBHOOK on -> a PENDING row in notification_deliveries per channel (this
 * server sends neither; an external mailer or relay reads them: docs/decisions.md "Notification channels").
 * Drafts whose `dedupeKey` the user already has (or that repeat one in the batch, or that a concurrent writer on
 * the same database inserted first) are skipped. The instant a draft announces (`at`) is written in its recipient's
 * time zone when they set one (R15.10). `now` is the UTC ISO 8601 creation instant. Returns how many notifications
 * were created.
 */
export async function recordNotifications(db: EventDb, now: string, drafts: readonly NotificationDraft[]): Promise<number> {
  const fresh = await withoutDuplicates(db, drafts);
  if (fresh.length === 0) return 0;
  const byType = new Map<NotificationType, NotificationDraft[]>();
  for (const d of fresh) byType.set(d.type, [...(byType.get(d.type) ?? []), d]);

  const notifications: Selectable<NotificationsTable>[] = [];
  const deliveries: Selectable<NotificationDeliveriesTable>[] = [];
  const settingsByType = await channelSettingsByType(db, fresh.map((d) => d.userId), [...byType.keys()]);
  const zones = await timeZonesOf(db, fresh.filter((d) => d.at).map((d) => d.userId));
  for (const [type, list] of byType) {
    const settings = settingsByType.get(type)!;
    for (const d of list) {
      const channels = enabledChannels(settings.get(d.userId)!);
      if (channels.length === 0) continue;
      const id = newId();
      notifications.push({
        id,
        user_id: d.userId,
        type,
        title: d.title.slice(0, 200),
        message: inTimeZone(d, zones.get(d.userId) ?? null).slice(0, 2000),
        data: JSON.stringify(d.data),
        channels: JSON.stringify(channels),
        in_app: channels.includes('IN_APP') ? 1 : 0,
        dedupe_key: d.dedupeKey ?? null,
        read_at: null,
        created_at: now,
      });
      for (const channel of channels) {
        if (channel === 'IN_APP') continue;
        deliveries.push({ id: newId(), notification_id: id, user_id: d.userId, channel, status: 'PENDING', created_at: now, delivered_at: null });
      }
    }
  }
  // A keyed notification another process created since the duplicate check is skipped (the unique (user, key)
  // constraint), and so are its deliveries.
  const inserted = new Set<string>();
  for (const rows of chunks(notifications)) {
    const ids = await db
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .returning('id')
      .execute();
    for (const r of ids) inserted.add(r.id);
  }
  const kept = deliveries.filter((d) => inserted.has(d.notification_id));
  for (const rows of chunks(kept)) await db.insertInto('notification_deliveries').values(rows).execute();
  return inserted.size;
}

/** The time zones set by those of `userIds` who set one (R15.10); no statement when there is nobody to ask. */
async function timeZonesOf(db: EventDb, userIds: readonly string[]): Promise<Map<string, string>> {
  const zones = new Map<string, string>();
  for (const ids of chunks([...new Set(userIds)])) {
    const rows = await db.selectFrom('users').select(['id', 'time_zone']).where('id', 'in', ids).where('time_zone', 'is not', null).execute();
    for (const r of rows) zones.set(r.id, r.time_zone!);
  }
  return zones;
}

/**
 * The draft's message with the instant it announces (`at`, written by scheduledSuffix in UTC) in `timeZone` instead;
 * the last occurrence is the suffix (names come before it), and the message is unchanged without an instant or a zone.
 */
function inTimeZone(draft: NotificationDraft, timeZone: string | null): string {
  if (!draft.at || timeZone === null) return draft.message;
  const utc = scheduledSuffix(draft.at);
  const where = draft.message.lastIndexOf(utc);
  return where < 0 ? draft.message : draft.message.slice(0, where) + scheduledSuffix(draft.at, timeZone) + draft.message.slice(where + utc.length);
}

/**
 * Drops drafts whose (user, dedupeKey) exists already or appeared earlier in the batch; drafts without a key stay.
 * Read with `db` (a transaction's or not: callers may check outside a transaction whether anything is left to write).
 */
export async function withoutDuplicates(db: EventDb, drafts: readonly NotificationDraft[]): Promise<NotificationDraft[]> {
  const keyed = drafts.filter((d) => d.dedupeKey !== undefined);
  const taken = new Set<string>();
  const keys = [...new Set(keyed.map((d) => d.dedupeKey!))];
  for (const part of chunks(keys)) {
    const rows = await db
      .selectFrom('notifications')
      .select(['user_id', 'dedupe_key'])
      .where('dedupe_key', 'in', part)
      .execute();
    for (const r of rows) taken.add(`${r.user_id}\u0000${r.dedupe_key}`);
  }
  const out: NotificationDraft[] = [];
  for (const d of drafts) {
    if (d.dedupeKey !== undefined) {
      const key = `${d.userId}\u0000${d.dedupeKey}`;
      if (taken.has(key)) continue;
      taken.add(key);
    }
    out.push(d);
  }
  return out;
}
