import type { Selectable } from 'kysely';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../../db/schema';
import type { Db } from '../../db/db';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../../auth/auth-context';
import { AppError, invalidField, notFound } from '../../errors/app-error';
import { newId } from '../../ids';
import { ADMIN_ROLES, type AccessService } from '../access';
import type { EventSubscriber } from '../events';
import { newestFirstPage, queryPage, toPage, withTotalCap } from '../../db/page-query';
import type { Page } from '../../db/page-query';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './dispatcher';
import { TEST_EVENT_TYPE } from './event-types';
import { checkAntiCheatEvents, checkEvents, dropUnselectedDeliveries, MAX_SUBSCRIPTIONS_PER_PROJECT, requireEnabled, subscribedEvents } from './subscription-rules';
import { createWebhookFanout, newDeliveryRow } from './fanout';
import { toWebhookDelivery, toWebhookSubscription } from './mappers';
import type {
  WebhookCreate,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookListQuery,
  WebhookSecretRotate,
  WebhookSecretRotated,
  WebhookSubscription,
  WebhookUpdate,
} from '../../contract-types';
import { maxAttemptsOf } from './retry-schedule';
import { newWebhookSecret, rotatedSecrets } from './secrets';
import { assertSafeWebhookUrl, type HostResolver, systemResolver, UnsafeWebhookUrlError } from './url-safety';

/** Injectable parts (tests, embedders): the resolver of the URL check and the dispatcher's options. */
export interface WebhookServiceOptions {
  resolveHost?: HostResolver;
  dispatcher?: WebhookDispatcherOptions;
}

/** The columns an update of a subscription writes: only those it changes, and updated_at. */
type WebhookSubscriptionChange = Partial<Selectable<WebhookSubscriptionsTable>> & { updated_at: string };

/** Default overlap of a secret rotation, seconds (24 h). */
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 86_400;

const REQUIREMENT = { roles: ADMIN_ROLES, resource: 'webhook subscription', scope: 'manage:webhooks' as const, private: true };

/** Text of the `webhook.test` event's data.message. */
const TEST_MESSAGE = 'Test event from Tourney: your endpoint receives and verifies webhooks.';

/**
 * Webhook subscriptions of a project and their delivery log (R10.1 to R10.10).
 * Callers: an API key of the project with manage:webhooks, or an OWNER/ADMIN user (with `projectId` to create or
 * list). Another project's subscription is 404 for a key. Owns the dispatcher (started by startServer) and the
 * EventSubscriber that queues deliveries in the transaction of each event (registered by createApp).
 */
export class WebhookService {
  /** Sends queued deliveries; startServer starts and stops it. */
  readonly dispatcher: WebhookDispatcher;
  /** Queues deliveries for recorded events, inside their transaction (createApp adds it to deps.eventSubscribers). */
  readonly fanout: EventSubscriber;
  readonly #resolveHost: HostResolver;
  readonly #maxAttempts: number;

