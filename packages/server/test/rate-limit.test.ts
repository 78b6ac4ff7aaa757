import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../src/index';
import { createTenant, registerUser, request, startTestServer, type TestServer } from './helpers/index';

describe('rate limiting', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers 429 RATE_LIMITED after the limit, with Retry-After and X-RateLimit-Reset in epoch seconds', async () => {
    server = await startTestServer({ rateLimit: { points: 3, durationSeconds: 60 } });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(server, 'GET', '/health');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(res.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await request(server, 'GET', '/health');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    const nowSeconds = Date.now() / 1000;
    expect(reset).toBeGreaterThan(nowSeconds);
    expect(reset).toBeLessThanOrEqual(Math.ceil(nowSeconds) + 60);
    expect(limited.headers.get('x-request-id')).toBeTruthy();
  });

  it('counts users apart from anonymous callers, and invalid credentials against the address', async () => {
    server = await startTestServer({ rateLimit: { points: 3, durationSeconds: 60 } });
    const user = await registerUser(server); // 1 anonymous point
    for (let i = 0; i < 3; i++) expect((await request(server, 'GET', '/users/me', { token: user.accessToken })).status).toBe(200);
    expect((await request(server, 'GET', '/users/me', { token: user.accessToken })).status).toBe(429);
    const invalid = await request(server, 'GET', '/users/me', { token: `tat_${'y'.repeat(43)}` }); // 2nd anonymous point
    expect(invalid.status).toBe(401);
    expect(invalid.headers.get('x-ratelimit-remaining')).toBe('1');
    expect((await request(server, 'GET', '/health')).status).toBe(200);
    const blocked = await request(server, 'GET', '/users/me', { token: `tat_${'y'.repeat(43)}` });
    expect(blocked.status).toBe(429);
  });

  it('keys the injected limiter by API key id, user id or client address', async () => {
    const keys: string[] = [];
    const limiter: RateLimiter = {
      async consume(key) {
        keys.push(key);
        return { allowed: true, limit: 10, remaining: 9, msBeforeReset: 1000 };
      },
    };
    server = await startTestServer({ rateLimiter: limiter });
    const tenant = await createTenant(server);
    keys.length = 0;
    await request(server, 'GET', '/health');
    await request(server, 'GET', '/users/me', { token: tenant.owner.accessToken });
    await request(server, 'GET', `/projects/${tenant.project.id}`, { apiKey: tenant.apiKey.key });
    expect(keys).toEqual([expect.stringMatching(/^ip:/), `user:${tenant.owner.id}`, `key:${tenant.apiKey.id}`]);
  });

  it('sends no rate-limit headers when rate limiting is disabled', async () => {
    server = await startTestServer({ rateLimit: { enabled: false } });
    const res = await request(server, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
