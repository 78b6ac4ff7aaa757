import { createHmac } from 'node:crypto';
import { webhookSecretKey } from './secrets';

/** The three Standard Webhooks headers of one delivery attempt. */
export interface WebhookSignatureHeaders {
  'webhook-id': string;
  /** Unix epoch seconds of the attempt, as a decimal string. */
  'webhook-timestamp': string;
  /** Space-separated `v1,<base64 HMAC-SHA256>` entries, one per secret. */
  'webhook-signature': string;
}

/**
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed with one secret (Standard Webhooks, R10.5).
 * `timestampSeconds` is Unix epoch seconds; `body` the exact JSON text sent.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', webhookSecretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The signature headers of an attempt, signed with every secret given (the current one first, then the previous one
 * during a rotation overlap). @throws Error when `secrets` is empty.
 */
export function signatureHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): WebhookSignatureHeaders {
  if (secrets.length === 0) throw new Error('a webhook needs at least one secret to be signed');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' '),
  };
}