  constructor(
    private readonly deps: AppDeps,
    private readonly access: AccessService,
    options: WebhookServiceOptions = {},
  ) {
    this.#resolveHost = options.resolveHost ?? options.dispatcher?.resolveHost ?? systemResolver;
    this.dispatcher = new WebhookDispatcher(deps, { resolveHost: this.#resolveHost, ...options.dispatcher });
    this.#maxAttempts = maxAttemptsOf(deps.config.webhookRetryScheduleSeconds);
    this.fanout = createWebhookFanout({ maxAttempts: this.#maxAttempts, onQueued: () => this.dispatcher.wake() });
  }

  /**
   * Subscriptions of the project, newest first. Users pass `projectId` (400 naming query.projectId when missing) and
   * must be OWNER/ADMIN; keys list their own project.
   */
  async list(auth: AuthContext, query: WebhookListQuery): Promise<Page<WebhookSubscription>> {
    const projectId = await this.access.resolveProjectToList(auth, query.projectId, REQUIREMENT);
    const base = this.deps.db.selectFrom('webhook_subscriptions').where('project_id', '=', projectId);
    return newestFirstPage(base, withTotalCap(query, this.deps.config.listTotalCap), toWebhookSubscription);
  }

  /** One subscription (without secrets). 404 when unknown or another project's. */
  async get(auth: AuthContext, id: string): Promise<WebhookSubscription> {
    return toWebhookSubscription(await this.#load(auth, id));
  }

  /**
   * Subscribes `url` to `events` (names of WebhookEventType or `*`) and returns the subscription with its secret,
   * the only time it is shown.
   * @throws AppError 400 naming body.url (scheme, credentials, unresolvable host, private address unless
   *   config.allowPrivateWebhookUrls) or body.events[i] (unknown name); 403 INSUFFICIENT_SCOPE for a key selecting
   *   the anti-cheat events without anticheat:detections.read; 409 CONFLICT when the project already has
   *   MAX_SUBSCRIPTIONS_PER_PROJECT subscriptions.
   */
  async create(auth: AuthContext, input: WebhookCreate): Promise<WebhookCreated> {
    const { projectId } = await this.access.resolveProjectForCreate(auth, input.projectId, REQUIREMENT);
    const events = checkEvents(input.events);
    checkAntiCheatEvents(auth, events);
    await this.#checkUrl(input.url);
    const now = this.deps.clock.now().toISOString();
    const enabled = input.enabled ?? true;
    const row: Selectable<WebhookSubscriptionsTable> = {
      id: newId(),
      project_id: projectId,
      url: input.url,
      events: JSON.stringify(events),
      enabled: enabled ? 1 : 0,
      disabled_reason: enabled ? null : 'MANUAL',
      disabled_at: enabled ? null : now,
      secret: newWebhookSecret(),
      previous_secret: null,
      previous_secret_expires_at: null,
      older_secrets: null,
      created_at: now,
      updated_at: now,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      // Counted under a lock of the project's subscriptions: several creations at once never pass the cap together.
      await this.deps.dialect.lockKey(trx, `webhook-subscriptions:${projectId}`);
      const { count } = await trx.selectFrom('webhook_subscriptions').select((eb) => eb.fn.countAll<number>().as('count')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
      if (Number(count) >= MAX_SUBSCRIPTIONS_PER_PROJECT) {
        throw new AppError('CONFLICT', `a project has at most ${MAX_SUBSCRIPTIONS_PER_PROJECT} webhook subscriptions; delete one first (one subscription may select many events)`);
      }
      await trx.insertInto('webhook_subscriptions').values(row).execute();
    });
    return { ...toWebhookSubscription(row), secret: row.secret };
  }

  /**
   * Changes url, events or enabled, each only when sent (without `enabled` the subscription stays enabled or disabled
   * as it is, e.g. by the dispatcher); the secret is kept. Enabling clears the disabled reason (pending deliveries
   * resume); disabling records MANUAL. 400 and 403 as for create: the events the subscription has after the change
   * are checked, so a key without anticheat:detections.read can neither add the anti-cheat events nor redirect or
   * re-enable a subscription that has them (R10.2). Pending deliveries of event types the new events no longer
   * select are dropped (FAILED) in the same transaction, so none follows the URL sent with them or a later one.
   */
  async update(auth: AuthContext, id: string, input: WebhookUpdate): Promise<WebhookSubscription> {
    const found = await this.#load(auth, id);
    const events = input.events === undefined ? undefined : checkEvents(input.events);
    checkAntiCheatEvents(auth, events ?? subscribedEvents(found));
    if (input.url !== undefined) await this.#checkUrl(input.url); // before the lock: it may wait for DNS
    const now = this.deps.clock.now().toISOString();
    // Decided on the row as it is under its lock, and only the fields sent are written (updateWebhook, R18.12): a
    // concurrent PATCH of other fields, or the dispatcher disabling the subscription (GONE, FAILING), is kept.
    const { before, after } = await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.#lockedRow(trx, id);
      checkAntiCheatEvents(auth, events ?? subscribedEvents(row));
      if (events !== undefined) await dropUnselectedDeliveries(trx, id, events, now);
      const change: WebhookSubscriptionChange = { updated_at: now };
      if (input.url !== undefined) change.url = input.url;
      if (events !== undefined) change.events = JSON.stringify(events);
      if (input.enabled === true && row.enabled === 0) Object.assign(change, { enabled: 1, disabled_reason: null, disabled_at: null });
      if (input.enabled === false && row.enabled === 1) Object.assign(change, { enabled: 0, disabled_reason: 'MANUAL', disabled_at: now });
      await trx.updateTable('webhook_subscriptions').set(change).where('id', '=', id).execute();
      return { before: row, after: { ...row, ...change } };
    });
    if (after.enabled === 1 && before.enabled === 0) this.dispatcher.wake();
    return toWebhookSubscription(after);
  }

  /** Deletes a subscription with its deliveries and attempts (pending ones are dropped). 404 when unknown. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.#load(auth, id);
    await this.deps.db.transaction().execute((trx) => trx.deleteFrom('webhook_subscriptions').where('id', '=', id).execute());
  }

  /**
   * Issues a new secret (returned once). With `overlapSeconds` > 0 (default 86400) the current secret keeps signing
   * too until now + overlapSeconds (`previousSecretExpiresAt`), and a secret replaced by an earlier rotation keeps
   * signing until the end of the overlap that rotation promised: a second rotation (a retry after a lost answer) cuts
   * no promise. At most 3 replaced secrets (secrets.ts MAX_RETIRED_SECRETS) sign beside the new one, the oldest
   * dropped first. 0 retires every replaced secret at once (after a leak). See secrets.ts rotatedSecrets (R10.10).
   */
  async rotateSecret(auth: AuthContext, id: string, input: WebhookSecretRotate = {}): Promise<WebhookSecretRotated> {
    const row = await this.#load(auth, id);
    checkAntiCheatEvents(auth, subscribedEvents(row)); // the new secret signs the anti-cheat events too (R10.2)
    const overlap = input.overlapSeconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS;
    if (!Number.isInteger(overlap) || overlap < 0 || overlap > 7 * 86_400) {
      throw invalidField('body.overlapSeconds', 'must be an integer from 0 to 604800 (7 days)');
    }
    const now = this.deps.clock.now();
    const nowIso = now.toISOString();
    // The secrets replaced are those of the row as it is under its lock: two rotations at once serialize, the
    // second keeping the first's new secret and what it kept signing (rotateWebhookSecret, R18.12).
    const expiresAt = overlap > 0 ? new Date(now.getTime() + overlap * 1000).toISOString() : null;
    const next = await this.deps.db.transaction().execute(async (trx) => {
      const current = await this.#lockedRow(trx, id);
      checkAntiCheatEvents(auth, subscribedEvents(current));
      const change = { ...rotatedSecrets(current, newWebhookSecret(), nowIso, expiresAt), updated_at: nowIso };
      await trx.updateTable('webhook_subscriptions').set(change).where('id', '=', id).execute();
      return { ...current, ...change };
    });
    return { ...toWebhookSubscription(next), secret: next.secret };
  }

  /**
   * Queues a `webhook.test` event for this subscription only, whatever its events: one attempt, not retried, never
   * disabling the subscription. 409 INVALID_STATE when the subscription is disabled.
   */
  async sendTest(auth: AuthContext, id: string): Promise<WebhookDelivery> {
    requireEnabled(await this.#load(auth, id));
    const now = this.deps.clock.now().toISOString();
    const delivery = await this.deps.db.transaction().execute(async (trx) => {
      // Checked again under the row's lock: a subscription deleted or disabled meanwhile is 404 or 409, never a
      // delivery of a deleted subscription (sendWebhookTest, R18.12).
      const sub = await this.#lockedRow(trx, id);
      requireEnabled(sub);
      const event = { id: newId(), type: TEST_EVENT_TYPE, projectId: sub.project_id, createdAt: now };
      const row = { ...newDeliveryRow(event, sub.id, 1, now), mode: 'MANUAL' };
      // Written straight to the outbox, not through writeEvents: no other subscription or subscriber sees it.
      await trx
        .insertInto('events')
        .values({
          id: event.id,
          project_id: sub.project_id,
          type: TEST_EVENT_TYPE,
          subject_id: sub.id,
          data: JSON.stringify({ subscriptionId: sub.id, message: TEST_MESSAGE }),
          created_at: now,
        })
        .execute();
      await trx.insertInto('webhook_deliveries').values(row).execute();
      return row;
    });
    this.dispatcher.wake();
    return toWebhookDelivery(delivery as Selectable<WebhookDeliveriesTable>, []);
  }

  /** The delivery log of a subscription, newest first, each delivery with its attempts; optional status filter. */
  async listDeliveries(auth: AuthContext, id: string, query: WebhookDeliveryListQuery): Promise<Page<WebhookDelivery>> {
    await this.#load(auth, id);
    let base = this.#deliveriesOf(id);
    if (query.status !== undefined) base = base.where('status', '=', query.status);
    const { rows, total, capped } = await queryPage(base, withTotalCap(query, this.deps.config.listTotalCap), (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
    return toPage(await this.#withAttempts(rows), query, total, capped);
  }

  /** One delivery of the subscription with every attempt. 404 when unknown or of another subscription. */
  async getDelivery(auth: AuthContext, id: string, deliveryId: string): Promise<WebhookDelivery> {
    await this.#load(auth, id);
    return this.#readDelivery(id, deliveryId);
  }

  /**
   * Sends a delivery again now, same webhook-id and payload. PENDING: moved forward, keeps its retries. SUCCEEDED or
   * FAILED: one more attempt, not retried automatically. 409 INVALID_STATE when the subscription is disabled.
   */
  async redeliver(auth: AuthContext, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const sub = await this.#load(auth, id);
    checkAntiCheatEvents(auth, subscribedEvents(sub)); // checked as in update and rotateSecret (R10.2)
    requireEnabled(sub);
    const delivery = await this.#readDelivery(id, deliveryId);
    // The event sent again counts too: an anti-cheat event of before a change of events needs the scope (R10.2).
    checkAntiCheatEvents(auth, [delivery.eventType]);
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      // Enabled still, under the row's lock (R18.12): a subscription disabled or deleted meanwhile is 409 or 404.
      requireEnabled(await this.#lockedRow(trx, id));
      if (delivery.status === 'PENDING') {
        await trx
          .updateTable('webhook_deliveries')
          .set({ next_attempt_at: now, updated_at: now })
          .where('id', '=', deliveryId)
          .where('status', '=', 'PENDING')
          .execute();
      } else {
        await trx
          .updateTable('webhook_deliveries')
          .set({
            status: 'PENDING',
            mode: 'MANUAL',
            max_attempts: delivery.attemptCount + 1,
            next_attempt_at: now,
            completed_at: null,
            updated_at: now,
          })
          .where('id', '=', deliveryId)
          .where('status', '=', delivery.status)
          .execute();
      }
    });
    this.dispatcher.wake();
    return this.#readDelivery(id, deliveryId);
  }

  /** A subscription row the caller may manage. @throws AppError 404 NOT_FOUND, 403 (scope or role) */
  async #load(auth: AuthContext, id: string): Promise<Selectable<WebhookSubscriptionsTable>> {
    this.access.requireAuthenticated(auth);
    const row = await this.deps.db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('webhook subscription');
    await this.access.requireProject(auth, row.project_id, REQUIREMENT);
    return row;
  }

  /**
   * Inside a transaction of `trx`, locks the subscription's row (dialect.lockRows) and reads it anew, for writes
   * decided on its current state (R18.12). @throws AppError 404 NOT_FOUND when it was deleted meanwhile.
   */
  async #lockedRow(trx: Db, id: string): Promise<Selectable<WebhookSubscriptionsTable>> {
    await this.deps.dialect.lockRows(trx, 'webhook_subscriptions', [id]);
    const row = await trx.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('webhook subscription');
    return row;
  }

  /** The deliveries of a subscription (to filter further, select and order). */
  #deliveriesOf(subscriptionId: string) {
    return this.deps.db.selectFrom('webhook_deliveries').where('subscription_id', '=', subscriptionId);
  }

  /** The API deliveries of `rows`, in their order, each with its attempts. */
  async #withAttempts(rows: Selectable<WebhookDeliveriesTable>[]): Promise<WebhookDelivery[]> {
    const attempts =
      rows.length === 0
        ? []
        : await this.deps.db
            .selectFrom('webhook_delivery_attempts')
            .selectAll()
            .where('delivery_id', 'in', rows.map((r) => r.id))
            .execute();
    const byDelivery = new Map<string, typeof attempts>();
    for (const a of attempts) byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), a]);
    return rows.map((r) => toWebhookDelivery(r, byDelivery.get(r.id) ?? []));
  }

  /** One delivery of the subscription with every attempt. @throws AppError 404 when unknown or of another subscription. */
  async #readDelivery(subscriptionId: string, deliveryId: string): Promise<WebhookDelivery> {
    const rows = await this.#deliveriesOf(subscriptionId).selectAll().where('id', '=', deliveryId).execute();
    const [delivery] = await this.#withAttempts(rows);
    if (!delivery) throw notFound('webhook delivery');
    return delivery;
  }

  /** @throws AppError 400 naming body.url when the URL is refused by the safety rules. */
  async #checkUrl(url: string): Promise<void> {
    try {
      await assertSafeWebhookUrl(url, { allowPrivate: this.deps.config.allowPrivateWebhookUrls, resolve: this.#resolveHost });
    } catch (error) {
      if (error instanceof UnsafeWebhookUrlError) throw invalidField('body.url', error.message);
      throw error;
    }
  }
}
