import type { OperationHandlers } from '../http/operation';
import { sendData } from '../http/respond';

/** getHealth: status, version, uptime and the database check (200 even when degraded). */
export const healthHandlers: OperationHandlers = {
  getHealth: async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    sendData(ctx, await ctx.services.health.check());
  },
};
