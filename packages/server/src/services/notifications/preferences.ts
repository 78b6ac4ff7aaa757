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
 * The channel settings of each of `types` for each of `userIds` (defaults where a user never changed that type), in
 * one query per chunk of users (not one per type), read with `db`: `result.get(type).get(userId)`.
 */
export async function channelSettingsByType(
  db: EventDb,
  userIds: readonly string[],
  types: readonly NotificationType[],
): Promise<Map<NotificationType, Map<string, NotificationChannelSettings>>> {
  const out = new Map<NotificationType, Map<string, NotificationChannelSettings>>();
  for (const type of types) out.set(type, new Map(userIds.map((id) => [id, { ...DEFAULT_CHANNELS }])));
  if (types.length === 0) return out;
  for (const ids of chunks([...new Set(userIds)])) {
    const rows = await db
      .selectFrom('notification_preferences')
      .selectAll()
      .where('type', 'in', [...types])
      .where('user_id', 'in', ids)
      .execute();
    for (const row of rows) out.get(row.type as NotificationType)?.set(row.user_id, toSettings(row));
  }
  return out;
}
