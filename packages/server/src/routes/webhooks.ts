import type { OperationHandlers } from '../http/operation';
import { sendData, sendList, sendNoContent } from '../http/respond';
import type {
  WebhookCreateInput,
  WebhookDeliveryListQuery,
  WebhookListQuery,
  WebhookRotateInput,
  WebhookUpdateInput,
} from '../services/webhooks/webhook-service';

/**
 * Webhook operations (spec 4.7, Part 6): subscriptions (list, create, get, update, delete, rotate secret), test
 * events and the delivery log (list, get, redeliver). Answers carrying a secret are never cached.
 */
export const webhookHandlers: OperationHandlers = {
  listWebhooks: async (ctx) => {
    const page = await ctx.services.webhooks.list(ctx.state.auth, ctx.state.input.query as unknown as WebhookListQuery);
    sendList(ctx, page.items, page.pagination);
  },
  createWebhook: async (ctx) => {
    const created = await ctx.services.webhooks.create(ctx.state.auth, ctx.state.input.body as WebhookCreateInput);
    ctx.set('Cache-Control', 'no-store');
    sendData(ctx, created, 201);
  },
  getWebhook: async (ctx) => {
    sendData(ctx, await ctx.services.webhooks.get(ctx.state.auth, ctx.state.input.params.id!));
  },
  updateWebhook: async (ctx) => {
    const { auth, input } = ctx.state;
    sendData(ctx, await ctx.services.webhooks.update(auth, input.params.id!, input.body as WebhookUpdateInput));
  },
  deleteWebhook: async (ctx) => {
    await ctx.services.webhooks.delete(ctx.state.auth, ctx.state.input.params.id!);
    sendNoContent(ctx);
  },
  rotateWebhookSecret: async (ctx) => {
    const { auth, input } = ctx.state;
    const rotated = await ctx.services.webhooks.rotateSecret(auth, input.params.id!, (input.body ?? {}) as WebhookRotateInput);
    ctx.set('Cache-Control', 'no-store');
    sendData(ctx, rotated);
  },
  sendWebhookTest: async (ctx) => {
    sendData(ctx, await ctx.services.webhooks.sendTest(ctx.state.auth, ctx.state.input.params.id!), 202);
  },
  listWebhookDeliveries: async (ctx) => {
    const { auth, input } = ctx.state;
    const page = await ctx.services.webhooks.listDeliveries(auth, input.params.id!, input.query as unknown as WebhookDeliveryListQuery);
    sendList(ctx, page.items, page.pagination);
  },
  getWebhookDelivery: async (ctx) => {
    const { auth, input } = ctx.state;
    sendData(ctx, await ctx.services.webhooks.getDelivery(auth, input.params.id!, input.params.deliveryId!));
  },
  redeliverWebhook: async (ctx) => {
    const { auth, input } = ctx.state;
    sendData(ctx, await ctx.services.webhooks.redeliver(auth, input.params.id!, input.params.deliveryId!), 202);
  },
};
