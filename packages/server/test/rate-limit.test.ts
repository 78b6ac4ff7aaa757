import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimiter, ManualClock, type RateLimiter } from '../src/index';
import { createTenant, registerUser, request, startTestServer, type TestServer } from './helpers/index';

describe('rate limiting', () => {
  let server: TestServer | undefined;
  // The limiter's windows run on the system time (rate-limiter-flexible reads Date.now()), the headers on the server's
  // clock: both start at the same instant and `advance` moves them together.
  const start = new ManualClock('2030-01-01T00:00:00.000Z');
  const advance = (ms: number) => {
    server!.clock.advance(ms);
    vi.setSystemTime(server!.clock.now());
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: start.now() });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await server?.close();
    server = undefined;
  });

  it('answers 429 RATE_LIMITED after the limit, with Retry-After and X-RateLimit-Reset in epoch seconds', async () => {
    server = await startTestServer({ clock: new ManualClock(start.now()), rateLimit: { points: 3, durationSeconds: 60 } });
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
    // The window opened with the first request, on the server's clock (which has not moved).
    const opened = server.clock.now().getTime();
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.headers.get('x-ratelimit-reset')).toBe(String(Math.ceil((opened + 60_000) / 1000)));
    expect(limited.headers.get('x-request-id')).toBeTruthy();

    advance(45_000);
    const later = await request(server, 'GET', '/health');
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('15');
    expect(later.headers.get('x-ratelimit-reset')).toBe(String(Math.ceil((opened + 60_000) / 1000)));
  });

  it('opens a new window once the clock passes the reset', async () => {
    server = await startTestServer({ clock: new ManualClock(start.now()), rateLimit: { points: 2, durationSeconds: 60 } });
    const opened = server.clock.now().getTime();
    for (let i = 0; i < 2; i++) expect((await request(server, 'GET', '/health')).status).toBe(200);
    expect((await request(server, 'GET', '/health')).status).toBe(429);
    advance(59_999);
    expect((await request(server, 'GET', '/health')).status).toBe(429);
    advance(1);
    const fresh = await request(server, 'GET', '/health');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(fresh.headers.get('x-ratelimit-reset')).toBe(String(Math.ceil((opened + 120_000) / 1000)));
  });

  it('keeps windows per key; a window of 0 seconds never closes', async () => {
    const limiter = createMemoryRateLimiter({ enabled: true, points: 1, durationSeconds: 10 });
    expect(await limiter.consume('a')).toEqual({ allowed: true, limit: 1, remaining: 0, msBeforeReset: 10_000 });
    vi.advanceTimersByTime(4_000);
    expect(await limiter.consume('a')).toEqual({ allowed: false, limit: 1, remaining: 0, msBeforeReset: 6_000 });
    expect(await limiter.consume('b')).toEqual({ allowed: true, limit: 1, remaining: 0, msBeforeReset: 10_000 });
    vi.advanceTimersByTime(6_000);
    expect(await limiter.consume('a')).toMatchObject({ allowed: true, msBeforeReset: 10_000 });

    const forever = createMemoryRateLimiter({ enabled: true, points: 1, durationSeconds: 0 });
    expect(await forever.consume('a')).toEqual({ allowed: true, limit: 1, remaining: 0, msBeforeReset: -1 });
    vi.setSystemTime(Date.now() + 365 * 86_400_000);
    expect(await forever.consume('a')).toMatchObject({ allowed: false, msBeforeReset: -1 });
  });

  it('counts users apart from anonymous callers, and invalid credentials against the address', async () => {
    server = await startTestServer({ clock: new ManualClock(start.now()), rateLimit: { points: 3, durationSeconds: 60 } });
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

  it('counts register, login and refresh against the address even with a valid token or key: no fresh allowance of guesses', async () => {
    const api = await startTestServer({ clock: new ManualClock(start.now()), rateLimit: { points: 4, durationSeconds: 60 } });
    server = api;
    const tenant = await createTenant(api, {}); // registers over the address, then counts for its owner and key
    const guess = (credentials: { token?: string; apiKey?: string }) =>
      request(api, 'POST', '/auth/login', { ...credentials, body: { username: tenant.owner.username, password: 'a wrong guess' } });
    let answers = 0;
    while ((await guess({})).status !== 429) expect(++answers).toBeLessThan(5);
    // The address is spent: a valid access token or API key sent along opens no allowance of its own for login.
    expect((await guess({ token: tenant.owner.accessToken })).status).toBe(429);
    expect((await guess({ apiKey: tenant.apiKey.key })).status).toBe(429);
    const refresh = await request(api, 'POST', '/auth/refresh', { token: tenant.owner.accessToken, body: { refreshToken: tenant.owner.refreshToken } });
    expect(refresh.status).toBe(429);
    // Other operations still count against the user.
    expect((await request(api, 'GET', '/users/me', { token: tenant.owner.accessToken })).status).toBe(200);
  });

  it('behind trusted proxies counts the address the proxies appended, never one the client wrote into X-Forwarded-For', async () => {
    const keys: string[] = [];
    const limiter: RateLimiter = {
      async consume(key) {
        keys.push(key);
        return { allowed: true, limit: 10, remaining: 9, msBeforeReset: 1000 };
      },
    };
    // One proxy (nginx appending $remote_addr), then a CDN in front of it: two hops.
    for (const [proxyHops, expected] of [
      [1, 'ip:203.0.113.7'],
      [2, 'ip:198.51.100.4'],
    ] as const) {
      server = await startTestServer({ rateLimiter: limiter, trustProxy: true, proxyHops });
      keys.length = 0;
      for (const forged of ['192.0.2.1', '192.0.2.2, 10.9.9.9']) {
        await request(server, 'GET', '/health', { headers: { 'x-forwarded-for': `${forged}, 198.51.100.4, 203.0.113.7` } });
      }
      expect(keys).toEqual([expected, expected]);
      await server.close();
      server = undefined;
    }
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
