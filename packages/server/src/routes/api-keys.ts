import type { OperationHandlers } from '../http/operation';
import { sendData, sendList, sendNoContent } from '../http/respond';
import type { ApiKeyCreateInput, ApiKeyListQuery } from '../services/api-keys/api-key-service';

/** API key operations: createApiKey (secret shown once, never cached), listApiKeys, revokeApiKey. */
export const apiKeyHandlers: OperationHandlers = {
  createApiKey: async (ctx) => {
    const created = await ctx.services.apiKeys.create(ctx.state.auth, ctx.state.input.body as ApiKeyCreateInput);
    ctx.set('Cache-Control', 'no-store');
    sendData(ctx, created, 201);
  },
  listApiKeys: async (ctx) => {
    const page = await ctx.services.apiKeys.list(ctx.state.auth, ctx.state.input.query as unknown as ApiKeyListQuery);
    sendList(ctx, page.items, page.pagination);
  },
  revokeApiKey: async (ctx) => {
    await ctx.services.apiKeys.revoke(ctx.state.auth, ctx.state.input.params.id!);
    sendNoContent(ctx);
  },
};
