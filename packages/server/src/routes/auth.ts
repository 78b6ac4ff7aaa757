import type { OperationHandlers } from '../http/operation';
import { sendData, sendNoContent } from '../http/respond';
import type { LoginInput, RegisterInput } from '../services/auth/auth-service';

/** Auth operations (register, login, refreshToken, logout); token answers are never cached. */
export const authHandlers: OperationHandlers = {
  register: async (ctx) => {
    const tokens = await ctx.services.auth.register(ctx.state.input.body as RegisterInput);
    ctx.set('Cache-Control', 'no-store');
    sendData(ctx, tokens, 201);
  },
  login: async (ctx) => {
    const tokens = await ctx.services.auth.login(ctx.state.input.body as LoginInput);
    ctx.set('Cache-Control', 'no-store');
    sendData(ctx, tokens);
  },
  refreshToken: async (ctx) => {
    const { refreshToken } = ctx.state.input.body as { refreshToken: string };
    const tokens = await ctx.services.auth.refresh(refreshToken);
    ctx.set('Cache-Control', 'no-store');
    sendData(ctx, tokens);
  },
  logout: async (ctx) => {
    const body = ctx.state.input.body as { refreshToken?: string } | undefined;
    await ctx.services.auth.logout(ctx.state.auth, body?.refreshToken);
    sendNoContent(ctx);
  },
};
