/** Every notification type (contract: NotificationType; who receives which is documented there). */
export const NOTIFICATION_TYPES = [
  'TOURNAMENT_STARTED',
  'TOURNAMENT_COMPLETED',
  'REGISTRATION_CONFIRMED',
  'CHECK_IN_OPEN',
  'MATCH_READY',
  'MATCH_STARTING_SOON',
  'MATCH_STARTED',
  'MATCH_RESULT_REPORTED',
  'MATCH_COMPLETED',
  'MATCH_DISPUTED',
  'MATCH_RESOLVED',
  'MATCH_RESCHEDULED',
  'MATCH_RESULT_CORRECTED',
  'PARTICIPANT_DISQUALIFIED',
  'STAFF_INVITATION',
  'WEBHOOK_DISABLED',
] as const;

/** A notification type. */
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A delivery channel (contract: NotificationChannel). */
export type NotificationChannel = 'IN_APP' | 'EMAIL' | 'WEBHOOK';

/** Whether one type goes to each channel (contract: NotificationChannelSettings). */
export interface ChannelSettings {
  inApp: boolean;
  email: boolean;
  webhook: boolean;
}

/** Channel settings of a type nobody changed: in-app on, email and webhook off. */
export const DEFAULT_CHANNELS: Readonly<ChannelSettings> = Object.freeze({ inApp: true, email: false, webhook: false });

/** The channels a setting turns on, in contract order. */
export function enabledChannels(settings: ChannelSettings): NotificationChannel[] {
  const out: NotificationChannel[] = [];
  if (settings.inApp) out.push('IN_APP');
  if (settings.email) out.push('EMAIL');
  if (settings.webhook) out.push('WEBHOOK');
  return out;
}

/**
 * A notification to create for one user. `dedupeKey` makes it unique per user (time-based notifications are
 * created once however often their check runs); `data` holds subject ids (contract: Notification.data).
 */
export interface NotificationDraft {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, string>;
  dedupeKey?: string;
}

/** A notification as the API shows it (contract: Notification). */
export interface Notification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, string>;
  channels: NotificationChannel[];
  /** UTC ISO 8601, null while unread. */
  readAt: string | null;
  createdAt: string;
}

/** Minutes before a match's scheduledAt when MATCH_STARTING_SOON is due. */
export const STARTING_SOON_MINUTES = 15;
