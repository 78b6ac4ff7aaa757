import type { OperationHandlers } from '../http/operation';
import { accepted, created, listed, NO_STORE, noContent, ok } from '../http/reply';

/**
 * Webhook operations (R10.1 to R10.10): subscriptions (list, create, get, update, delete, rotate secret), test
 * events and the delivery log (list, get, redeliver). Answers carrying a secret are never cached.
 */
export const webhookHandlers: OperationHandlers = {
  listWebhooks: async (ctx, { query }) => listed(await ctx.services.webhooks.list(ctx.state.auth, query)),
  createWebhook: async (ctx, { body }) => created(await ctx.services.webhooks.create(ctx.state.auth, body), NO_STORE),
  getWebhook: async (ctx, { params }) => ok(await ctx.services.webhooks.get(ctx.state.auth, params.id)),
  updateWebhook: async (ctx, { params, body }) => ok(await ctx.services.webhooks.update(ctx.state.auth, params.id, body)),
  deleteWebhook: async (ctx, { params }) => {
    await ctx.services.webhooks.delete(ctx.state.auth, params.id);
    return noContent();
  },
  rotateWebhookSecret: async (ctx, { params, body }) =>
    ok(await ctx.services.webhooks.rotateSecret(ctx.state.auth, params.id, body ?? {}), NO_STORE),
  sendWebhookTest: async (ctx, { params }) => accepted(await ctx.services.webhooks.sendTest(ctx.state.auth, params.id)),
  listWebhookDeliveries: async (ctx, { params, query }) =>
    listed(await ctx.services.webhooks.listDeliveries(ctx.state.auth, params.id, query)),
  getWebhookDelivery: async (ctx, { params }) => ok(await ctx.services.webhooks.getDelivery(ctx.state.auth, params.id, params.deliveryId)),
  redeliverWebhook: async (ctx, { params }) => accepted(await ctx.services.webhooks.redeliver(ctx.state.auth, params.id, params.deliveryId)),
};
