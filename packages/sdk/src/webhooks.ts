import type { components } from './generated/schema';
import type { WebhookEvent } from './models';

type Schemas = components['schemas'];

/** One event sent to one subscription, with its attempts (contract: WebhookDelivery). */
export type WebhookDelivery = Schemas['WebhookDelivery'];
/** One attempt of a delivery: status code, duration (ms), error, next retry (contract: WebhookDeliveryAttempt). */
export type WebhookDeliveryAttempt = Schemas['WebhookDeliveryAttempt'];
/** A subscription with its new secret after a rotation (contract: WebhookSecretRotated). */
export type WebhookSecretRotated = Schemas['WebhookSecretRotated'];

/** Default largest distance between `webhook-timestamp` and the receiver's clock, seconds (Standard Webhooks: 5 min). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The Standard Webhooks headers of a delivery (a plain object: pass it to fetch or to verifyWebhook as is). */
export type WebhookSignatureHeaders = {
  'webhook-id': string;
  /** Unix epoch seconds, decimal. */
  'webhook-timestamp': string;
  /** Space-separated `v1,<base64 HMAC-SHA256>` entries. */
  'webhook-signature': string;
};

/**
 * Request headers as frameworks hand them over: a fetch `Headers`, or a plain object (Node's `req.headers`, any
 * letter case; array values are joined with a space).
 */
export type WebhookHeaderInput = Headers | Record<string, string | readonly string[] | undefined>;

/** The raw request body: the exact bytes received (string, Uint8Array/Buffer or ArrayBuffer), never parsed JSON. */
export type WebhookRawBody = string | Uint8Array | ArrayBuffer;

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** Largest accepted distance between `webhook-timestamp` and `now`, seconds (default 300). */
  toleranceSeconds?: number;
  /** The receiver's current time (Date or epoch milliseconds); default `Date.now()`. */
  now?: Date | number;
}

/** Why a webhook was rejected. */
export type WebhookVerificationErrorCode =
  | 'INVALID_BODY'
  | 'MISSING_HEADER'
  | 'INVALID_TIMESTAMP'
  | 'TIMESTAMP_TOO_OLD'
  | 'TIMESTAMP_TOO_NEW'
  | 'INVALID_SECRET'
  | 'NO_MATCHING_SIGNATURE'
  | 'ID_MISMATCH';

/** A webhook that failed verification; `code` says why and `message` names the likely mistake. Answer it with 400. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly code: WebhookVerificationErrorCode;

  constructor(code: WebhookVerificationErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

const SECRET_PREFIX = 'whsec_';
const encoder = new TextEncoder();

function subtleCrypto(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto (crypto.subtle) is not available here: use Node 20+, a browser over HTTPS, Deno or Bun');
  return subtle;
}

function bodyBytes(rawBody: unknown): Uint8Array {
  if (typeof rawBody === 'string') return encoder.encode(rawBody);
  if (rawBody instanceof Uint8Array) return rawBody;
  if (rawBody instanceof ArrayBuffer) return new Uint8Array(rawBody);
  const what = rawBody === null ? 'null' : rawBody === undefined ? 'undefined' : typeof rawBody === 'object' ? 'an object' : typeof rawBody;
  throw new WebhookVerificationError(
    'INVALID_BODY',
    `pass the raw request body (a string or bytes exactly as received), not ${what}: the signature covers the exact bytes, ` +
      'and a parsed and re-serialized body does not match (e.g. use express.raw({ type: "application/json" }) or await request.text())',
  );
}

function header(headers: WebhookHeaderInput, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(' ');
}

function base64Encode(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function secretKey(secret: string): Uint8Array<ArrayBuffer> {
  if (typeof secret !== 'string' || secret.trim() === '') {
    throw new WebhookVerificationError('INVALID_SECRET', 'the secret is empty: pass the whsec_... value returned when the subscription was created');
  }
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  let decoded: string;
  try {
    decoded = atob(encoded);
  } catch {
    throw new WebhookVerificationError('INVALID_SECRET', 'the secret is not valid base64: pass the whole whsec_... value returned when the subscription was created');
  }
  if (decoded.length === 0) throw new WebhookVerificationError('INVALID_SECRET', 'the secret has no key bytes after whsec_');
  return Uint8Array.from(decoded, (c) => c.charCodeAt(0));
}

async function sign(key: Uint8Array<ArrayBuffer>, id: string, timestamp: string, body: Uint8Array): Promise<string> {
  const subtle = subtleCrypto();
  const cryptoKey = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix, 0);
  message.set(body, prefix.length);
  return base64Encode(new Uint8Array(await subtle.sign('HMAC', cryptoKey, message)));
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Verifies a Tourney webhook per Standard Webhooks and returns its parsed payload (`WebhookEvent`, a union on `type`). Checks, in order: the body is raw
 * (string or bytes), the three headers are present, `webhook-timestamp` is within `toleranceSeconds` of `now`
 * (replay protection), one of the `v1,` signatures is the HMAC-SHA256 of `"<webhook-id>.<webhook-timestamp>.<body>"`
 * under one of `secrets` (pass two during a rotation), the body is JSON whose `id` equals `webhook-id`.
 * Uses Web Crypto, so it runs in Node 20+, browsers, Deno, Bun and edge runtimes.
 * Deduplicate on `webhook-id`: deliveries are at least once.
 * @throws WebhookVerificationError with a code and a message naming the likely mistake.
 */
