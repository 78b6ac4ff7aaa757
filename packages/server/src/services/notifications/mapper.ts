import type { Selectable } from 'kysely';
import type { NotificationsTable } from '../../db/schema';
import type { Notification, NotificationChannel, NotificationType } from '../../contract-types';

/** A notifications row as the API shows it (contract: Notification). */
export function toNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    data: JSON.parse(row.data) as Record<string, string>,
    channels: JSON.parse(row.channels) as NotificationChannel[],
    readAt: row.read_at,
    createdAt: row.created_at,
  };
}
