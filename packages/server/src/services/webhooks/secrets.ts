import { randomBytes } from 'node:crypto';

/** Prefix of every webhook signing secret (Standard Webhooks; docs/decisions.md "Identifiers are UUID v7"). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Random bytes in a new secret (Standard Webhooks asks for 24 to 64). */
const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` + the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key of a `whsec_...` secret: the base64-decoded bytes after the prefix. */
export function webhookSecretKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/**
 * A replaced secret that keeps signing until `expiresAt` (an ISO instant), the end of the overlap promised by the
 * rotation that replaced it (R10.10).
 */
export interface RetiredSecret {
  secret: string;
  expiresAt: string;
}

/**
 * Most replaced secrets that keep signing beside the current one: the previous one and up to two older ones, so a
 * delivery carries at most 4 signatures. A rotation that would keep more drops the oldest (docs/decisions.md
 * "Webhooks": secrets).
 */
export const MAX_RETIRED_SECRETS = 3;

/** The secret columns of a subscription that a rotation rewrites. */
export interface SubscriptionSecrets {
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** JSON array of RetiredSecret, newest first: the secrets replaced before the previous one, still in their overlap. */
  older_secrets: string | null;
}

/**
 * The `older_secrets` column as a list, newest first. NULL, or text that is not such a list, is empty (the value is
 * never logged: it holds secrets).
 */
export function parseOlderSecrets(text: string | null): RetiredSecret[] {
  if (text === null || text === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is RetiredSecret => typeof v === 'object' && v !== null && typeof v.secret === 'string' && typeof v.expiresAt === 'string',
  );
}

/**
 * The secret columns after a rotation at `nowIso` to `newSecret` (R10.10). With `expiresAt` (now + overlap) the
 * replaced secret becomes the previous one until then, and every secret replaced earlier that is still inside the
 * overlap its own rotation promised keeps signing until its own expiry (moved to `older_secrets`): a second rotation
 * never cuts a promise the first made. At most MAX_RETIRED_SECRETS are kept, the oldest dropped first. With
 * `expiresAt` null (overlap 0) every replaced secret stops signing at once (a rotation after a leak).
 */
export function rotatedSecrets(current: SubscriptionSecrets, newSecret: string, nowIso: string, expiresAt: string | null): SubscriptionSecrets {
  if (expiresAt === null) return { secret: newSecret, previous_secret: null, previous_secret_expires_at: null, older_secrets: null };
  const earlier: RetiredSecret[] = [
    ...(current.previous_secret !== null && current.previous_secret_expires_at !== null
      ? [{ secret: current.previous_secret, expiresAt: current.previous_secret_expires_at }]
      : []),
    ...parseOlderSecrets(current.older_secrets),
  ].filter((s) => s.expiresAt > nowIso);
  const older = earlier.slice(0, MAX_RETIRED_SECRETS - 1);
  return {
    secret: newSecret,
    previous_secret: current.secret,
    previous_secret_expires_at: expiresAt,
    older_secrets: older.length === 0 ? null : JSON.stringify(older.map(({ secret, expiresAt: until }) => ({ secret, expiresAt: until }))),
  };
}

/**
 * The secrets an attempt at `nowIso` is signed with: the current one first, then every replaced one whose overlap has
 * not ended (R10.10).
 */
export function signingSecrets(secret: string, retired: readonly RetiredSecret[], nowIso: string): string[] {
  return [secret, ...retired.filter((r) => r.expiresAt > nowIso).map((r) => r.secret)];
}
