import type { OperationHandlers } from '../http/operation';
import { sendData, sendList, sendNoContent } from '../http/respond';
import { API_PREFIX } from '../http/router';
import type { CalendarFilter } from '../services/calendar/types';
import type { PageQuery } from '../db/page-query';

const filterOf = (query: Record<string, unknown>): CalendarFilter => ({
  ...(typeof query.tournamentId === 'string' ? { tournamentId: query.tournamentId } : {}),
  ...(typeof query.circuitId === 'string' ? { circuitId: query.circuitId } : {}),
  ...(typeof query.from === 'string' ? { from: query.from } : {}),
  ...(typeof query.to === 'string' ? { to: query.to } : {}),
});

/**
 * Calendar operations (R16.1 to R16.4): JSON feed, iCalendar export (bearer or feed token), feed token create/revoke.
 */
export const calendarHandlers: OperationHandlers = {
  getCalendarFeed: async (ctx) => {
    const { query } = ctx.state.input;
    const page = await ctx.services.calendar.feed(ctx.state.auth, filterOf(query), query as unknown as PageQuery);
    sendList(ctx, page.items, page.pagination);
  },
  exportCalendar: async (ctx) => {
    const { query } = ctx.state.input;
    const ics = await ctx.services.calendar.exportIcs(
      {
        auth: ctx.state.auth,
        ...(typeof query.token === 'string' ? { token: query.token } : {}),
        sentApiKey: ctx.state.credentials?.apiKey !== undefined,
      },
      filterOf(query),
    );
    ctx.status = 200;
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', 'attachment; filename="tourney.ics"');
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.body = ics;
  },
  createCalendarFeedToken: async (ctx) => {
    const apiRoot = ctx.deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}${API_PREFIX}`;
    sendData(ctx, await ctx.services.calendar.createFeedToken(ctx.state.auth, apiRoot), 201);
  },
  revokeCalendarFeedToken: async (ctx) => {
    await ctx.services.calendar.revokeFeedToken(ctx.state.auth);
    sendNoContent(ctx);
  },
};
