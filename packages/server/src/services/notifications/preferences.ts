import type { Selectable } from 'kysely';
import type { EventDb } from '../events';
import type { NotificationPreferencesTable } from '../../db/schema';
import { chunks } from '../../db/chunks';
import { DEFAULT_CHANNELS, NOTIFICATION_TYPES } from './types';
import type { NotificationChannelSettings, NotificationPreferences, NotificationType } from '../../contract-types';

/** A preferences row as stored (0/1 integers). */
type PreferenceRow = Selectable<NotificationPreferencesTable>;

const toSettings = (row: PreferenceRow): NotificationChannelSettings => ({
  inApp: row.in_app === 1,
  email: row.email === 1,
  webhook: row.webhook === 1,
});

/** One user's preferences: stored rows over the defaults (in-app on, email and webhook off). */
export async function readPreferences(db: EventDb, userId: string): Promise<NotificationPreferences> {
  const rows = await db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).execute();
  const types = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, { ...DEFAULT_CHANNELS }])) as Record<NotificationType, NotificationChannelSettings>;
  let updatedAt: string | null = null;
  for (const row of rows) {
    if (!(NOTIFICATION_TYPES as readonly string[]).includes(row.type)) continue;
    types[row.type as NotificationType] = toSettings(row);
    if (updatedAt === null || row.updated_at > updatedAt) updatedAt = row.updated_at;
  }
  return { types, updatedAt };
}

/**
 * The channel settings of `type` for each of `userIds` (defaults where a user never changed that type), read with
 * `db` (inside the caller's transaction when there is one).
 */
export async function channelSettingsFor(db: EventDb, userIds: readonly string[], type: NotificationType): Promise<Map<string, NotificationChannelSettings>> {
  const out = new Map<string, NotificationChannelSettings>();
  for (const id of userIds) out.set(id, { ...DEFAULT_CHANNELS });
  for (const ids of chunks([...new Set(userIds)])) {
    const rows = await db
      .selectFrom('notification_preferences')
      .selectAll()
      .where('type', '=', type)
      .where('user_id', 'in', ids)
      .execute();
    for (const row of rows) out.set(row.user_id, toSettings(row));
  }
  return out;
}
