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
