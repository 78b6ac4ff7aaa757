import type { OperationHandlers } from '../http/operation';
import { created, NO_STORE, listed, noContent } from '../http/reply';

/** API key operations: createApiKey (secret shown once, never cached), listApiKeys, revokeApiKey. */
export const apiKeyHandlers: OperationHandlers = {
  createApiKey: async (ctx, { body }) => created(await ctx.services.apiKeys.create(ctx.state.auth, body), NO_STORE),
  listApiKeys: async (ctx, { query }) => listed(await ctx.services.apiKeys.list(ctx.state.auth, query)),
  revokeApiKey: async (ctx, { params }) => {
    await ctx.services.apiKeys.revoke(ctx.state.auth, params.id);
    return noContent();
  },
};
