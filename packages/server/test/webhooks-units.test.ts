import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { configFromEnv, defaultConfig } from '../src/index';
import { selectsEvent, WEBHOOK_EVENT_TYPES } from '../src/services/webhooks/event-types';
import { maxAttemptsOf, retryDelayMs } from '../src/services/webhooks/retry-schedule';
import { MAX_RETIRED_SECRETS, newWebhookSecret, parseOlderSecrets, rotatedSecrets, signingSecrets, type SubscriptionSecrets } from '../src/services/webhooks/secrets';
import { signatureHeaders } from '../src/services/webhooks/signing';
import { assertSafeWebhookUrl, type HostResolver, isPrivateAddress, safeLookup } from '../src/services/webhooks/url-safety';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1',
    '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1', '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:c0a8:0101::1', '2001:db8::1', 'not-an-ip',
    '192.0.2.1', '198.51.100.7', '203.0.113.9', '192.0.0.8', '240.0.0.1', '100.127.255.255', '::ffff:a9fe:a9fe',
    '::ffff:192.168.1.1', '64:ff9b::169.254.169.254', '2002:7f00:1::', '::10.0.0.1', 'fe80::1%eth0', 'fec0::1', '100::1',
    'ff05::2', 'fdff:ffff::1', '',
  ])('%s is not public', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    '93.184.215.14', '8.8.8.8', '172.32.0.1', '172.15.255.255', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:0808:0808::1',
    '1.1.1.1', '11.0.0.1', '126.255.255.255', '128.0.0.1', '169.253.255.255', '192.167.255.255', '198.20.0.1', '223.255.255.255',
    '::ffff:808:808', '64:ff9b::8.8.8.8', '2001:db9::1', '2a00:1450:4001::200e', 'fe00::1', '101::1',
  ])(
    '%s is public',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('assertSafeWebhookUrl', () => {
  const dns = (table: Record<string, string[]>): HostResolver => async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const resolve = dns({ 'hooks.example.com': ['93.184.215.14'], 'rebind.example.com': ['93.184.215.14', '10.0.0.7'], 'v6.example.com': ['fd00::5'] });
  const check = (url: string, allowPrivate = false) => assertSafeWebhookUrl(url, { allowPrivate, resolve });

  it('accepts public hosts and refuses a host with any private address, checked after resolution', async () => {
    await expect(check('https://hooks.example.com/in')).resolves.toBeUndefined();
    await expect(check('https://rebind.example.com/in')).rejects.toThrow('the host rebind.example.com resolves to 10.0.0.7');
    await expect(check('https://v6.example.com/in')).rejects.toThrow('resolves to fd00::5');
    await expect(check('https://missing.example.com/in')).rejects.toThrow('could not be resolved (ENOTFOUND)');
    await expect(check('http://[::1]:8080/in')).rejects.toThrow('the address ::1');
  });

  it('allows private addresses when configured, but never other schemes or credentials', async () => {
    await expect(check('http://127.0.0.1:9000/in', true)).resolves.toBeUndefined();
    await expect(check('http://missing.example.com/in', true)).resolves.toBeUndefined();
    await expect(check('ftp://hooks.example.com/in', true)).rejects.toThrow('must use http or https');
    await expect(check('https://a:b@hooks.example.com/in', true)).rejects.toThrow('must not contain credentials');
  });

  it('connects only to the addresses it checked (lookup for node:http)', async () => {
    const lookup = safeLookup(resolve);
    const call = (host: string, options: object) =>
      new Promise<unknown[]>((done) => (lookup as unknown as (...a: unknown[]) => void)(host, options, (...args: unknown[]) => done(args)));
    expect(await call('hooks.example.com', { all: true })).toEqual([null, [{ address: '93.184.215.14', family: 4 }]]);
    expect(await call('hooks.example.com', {})).toEqual([null, '93.184.215.14', 4]);
    const [error] = await call('rebind.example.com', { all: true });
    expect(String(error)).toMatch(/refused: the host rebind.example.com resolves to 10.0.0.7/);
  });
});

describe('signing and retries', () => {
  it('signs like the reference implementation, with one entry per secret', () => {
    const secrets = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ id: 'evt', type: 'webhook.test', createdAt: '2030-01-01T00:00:00.000Z', data: {} });
    const now = Math.floor(Date.now() / 1000);
    const headers = signatureHeaders(secrets, 'evt', now, body);
    expect(headers['webhook-signature'].split(' ')).toEqual(secrets.map((s) => new Webhook(s).sign('evt', new Date(now * 1000), body)));
    for (const s of secrets) expect(new Webhook(s).verify(body, headers)).toMatchObject({ id: 'evt' });
    expect(() => signatureHeaders([], 'evt', now, body)).toThrow();
  });

  it('keeps at most 3 replaced secrets signing, each until its own expiry, the oldest dropped first; overlap 0 drops all', () => {
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes)).toISOString();
    const secrets = Array.from({ length: 6 }, () => newWebhookSecret());
    let row: SubscriptionSecrets = { secret: secrets[0]!, previous_secret: null, previous_secret_expires_at: null, older_secrets: null };
    // Five rotations a minute apart, each promising its replaced secret 60 minutes.
    for (let i = 1; i <= 5; i++) row = rotatedSecrets(row, secrets[i]!, at(i), at(i + 60));
    const retired = [{ secret: row.previous_secret!, expiresAt: row.previous_secret_expires_at! }, ...parseOlderSecrets(row.older_secrets)];
    expect(retired).toHaveLength(MAX_RETIRED_SECRETS);
    expect(retired).toEqual([4, 3, 2].map((i) => ({ secret: secrets[i], expiresAt: at(i + 61) })));
    expect(signingSecrets(row.secret, retired, at(6))).toEqual([5, 4, 3, 2].map((i) => secrets[i]));
    expect(signingSecrets(row.secret, retired, at(63))).toEqual([5, 4, 3].map((i) => secrets[i])); // 2's hour is over
    expect(signingSecrets(row.secret, retired, at(66))).toEqual([secrets[5]]);
    // A secret whose overlap is over is not carried into the next rotation.
    const later = rotatedSecrets(row, newWebhookSecret(), at(63), at(123));
    expect(parseOlderSecrets(later.older_secrets).map((s) => s.secret)).toEqual([secrets[4], secrets[3]]);
    expect(rotatedSecrets(row, 'whsec_new', at(6), null)).toEqual({ secret: 'whsec_new', previous_secret: null, previous_secret_expires_at: null, older_secrets: null });
    expect(parseOlderSecrets('not json')).toEqual([]);
  });

  it('spreads retries over about a day by default, jittered by at most 20 %', () => {
    const schedule = defaultConfig.webhookRetryScheduleSeconds;
    expect(maxAttemptsOf(schedule)).toBe(10);
    const total = (random: () => number) => schedule.reduce((sum, _s, i) => sum + retryDelayMs(i + 1, schedule, random)!, 0) / 3_600_000;
    expect(total(() => 0.5)).toBeCloseTo(23.7, 1);
    expect(total(() => 0)).toBeGreaterThan(18);
    expect(total(() => 0.999999)).toBeLessThan(29);
    expect(retryDelayMs(1, schedule, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, schedule, () => 0.999999)).toBe(36_000);
    for (let i = 1; i < schedule.length; i++) expect(schedule[i]!).toBeGreaterThanOrEqual(schedule[i - 1]!);
    expect(retryDelayMs(schedule.length + 1, schedule)).toBeNull();
  });

  it('reads the webhook settings from the environment', () => {
    expect(
      configFromEnv({
        TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS: '1',
        TOURNEY_WEBHOOK_DISPATCHER: 'off',
        TOURNEY_WEBHOOK_TIMEOUT: '3',
        TOURNEY_WEBHOOK_RETRY_SCHEDULE: '5, 60,600',
        TOURNEY_WEBHOOK_SUBSCRIPTION_CONCURRENCY: '2',
      }),
    ).toMatchObject({
      allowPrivateWebhookUrls: true,
      webhookDispatcher: false,
      webhookTimeoutMs: 3000,
      webhookRetryScheduleSeconds: [5, 60, 600],
      webhookSubscriptionConcurrency: 2,
    });
    expect(defaultConfig.webhookSubscriptionConcurrency).toBe(4);
    expect(() => configFromEnv({ TOURNEY_WEBHOOK_RETRY_SCHEDULE: '5,,6' })).toThrow(/TOURNEY_WEBHOOK_RETRY_SCHEDULE/);
    expect(() => configFromEnv({ TOURNEY_WEBHOOK_SUBSCRIPTION_CONCURRENCY: '0' })).toThrow(/TOURNEY_WEBHOOK_SUBSCRIPTION_CONCURRENCY/);
  });

  it('selects events by name or "*", never a type outside the contract', () => {
    expect(WEBHOOK_EVENT_TYPES.has('match.completed')).toBe(true);
    expect(selectsEvent(['*'], 'tournament.started')).toBe(true);
    expect(selectsEvent(['match.completed'], 'tournament.started')).toBe(false);
    expect(selectsEvent(['*'], 'webhook.test')).toBe(false);
    expect(selectsEvent(['*'], 'internal.something')).toBe(false);
  });
});
