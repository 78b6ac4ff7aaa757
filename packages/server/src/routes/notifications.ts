import type { OperationHandlers } from '../http/operation';
import { listed, ok } from '../http/reply';

/** Notification operations (R15.6, R15.7): list, mark one or all read, preferences. */
export const notificationHandlers: OperationHandlers = {
  listNotifications: async (ctx, { query }) => listed(await ctx.services.notifications.list(ctx.state.auth, query)),
  markNotificationRead: async (ctx, { params }) => ok(await ctx.services.notifications.markRead(ctx.state.auth, params.id)),
  markAllNotificationsRead: async (ctx) => ok(await ctx.services.notifications.markAllRead(ctx.state.auth)),
  getNotificationPreferences: async (ctx) => ok(await ctx.services.notifications.getPreferences(ctx.state.auth)),
  updateNotificationPreferences: async (ctx, { body }) => ok(await ctx.services.notifications.updatePreferences(ctx.state.auth, body)),
};
