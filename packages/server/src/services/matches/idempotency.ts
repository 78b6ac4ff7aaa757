import { createHash } from 'node:crypto';
import { canonicalJson } from '../../canonical-json';
import type { Db } from '../../db/db';
import { AppError } from '../../errors/app-error';

/** How long a key is remembered: 24 hours, in milliseconds. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * One use of an Idempotency-Key: the calling user, the operation (operationId, e.g. `reportMatchResult`), the
 * client's key and the hash of the request (see {@link hashRequest}). Keys are scoped per user and operation.
 */
export interface IdempotencyScope {
  userId: string;
  operation: string;
  key: string;
  requestHash: string;
}

/** Hex SHA-256 of the canonical JSON of a request's parts (e.g. `{ matchId, body }`; undefined hashes as `null`). */
export function hashRequest(parts: unknown): string {
  return createHash('sha256').update(canonicalJson(parts) ?? 'null').digest('hex');
}

/** When a key stored at `now` (UTC ISO 8601) expires: `now` + 24 h, UTC ISO 8601. */
export function idempotencyKeyExpiry(now: string): string {
  return new Date(new Date(now).getTime() + IDEMPOTENCY_TTL_MS).toISOString();
}

/**
 * 422 IDEMPOTENCY_KEY_REUSED naming `header.idempotency-key`: the key was used by the same caller for the same
 * operation with another request, `which` saying whose and what differs (R8.20, R12.19).
 */
export function idempotencyKeyReused(which: string): AppError {
  return new AppError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key was already used with a different request', {
    details: [{ path: 'header.idempotency-key', message: `was already used ${which}` }],
  });
}

/**
 * The scope of a write, or null without an Idempotency-Key. `parts` identify the request (path ids and body).
 */
export function idempotencyScope(userId: string, operation: string, key: string | undefined, parts: unknown): IdempotencyScope | null {
  if (key === undefined || key === '') return null;
  return { userId, operation, key, requestHash: hashRequest(parts) };
}

/**
 * The data remembered for `scope` and not expired at `now` (UTC ISO 8601), or null when the key is new. The caller
 * names its type `T`: what the same operation stored (scopes are per operation).
 * @throws AppError 422 IDEMPOTENCY_KEY_REUSED when the key was used by this user for this operation with another request.
 */
export async function findStoredData<T>(db: Db, scope: IdempotencyScope, now: string): Promise<{ data: T } | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_body'])
    .where('user_id', '=', scope.userId)
    .where('operation', '=', scope.operation)
    .where('key', '=', scope.key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== scope.requestHash) throw idempotencyKeyReused('with a different request (another match or body)');
  return { data: JSON.parse(row.response_body) as T };
}

/**
 * Remembers the data a write answered under `scope` (as JSON; the HTTP layer renders the envelope again on a replay),
 * inside the write's transaction (so the key exists exactly when the effect does) until `now` + 24 h. Expired keys
 * (of anyone) are purged on the way. A concurrent request that stored the same key first makes the insert fail with
 * a unique violation, which rolls the second write back.
 */
export async function storeData(db: Db, scope: IdempotencyScope, data: unknown, now: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute();
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: scope.userId,
      operation: scope.operation,
      key: scope.key,
      request_hash: scope.requestHash,
      // Every match write answers 200; the column is kept from when whole answers were stored.
      response_status: 200,
      response_body: JSON.stringify(data),
      created_at: now,
      expires_at: idempotencyKeyExpiry(now),
    })
    .execute();
}
