import type { OperationHandlers, OperationReply } from '../http/operation';

/**
 * streamTournamentEvents (R28.1 to R28.3): checks the caller may read the tournament, then answers a
 * `text/event-stream` body fed by the app's LiveStreams, resuming after `Last-Event-ID` (or `lastEventId`).
 */
export const liveEventHandlers: OperationHandlers = {
  streamTournamentEvents: async (ctx, { params, query, headers }) => {
    await ctx.services.live.checkReadable(ctx.state.auth, params.id);
    const header = headers['last-event-id'];
    const lastEventId = header !== undefined ? Number(header) : (query.lastEventId ?? null);
    const { body, stop } = await ctx.liveStreams.start(params.id, lastEventId, () => ctx.deps.clock.now().toISOString());
    ctx.req.on('close', stop);
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    const reply = {
      status: 200,
      type: 'text/event-stream',
      // The body is a stream of SSE text (the contract's string), written as events are committed.
      body: body as unknown as string,
      headers: { 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' },
    } as const;
    return reply satisfies OperationReply<'streamTournamentEvents'>;
  },
};
