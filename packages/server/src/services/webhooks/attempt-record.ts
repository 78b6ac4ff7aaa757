import type { AppDeps } from '../../deps';
import { newId } from '../../ids';
import { webhookDisabledDrafts } from '../notifications/webhook-disabled';
import { recordNotifications } from '../notifications/writer';
import type { DeliveryJob } from './claims';
import { retryDelayMs } from './retry-schedule';
import type { TransportResult } from './transport';

/**
 * Records an attempt in one transaction: the delivery's new state (only while this run still holds the lease),
 * the attempt row and, on 410 or exhausted retries of an automatic delivery (never a manual one, R10.9), the
 * subscription disabled with a WEBHOOK_DISABLED notification to the OWNER and ADMIN staff of its project's
 * organization (as their preferences allow). The retry delay is jittered with `random` (numbers in [0, 1)).
 * Returns 'lost' when the lease was taken meanwhile (nothing is written then). R10.5 to R10.9.
 */
export async function recordAttempt(
  deps: AppDeps,
  random: () => number,
  job: DeliveryJob,
  lease: string,
  attemptedAt: Date,
  result: TransportResult,
): Promise<'succeeded' | 'failed' | 'lost'> {
  const { db, clock, config, logger } = deps;
  const code = result.statusCode;
  const succeeded = code !== null && code >= 200 && code < 300;
  let error = result.error;
  if (error === null && !succeeded) {
    error =
      code !== null && code >= 300 && code < 400
        ? `redirect not followed: HTTP ${code}${result.location ? ` to ${result.location.slice(0, 300)}` : ''}`
        : `HTTP ${code}`;
  }
  const number = job.attemptCount + 1;
  const now = clock.now();
  const nowIso = now.toISOString();
  let status: 'SUCCEEDED' | 'FAILED' | 'PENDING';
  let nextAttemptAt: string | null = null;
  let disable: 'GONE' | 'FAILING' | null = null;
  if (succeeded) status = 'SUCCEEDED';
  else if (code === 410 && job.mode === 'AUTO') {
    status = 'FAILED';
    disable = 'GONE';
  } else {
    const delay = job.mode === 'AUTO' && number < job.maxAttempts ? retryDelayMs(number, config.webhookRetryScheduleSeconds, random) : null;
    if (delay === null) {
      status = 'FAILED';
      if (job.mode === 'AUTO') disable = 'FAILING';
    } else {
      status = 'PENDING';
      nextAttemptAt = new Date(now.getTime() + delay).toISOString();
    }
  }
  const outcome = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        status,
        attempt_count: number,
        next_attempt_at: nextAttemptAt,
        lease_owner: null,
        lease_expires_at: null,
        last_attempt_at: attemptedAt.toISOString(),
        last_status_code: code,
        last_duration_ms: result.durationMs,
        last_error: error,
        updated_at: nowIso,
        completed_at: status === 'PENDING' ? null : nowIso,
      })
      .where('id', '=', job.id)
      .where('lease_owner', '=', lease)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return 'lost' as const;
    await trx
      .insertInto('webhook_delivery_attempts')
      .values({
        id: newId(),
        delivery_id: job.id,
        number,
        attempted_at: attemptedAt.toISOString(),
        succeeded: succeeded ? 1 : 0,
        status_code: code,
        duration_ms: result.durationMs,
        error,
        next_attempt_at: nextAttemptAt,
      })
      .execute();
    if (disable !== null) {
      const changed = await trx
        .updateTable('webhook_subscriptions')
        .set({ enabled: 0, disabled_reason: disable, disabled_at: nowIso, updated_at: nowIso })
        .where('id', '=', job.subscriptionId)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) > 0) {
        const drafts = await webhookDisabledDrafts(trx, { subscriptionId: job.subscriptionId, reason: disable, attempts: number, lastError: error });
        await recordNotifications(trx, nowIso, drafts);
        logger.warn(
          { subscriptionId: job.subscriptionId, reason: disable, deliveryId: job.id, lastError: error },
          disable === 'GONE' ? 'webhook subscription disabled: the receiver answered 410 Gone' : 'webhook subscription disabled: a delivery failed on every retry',
        );
      }
    }
    return succeeded ? ('succeeded' as const) : ('failed' as const);
  });
  logger.debug({ deliveryId: job.id, attempt: number, statusCode: code, error, nextAttemptAt }, 'webhook delivery attempt');
  return outcome;
}
