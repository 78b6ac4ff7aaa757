import type { OperationHandlers } from '../http/operation';
import { created, NO_STORE, noContent, ok } from '../http/reply';

/** Auth operations (register, login, refreshToken, logout, changePassword, changeEmail); their answers are never cached. */
export const authHandlers: OperationHandlers = {
  register: async (ctx, { body }) => created(await ctx.services.auth.register(body), NO_STORE),
  login: async (ctx, { body }) => ok(await ctx.services.auth.login(body), NO_STORE),
  refreshToken: async (ctx, { body }) => ok(await ctx.services.auth.refresh(body.refreshToken), NO_STORE),
  changeEmail: async (ctx, { body }) => ok(await ctx.services.auth.changeEmail(ctx.state.auth, body.currentPassword, body.newEmail), NO_STORE),
  changePassword: async (ctx, { body }) => {
    await ctx.services.auth.changePassword(ctx.state.auth, body.currentPassword, body.newPassword);
    return noContent();
  },
  logout: async (ctx, { body }) => {
    await ctx.services.auth.logout(ctx.state.auth, body?.refreshToken);
    return noContent();
  },
};