export async function verifyWebhook(
  rawBody: WebhookRawBody,
  headers: WebhookHeaderInput,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const body = bodyBytes(rawBody);
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  const missing = [
    ['webhook-id', id],
    ['webhook-timestamp', timestamp],
    ['webhook-signature', signature],
  ].filter(([, value]) => !value).map(([name]) => name);
  if (missing.length > 0) {
    throw new WebhookVerificationError(
      'MISSING_HEADER',
      `missing header ${missing.join(', ')}: pass the request's headers as received (a Headers object or Node's req.headers)`,
    );
  }
  if (!/^\d{1,12}$/.test(timestamp!.trim())) {
    throw new WebhookVerificationError('INVALID_TIMESTAMP', `webhook-timestamp "${timestamp}" is not Unix epoch seconds`);
  }
  const sentAt = Number(timestamp!.trim());
  const nowMs = options.now === undefined ? Date.now() : typeof options.now === 'number' ? options.now : options.now.getTime();
  const now = Math.floor(nowMs / 1000);
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (now - sentAt > tolerance) {
    throw new WebhookVerificationError(
      'TIMESTAMP_TOO_OLD',
      `webhook-timestamp is ${now - sentAt} s old (tolerance ${tolerance} s): a replayed request, or this machine's clock is wrong`,
    );
  }
  if (sentAt - now > tolerance) {
    throw new WebhookVerificationError(
      'TIMESTAMP_TOO_NEW',
      `webhook-timestamp is ${sentAt - now} s in the future (tolerance ${tolerance} s): this machine's clock is behind`,
    );
  }
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0) throw new WebhookVerificationError('INVALID_SECRET', 'no secret given: pass the subscription\'s whsec_... secret');
  const offered = signature!
    .split(' ')
    .map((entry) => entry.trim())
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => entry.slice(3));
  let matched = false;
  for (const s of secrets) {
    const expected = await sign(secretKey(s), id!, timestamp!.trim(), body);
    for (const candidate of offered) if (constantTimeEqual(candidate, expected)) matched = true;
  }
  if (!matched) {
    throw new WebhookVerificationError(
      'NO_MATCHING_SIGNATURE',
      offered.length === 0
        ? 'webhook-signature has no v1 signature'
        : 'no signature matches: pass the raw request body exactly as received (not re-serialized JSON) and the ' +
            "subscription's current whsec_... secret (during a rotation, pass both secrets)",
    );
  }
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new WebhookVerificationError('INVALID_BODY', 'the body is not JSON');
  }
  if (typeof payload !== 'object' || payload === null || (payload as { id?: unknown }).id !== id) {
    throw new WebhookVerificationError('ID_MISMATCH', 'the payload id differs from the webhook-id header');
  }
  return payload as WebhookEvent;
}

/**
 * Signs a payload the way Tourney does, for testing receivers: returns the three headers to send with `rawBody`.
 * `timestamp` is a Date or Unix epoch seconds (default now); with several secrets the signature lists one entry per
 * secret. Uses Web Crypto.
 * @throws WebhookVerificationError INVALID_SECRET for a malformed secret.
 */
export async function signWebhookPayload(
  rawBody: string | Uint8Array,
  secret: string | readonly string[],
  options: { id: string; timestamp?: Date | number },
): Promise<WebhookSignatureHeaders> {
  const body = bodyBytes(rawBody);
  const seconds =
    options.timestamp === undefined
      ? Math.floor(Date.now() / 1000)
      : typeof options.timestamp === 'number'
        ? Math.floor(options.timestamp)
        : Math.floor(options.timestamp.getTime() / 1000);
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  const signatures: string[] = [];
  for (const s of secrets) signatures.push(`v1,${await sign(secretKey(s), options.id, String(seconds), body)}`);
  return { 'webhook-id': options.id, 'webhook-timestamp': String(seconds), 'webhook-signature': signatures.join(' ') };
}
