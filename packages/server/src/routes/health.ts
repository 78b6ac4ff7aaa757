import type { OperationHandlers } from '../http/operation';
import { NO_STORE, ok } from '../http/reply';

/** getHealth: status, version, uptime and the database check (200 even when degraded). */
export const healthHandlers: OperationHandlers = {
  getHealth: async (ctx) => ok(await ctx.services.health.check(), NO_STORE),
};
