/** Row types of the notification tables: notifications, notification_deliveries, notification_preferences. */

/** A notification of a user; data and channels are JSON; in_app 0/1 (listed or only delivered elsewhere). */
export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  data: string;
  channels: string;
  in_app: number;
  /** Unique per user when set: time-based notifications are created once. */
  dedupe_key: string | null;
  read_at: string | null;
  created_at: string;
}

/** A pending delivery of a notification on the EMAIL or WEBHOOK channel, for an external mailer or relay. */
export interface NotificationDeliveriesTable {
  id: string;
  notification_id: string;
  user_id: string;
  channel: string;
  /** PENDING until an external worker marks it DELIVERED. */
  status: string;
  created_at: string;
  delivered_at: string | null;
}

/** A user's channel settings for one notification type (types without a row use the defaults). */
export interface NotificationPreferencesTable {
  user_id: string;
  type: string;
  in_app: number;
  email: number;
  webhook: number;
  updated_at: string;
}
