import type { EventDb } from '../events';
import type { NotificationDraft } from './types';
import type { WebhookDisabledReason as ContractDisabledReason } from '../../contract-types';

/** Why the dispatcher disabled a subscription: the receiver answered 410 Gone, or a delivery failed on every retry. */
export type WebhookDisabledReason = Exclude<ContractDisabledReason, 'MANUAL'>;

/** What the WEBHOOK_DISABLED notification says about a subscription the dispatcher just disabled. */
export interface WebhookDisabledInput {
  subscriptionId: string;
  reason: WebhookDisabledReason;
  /** Attempts the failing delivery made (its last one included). */
  attempts: number;
  /** The last attempt's error as logged on the delivery (`HTTP 503`, `no answer within 10000 ms` ...), if any. */
  lastError: string | null;
}

/**
 * WEBHOOK_DISABLED drafts (R15.9: a subscription disabled after repeated failures is notified to the people who
 * manage the project's webhooks) for every OWNER and ADMIN of the organization owning the subscription's project, read
 * with `db` (the dispatcher's transaction that disables the subscription). `data` carries subscriptionId, url,
 * reason (GONE | FAILING), projectId and organizationId. No dedupe key: the dispatcher disables a subscription once
 * per enabled period (a conditional update), and a subscription enabled again and disabled again is news again.
 * Empty when the subscription no longer exists.
 */
export async function webhookDisabledDrafts(db: EventDb, input: WebhookDisabledInput): Promise<NotificationDraft[]> {
  const sub = await db
    .selectFrom('webhook_subscriptions as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['s.id', 's.url', 's.project_id', 'p.name as project_name', 'p.organization_id'])
    .where('s.id', '=', input.subscriptionId)
    .executeTakeFirst();
  if (!sub) return [];
  const staff = await db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', sub.organization_id)
    .where('role', 'in', ['OWNER', 'ADMIN'])
    .execute();
  const why =
    input.reason === 'GONE'
      ? 'the receiver answered 410 Gone'
      : `a delivery failed on all ${input.attempts} attempts${input.lastError ? ` (last: ${input.lastError})` : ''}`;
  const message =
    `The webhook subscription to ${sub.url} was disabled: ${why}. It receives no new events; deliveries already ` +
    'queued wait and go out once it is enabled again (PATCH /developer/webhooks/{id} with enabled: true).';
  return [...new Set(staff.map((m) => m.user_id))].map((userId) => ({
    userId,
    type: 'WEBHOOK_DISABLED' as const,
    title: `Webhook disabled in ${sub.project_name}`,
    message,
    data: { subscriptionId: sub.id, url: sub.url, reason: input.reason, projectId: sub.project_id, organizationId: sub.organization_id },
  }));
}
