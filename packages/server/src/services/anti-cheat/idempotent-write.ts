import type { Transaction } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors/app-error';
import { hashRequest, idempotencyKeyExpiry, idempotencyKeyReused } from '../matches/idempotency';
import type { AntiCheatDb } from './session-reader';
import type { ProjectKey } from './types';

/** Options of an anti-cheat write: the request's Idempotency-Key header, if any (1..255 characters, checked by the router). */
export interface AntiCheatWriteOptions {
  idempotencyKey?: string;
}

/**
 * The outcome of an anti-cheat write: its data, and `replayed` when it is the remembered answer of an earlier request
 * with the same Idempotency-Key (nothing was done this time; the route adds `Idempotent-Replayed: true`).
 */
export interface AntiCheatWriteResult<T> {
  data: T;
  replayed: boolean;
}

/**
 * Stores the answer `data` of a write under its Idempotency-Key, called by the write inside its transaction (so the
 * key exists exactly when the effect does); a no-op without a key.
 */
export type RecordAnswer<T> = (trx: Transaction<Database>, data: T) => Promise<void>;

/** The RecordAnswer of a write sent without an Idempotency-Key: records nothing. */
export const recordNothing = async (): Promise<void> => undefined;

/** One use of an Idempotency-Key by an API key: operation (operationId), the client's key and the request's hash. */
interface ApiKeyIdempotencyScope {
  apiKeyId: string;
  operation: string;
  key: string;
  requestHash: string;
}

/**
 * Runs an anti-cheat write with the Idempotency-Key of match writes (R8.20) for API keys (R12.19): the same key with
 * the same request (`parts`: path ids and body) by the same API key and operation within 24 hours replays the first
 * answer without acting again; with another request it is 422 IDEMPOTENCY_KEY_REUSED naming
 * `header.idempotency-key`. Only answers of writes that took effect are kept: `write` gets a {@link RecordAnswer} to
 * call inside its transaction, and a refused request may be sent again. When the write fails (an AppError, or a
 * unique violation) because a concurrent request with the same key got there first, that request's answer is
 * replayed. Keys live in `api_key_idempotency_keys` (migration 0022), expired ones purged on the way.
 * An answer that itself expires (presignEvidenceUpload's upload URL, `expiresAt`, see {@link answerExpiresAt}) is
 * replayed only until then: a retry after it acts anew (a new reservation and URL, R12.19/R12.21) and its answer
 * replaces the stale one under the key, since the old URL can no longer upload (410, or 404 once its reservation
 * was deleted).
 */
export async function idempotentWrite<T>(
  deps: AppDeps,
  key: ProjectKey,
  request: { operation: string; parts: unknown; options?: AntiCheatWriteOptions },
  write: (record: RecordAnswer<T>) => Promise<T>,
): Promise<AntiCheatWriteResult<T>> {
  const clientKey = request.options?.idempotencyKey;
  if (clientKey === undefined || clientKey === '') return { data: await write(recordNothing), replayed: false };
  const scope: ApiKeyIdempotencyScope = { apiKeyId: key.apiKeyId, operation: request.operation, key: clientKey, requestHash: hashRequest(request.parts) };
  const now = () => deps.clock.now().toISOString();
  const stored = await findStoredAnswer<T>(deps.db, scope, now());
  if (stored && !stored.stale) return { data: stored.data, replayed: true };
  try {
    const data = await write((trx, answer) => storeAnswer(trx, scope, answer, now(), stored?.createdAt));
    return { data, replayed: false };
  } catch (error) {
    if (error instanceof AppError || isUniqueViolation(error)) {
      const first = await findStoredAnswer<T>(deps.db, scope, now());
      if (first && !first.stale) return { data: first.data, replayed: true };
    }
    throw error;
  }
}

/**
 * When the answer `data` of `operation` stops being usable, as an ISO 8601 instant, or undefined when it does not
 * expire: presignEvidenceUpload's answer (EvidencePresign) at its `expiresAt`, when its upload URL stops working
 * (R12.10); the other anti-cheat writes' answers stay valid for the key's 24 hours.
 */
export function answerExpiresAt(operation: string, data: unknown): string | undefined {
  if (operation !== 'presignEvidenceUpload') return undefined;
  const expiresAt = (data as { expiresAt?: unknown } | null)?.expiresAt;
  return typeof expiresAt === 'string' ? expiresAt : undefined;
}

/** An answer remembered under a key: its data, when it was stored, and whether it expired itself (answerExpiresAt). */
interface StoredAnswer<T> {
  data: T;
  createdAt: string;
  stale: boolean;
}

/**
 * The answer remembered for `scope` and not expired at `now`, or null when the key is new; `stale` when the answer
 * itself expired at `now` (answerExpiresAt).
 * @throws AppError 422 IDEMPOTENCY_KEY_REUSED when the API key used it for this operation with another request.
 */
async function findStoredAnswer<T>(db: AntiCheatDb, scope: ApiKeyIdempotencyScope, now: string): Promise<StoredAnswer<T> | null> {
  const row = await db
    .selectFrom('api_key_idempotency_keys')
    .select(['request_hash', 'response_body', 'created_at'])
    .where('api_key_id', '=', scope.apiKeyId)
    .where('operation', '=', scope.operation)
    .where('key', '=', scope.key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== scope.requestHash) {
    throw idempotencyKeyReused('by this API key for this operation with a different request (another path or body)');
  }
  const data = JSON.parse(row.response_body) as T;
  const expiresAt = answerExpiresAt(scope.operation, data);
  return { data, createdAt: row.created_at, stale: expiresAt !== undefined && Date.parse(expiresAt) <= Date.parse(now) };
}

/**
 * Remembers `data` under `scope` until `now` + 24 h, in the write's transaction; purges expired keys (of any API key)
 * first, and replaces an expired row of the same key, or the stale answer stored at `replacing` (its created_at).
 * A concurrent request that stored the same key first makes the insert fail with a unique violation, which rolls
 * this write back.
 */
async function storeAnswer(trx: Transaction<Database>, scope: ApiKeyIdempotencyScope, data: unknown, now: string, replacing?: string): Promise<void> {
  await trx.deleteFrom('api_key_idempotency_keys').where('expires_at', '<=', now).execute();
  if (replacing !== undefined) {
    await trx
      .deleteFrom('api_key_idempotency_keys')
      .where('api_key_id', '=', scope.apiKeyId)
      .where('operation', '=', scope.operation)
      .where('key', '=', scope.key)
      .where('created_at', '=', replacing)
      .execute();
  }
  await trx
    .insertInto('api_key_idempotency_keys')
    .values({
      api_key_id: scope.apiKeyId,
      operation: scope.operation,
      key: scope.key,
      request_hash: scope.requestHash,
      response_body: JSON.stringify(data),
      created_at: now,
      expires_at: idempotencyKeyExpiry(now),
    })
    .execute();
}
