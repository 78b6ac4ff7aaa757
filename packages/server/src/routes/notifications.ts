import type { OperationHandlers } from '../http/operation';
import { sendData, sendList } from '../http/respond';
import type { NotificationListQuery, NotificationPreferencesUpdate } from '../services/notifications/notification-service';

/** Notification operations (spec 4.6): list, mark one or all read, preferences. */
export const notificationHandlers: OperationHandlers = {
  listNotifications: async (ctx) => {
    const page = await ctx.services.notifications.list(ctx.state.auth, ctx.state.input.query as unknown as NotificationListQuery);
    sendList(ctx, page.items, page.pagination);
  },
  markNotificationRead: async (ctx) => sendData(ctx, await ctx.services.notifications.markRead(ctx.state.auth, ctx.state.input.params.id!)),
  markAllNotificationsRead: async (ctx) => sendData(ctx, await ctx.services.notifications.markAllRead(ctx.state.auth)),
  getNotificationPreferences: async (ctx) => sendData(ctx, await ctx.services.notifications.getPreferences(ctx.state.auth)),
  updateNotificationPreferences: async (ctx) =>
    sendData(ctx, await ctx.services.notifications.updatePreferences(ctx.state.auth, ctx.state.input.body as NotificationPreferencesUpdate)),
};
