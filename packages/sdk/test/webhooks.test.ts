import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhook, WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError } from '../src/index';

// The SDK's verifier and signer, cross-checked against the reference implementation (`standardwebhooks` package).
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const id = '0199a1b2-0000-7000-8000-000000000001';
const body = JSON.stringify({ id, type: 'match.completed', createdAt: '2030-01-01T12:00:00.000Z', data: { matchId: 'm1', status: 'COMPLETED' } });

async function rejection(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe('verifyWebhook and signWebhookPayload', () => {
  it('verifies what the reference implementation signs, and the reference verifies what the SDK signs', async () => {
    const secret = newSecret();
    const reference = new Webhook(secret);
    const now = new Date();
    const signature = reference.sign(id, now, body);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature };
    const event = await verifyWebhook(body, headers, secret);
    expect(event).toMatchObject({ id, type: 'match.completed' });
    // The payload is a union discriminated by `type`: narrowing gives the family's `data`.
    if (event.type !== 'match.completed') throw new Error('unexpected type');
    const matchId: string = event.data.matchId;
    expect(matchId).toBe('m1');

    const ours = await signWebhookPayload(body, secret, { id, timestamp: now });
    expect(ours['webhook-signature']).toBe(signature);
    expect(reference.verify(body, { ...ours })).toMatchObject({ id });
  });

  it('accepts strings, Buffers, ArrayBuffers, Headers objects and headers in any letter case', async () => {
    const secret = newSecret();
    const headers = await signWebhookPayload(body, secret, { id });
    const bytes = Buffer.from(body);
    await expect(verifyWebhook(bytes, headers, secret)).resolves.toMatchObject({ id });
    await expect(verifyWebhook(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), headers, secret)).resolves.toMatchObject({ id });
    await expect(verifyWebhook(body, new Headers(headers), secret)).resolves.toMatchObject({ id });
    const upper = { 'Webhook-Id': headers['webhook-id'], 'WEBHOOK-TIMESTAMP': headers['webhook-timestamp'], 'Webhook-Signature': headers['webhook-signature'] };
    await expect(verifyWebhook(body, upper, secret)).resolves.toMatchObject({ id });
  });

  it('accepts any matching entry of several signatures and any of several secrets (rotation)', async () => {
    const oldSecret = newSecret();
    const newOne = newSecret();
    const both = await signWebhookPayload(body, [newOne, oldSecret], { id });
    expect(both['webhook-signature'].split(' ')).toHaveLength(2);
    await expect(verifyWebhook(body, both, oldSecret)).resolves.toMatchObject({ id });
    await expect(verifyWebhook(body, both, newOne)).resolves.toMatchObject({ id });
    expect(new Webhook(oldSecret).verify(body, { ...both })).toMatchObject({ id });
    const onlyOld = await signWebhookPayload(body, oldSecret, { id });
    await expect(verifyWebhook(body, onlyOld, [newOne, oldSecret])).resolves.toMatchObject({ id });
    // Unknown versions are skipped, not fatal.
    const withV2 = { ...onlyOld, 'webhook-signature': `v2,AAAA ${onlyOld['webhook-signature']}` };
    await expect(verifyWebhook(body, withV2, oldSecret)).resolves.toMatchObject({ id });
  });

  it('rejects a tampered body, a wrong secret and a missing signature with NO_MATCHING_SIGNATURE', async () => {
    const secret = newSecret();
    const headers = await signWebhookPayload(body, secret, { id });
    const tampered = body.replace('COMPLETED', 'DISPUTED');
    const error = await rejection(verifyWebhook(tampered, headers, secret));
    expect(error.code).toBe('NO_MATCHING_SIGNATURE');
    expect(error.message).toMatch(/raw request body/);
    expect(() => new Webhook(secret).verify(tampered, { ...headers })).toThrow(/No matching signature/);
    expect((await rejection(verifyWebhook(body, headers, newSecret()))).code).toBe('NO_MATCHING_SIGNATURE');
    expect((await rejection(verifyWebhook(body, { ...headers, 'webhook-signature': 'v2,abc' }, secret))).message).toMatch(/no v1 signature/);
  });

  it('names the likely mistake when the body was parsed before verification', async () => {
    const secret = newSecret();
    const headers = await signWebhookPayload(body, secret, { id });
    const error = await rejection(verifyWebhook(JSON.parse(body) as never, headers, secret));
    expect(error.code).toBe('INVALID_BODY');
    expect(error.message).toMatch(/pass the raw request body/);
    // Re-serializing with other spacing changes the bytes: the signature no longer matches.
    const reserialized = JSON.stringify(JSON.parse(body), null, 2);
    expect((await rejection(verifyWebhook(reserialized, headers, secret))).code).toBe('NO_MATCHING_SIGNATURE');
  });

  it('rejects missing headers, malformed and out-of-tolerance timestamps', async () => {
    const secret = newSecret();
    const sentAt = 1_900_000_000;
    const headers = await signWebhookPayload(body, secret, { id, timestamp: sentAt });
    const missing = await rejection(verifyWebhook(body, { 'webhook-id': id }, secret));
    expect(missing.code).toBe('MISSING_HEADER');
    expect(missing.message).toContain('webhook-timestamp, webhook-signature');
    expect((await rejection(verifyWebhook(body, { ...headers, 'webhook-timestamp': 'yesterday' }, secret))).code).toBe('INVALID_TIMESTAMP');
    const at = (offsetSeconds: number) => ({ now: (sentAt + offsetSeconds) * 1000 });
    await expect(verifyWebhook(body, headers, secret, at(WEBHOOK_TOLERANCE_SECONDS))).resolves.toMatchObject({ id });
    await expect(verifyWebhook(body, headers, secret, at(-WEBHOOK_TOLERANCE_SECONDS))).resolves.toMatchObject({ id });
    expect((await rejection(verifyWebhook(body, headers, secret, at(WEBHOOK_TOLERANCE_SECONDS + 1)))).code).toBe('TIMESTAMP_TOO_OLD');
    expect((await rejection(verifyWebhook(body, headers, secret, at(-WEBHOOK_TOLERANCE_SECONDS - 1)))).code).toBe('TIMESTAMP_TOO_NEW');
    await expect(verifyWebhook(body, headers, secret, { now: new Date((sentAt + 3600) * 1000), toleranceSeconds: 7200 })).resolves.toMatchObject({ id });
    // The reference implementation checks the same window against the real clock.
    expect(() => new Webhook(secret).verify(body, { ...headers })).toThrow(/timestamp too new/);
  });

  it('rejects malformed secrets and a payload id that differs from webhook-id', async () => {
    const secret = newSecret();
    const headers = await signWebhookPayload(body, secret, { id });
    expect((await rejection(verifyWebhook(body, headers, 'whsec_%%%'))).code).toBe('INVALID_SECRET');
    expect((await rejection(verifyWebhook(body, headers, ''))).code).toBe('INVALID_SECRET');
    expect((await rejection(verifyWebhook(body, headers, []))).code).toBe('INVALID_SECRET');
    const other = JSON.stringify({ id: 'another-id', type: 'webhook.test', createdAt: '2030-01-01T00:00:00Z', data: {} });
    const signed = await signWebhookPayload(other, secret, { id });
    expect((await rejection(verifyWebhook(other, signed, secret))).code).toBe('ID_MISMATCH');
    const notJson = await signWebhookPayload('not json', secret, { id });
    expect((await rejection(verifyWebhook('not json', notJson, secret))).code).toBe('INVALID_BODY');
  });

  it('accepts a secret without the whsec_ prefix, as the reference implementation does', async () => {
    const secret = newSecret();
    const headers = await signWebhookPayload(body, secret, { id });
    await expect(verifyWebhook(body, headers, secret.slice('whsec_'.length))).resolves.toMatchObject({ id });
  });
});
