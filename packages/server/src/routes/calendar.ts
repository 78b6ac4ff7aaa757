import type { OperationHandlers } from '../http/operation';
import { created, listed, noContent } from '../http/reply';
import { apiRoot } from './api-root';

/**
 * Calendar operations (R16.1 to R16.4): JSON feed, iCalendar export (bearer or feed token), feed token create/revoke.
 */
export const calendarHandlers: OperationHandlers = {
  getCalendarFeed: async (ctx, { query }) => listed(await ctx.services.calendar.feed(ctx.state.auth, query)),
  exportCalendar: async (ctx, { query }) => {
    const { token, ...filter } = query;
    const caller = { auth: ctx.state.auth, ...(token !== undefined ? { token } : {}), sentApiKey: ctx.state.credentials?.apiKey !== undefined };
    return {
      status: 200,
      type: 'text/calendar',
      body: await ctx.services.calendar.exportIcs(caller, filter),
      headers: { 'Content-Disposition': 'attachment; filename="tourney.ics"', 'Cache-Control': 'private, max-age=300' },
    };
  },
  createCalendarFeedToken: async (ctx) => created(await ctx.services.calendar.createFeedToken(ctx.state.auth, apiRoot(ctx))),
  revokeCalendarFeedToken: async (ctx) => {
    await ctx.services.calendar.revokeFeedToken(ctx.state.auth);
    return noContent();
  },
};
