import { membersOf, type Notification, type NotificationChannel, type NotificationChannelSettings, type NotificationType } from '../../contract-types';

/** Every notification type (contract: NotificationType; who receives which is documented there). */
export const NOTIFICATION_TYPES = membersOf<NotificationType>({
  TOURNAMENT_STARTED: true,
  TOURNAMENT_COMPLETED: true,
  REGISTRATION_CONFIRMED: true,
  CHECK_IN_OPEN: true,
  MATCH_READY: true,
  MATCH_STARTING_SOON: true,
  MATCH_STARTED: true,
  MATCH_RESULT_REPORTED: true,
  MATCH_COMPLETED: true,
  MATCH_DISPUTED: true,
  MATCH_RESOLVED: true,
  MATCH_RESCHEDULED: true,
  MATCH_RESULT_CORRECTED: true,
  PARTICIPANT_DISQUALIFIED: true,
  STAFF_INVITATION: true,
  WEBHOOK_DISABLED: true,
});

/** Channel settings of a type nobody changed: in-app on, email and webhook off. */
export const DEFAULT_CHANNELS: Readonly<NotificationChannelSettings> = Object.freeze({ inApp: true, email: false, webhook: false });

/** The channels a setting turns on, in contract order. */
export function enabledChannels(settings: NotificationChannelSettings): NotificationChannel[] {
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
export type NotificationDraft = Pick<Notification, 'type' | 'title' | 'message' | 'data'> & {
  userId: string;
  dedupeKey?: string;
  /**
   * The instant (UTC ISO 8601) its message announces with scheduledSuffix (` on 2030-06-01 12:00 UTC`): the writer
   * writes it in the recipient's time zone when they set one (R15.10).
   */
  at?: string | null;
};

/** Minutes before a match's scheduledAt when MATCH_STARTING_SOON is due. */
export const STARTING_SOON_MINUTES = 15;
