import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_BOUNDS, type IntegerSetting } from '../src/config-bounds';
import { ConfigError, type ConfigOverrides, defaultConfig, resolveConfig, startServer } from '../src/index';
import { request, startTestServer, type TestServer } from './helpers/index';

/** Overrides setting `path` (`rateLimit.points` included) to `value`. */
const setting = (path: string, value: unknown): ConfigOverrides => {
  const [head, field] = path.split('.');
  return (field === undefined ? { [head!]: value } : { [head!]: { [field]: value } }) as ConfigOverrides;
};

// R18.3: the options of startServer are held to the rules of the environment variables that set the same settings
// (config-bounds.ts is the one table of ranges), refused at start with a ConfigError naming the option.
describe('startServer options checked as the environment is', () => {
  let server: TestServer | undefined;
  let dir = '';
  afterEach(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    server = undefined;
    dir = '';
  });

  it('refuses each option out of the range its environment variable has, naming the option, the range and the value', () => {
    const refused: Array<[ConfigOverrides, string]> = [
      [{ port: -1 }, 'startServer option port must be a non-negative integer (got -1)'],
      [{ port: 65_536 }, 'startServer option port must be a TCP port (0 to 65535) (got 65536)'],
      [{ port: 80.5 }, 'startServer option port must be a non-negative integer (got 80.5)'],
      [{ port: '8080' as unknown as number }, 'startServer option port must be a non-negative integer (got "8080")'],
      [{ rateLimit: { durationSeconds: 0 } }, 'startServer option rateLimit.durationSeconds must be a whole number of seconds from 1 to 2147483 (got 0)'],
      [
        { rateLimit: { points: 0 } },
        'startServer option rateLimit.points must be a positive integer (to turn rate limiting off, set rateLimit.enabled to false) (got 0)',
      ],
      [{ maxBodyBytes: -1 }, 'startServer option maxBodyBytes must be a positive integer (got -1)'],
      [{ maxBodyBytes: 1024.5 }, 'startServer option maxBodyBytes must be a positive integer (got 1024.5)'],
      [{ listTotalCap: 0 }, 'startServer option listTotalCap must be a positive integer (got 0)'],
      [{ maxEvidenceBytes: -1 }, 'startServer option maxEvidenceBytes must be a non-negative integer (got -1)'],
      [{ webhookTimeoutMs: 2_147_483_648 }, 'startServer option webhookTimeoutMs must be a whole number of milliseconds from 0 to 2147483647 (got 2147483648)'],
      [{ notificationSweepIntervalMs: Number.NaN }, 'startServer option notificationSweepIntervalMs must be a whole number of milliseconds from 0 to 2147483647 (got NaN)'],
      [
        { registrationScheduleIntervalMs: Number.POSITIVE_INFINITY },
        'startServer option registrationScheduleIntervalMs must be a whole number of milliseconds from 0 to 2147483647 (got Infinity)',
      ],
      [
        { shutdownTimeoutMs: 2_147_480_000 },
        'startServer option shutdownTimeoutMs must be a whole number of milliseconds from 0 to 2147478647 (the forced exit comes 5 s later, on a timer) (got 2147480000)',
      ],
      [{ livePollIntervalMs: 0 }, 'startServer option livePollIntervalMs must be a whole number of milliseconds from 1 to 2147483647 (got 0)'],
      [{ liveHeartbeatMs: 0 }, 'startServer option liveHeartbeatMs must be a whole number of milliseconds from 1 to 2147483647 (got 0)'],
      [{ webhookPollIntervalMs: 0 }, 'startServer option webhookPollIntervalMs must be a whole number of milliseconds from 1 to 2147483647 (got 0)'],
      [{ accessTokenTtlSeconds: 3_153_600_001 }, 'startServer option accessTokenTtlSeconds must be a whole number of seconds from 0 to 3153600000 (got 3153600001)'],
      [
        { webhookRetryScheduleSeconds: [30, 2_147_484] },
        'startServer option webhookRetryScheduleSeconds entry 2 must be a whole number of seconds from 0 to 2147483 (got 2147484)',
      ],
      [{ webhookRetryScheduleSeconds: [] }, 'startServer option webhookRetryScheduleSeconds must list the delays in seconds, e.g. [30, 120, 600] (got [])'],
      [{ logLevel: 'loud' }, 'startServer option logLevel must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
      [{ publicUrl: 'ftp://tourney.example.com' }, 'startServer option publicUrl must be an http(s) URL, e.g. https://tourney.example.com/api/v1 (got "ftp://tourney.example.com")'],
      [{ rateLimit: { keyPrefix: '' } }, 'startServer option rateLimit.keyPrefix must be 1 to 64 letters, digits or _ : . - (got "")'],
    ];
    for (const [overrides, message] of refused) {
      expect(() => resolveConfig(overrides), JSON.stringify(overrides)).toThrow(new ConfigError(message));
    }
    // Every bad option at once, each named.
    expect(() => resolveConfig({ port: -1, listTotalCap: 0, rateLimit: { durationSeconds: 0 } })).toThrow(
      new ConfigError(
        'startServer option port must be a non-negative integer (got -1); startServer option rateLimit.durationSeconds must be a whole number of seconds from 1 to 2147483 (got 0); ' +
          'startServer option listTotalCap must be a positive integer (got 0)',
      ),
    );
  });

  it('bounds every integer setting: one past either end, or a fraction, is refused; each end is taken', () => {
    // Left to databaseFor (at least 2 connections on PostgreSQL, ignored on SQLite) and to PostgreSQL (its refusal of
    // a statement timeout names the parameter): database-config.test.ts.
    const later = new Set<IntegerSetting>(['databasePoolSize', 'databaseStatementTimeoutMs']);
    const settings = Object.entries(CONFIG_BOUNDS) as Array<[IntegerSetting, (typeof CONFIG_BOUNDS)[IntegerSetting]]>;
    expect(settings.length).toBeGreaterThanOrEqual(23);
    for (const [path, { min, max }] of settings.filter(([path]) => !later.has(path))) {
      for (const bad of [min - 1, max + 1, min + 0.5]) {
        if (bad > Number.MAX_SAFE_INTEGER) continue; // no exact integer above it
        expect(() => resolveConfig(setting(path, bad)), `${path} = ${bad}`).toThrow(new RegExp(`^startServer option ${path.replace('.', '\\.')} must be .* \\(got ${bad}\\)$`));
      }
      for (const good of [min, max]) expect(() => resolveConfig(setting(path, good)), `${path} = ${good}`).not.toThrow();
    }
    expect(() => resolveConfig({ databasePoolSize: 1 })).not.toThrow();
  });

  it('keeps the defaults, and a default for an option given as undefined', () => {
    expect(resolveConfig()).toEqual(defaultConfig);
    expect(resolveConfig({ port: undefined, rateLimit: { points: undefined } })).toEqual(defaultConfig);
  });

  it('refuses a bad option before anything is opened: no database file, no directory', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tourney-options-'));
    const databasePath = join(dir, 'data', 'tourney.db');
    const attempt = startServer({ databasePath, port: 0, logLevel: 'silent', rateLimit: { durationSeconds: 0 } });
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow('startServer option rateLimit.durationSeconds must be a whole number of seconds from 1 to 2147483 (got 0)');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('starts with options at the ends of their ranges and serves', async () => {
    server = await startTestServer({
      maxBodyBytes: 1,
      listTotalCap: 1,
      proxyHops: 1,
      maxEvidenceBytes: 0,
      bracketCacheRows: 0,
      liveBacklog: 1,
      webhookSubscriptionConcurrency: 1,
      webhookTimeoutMs: 2_147_483_647,
      webhookLeaseMarginMs: 0,
      webhookPollIntervalMs: 2_147_483_647,
      webhookRetryScheduleSeconds: [0, 2_147_483],
      notificationSweepIntervalMs: 2_147_483_647,
      registrationScheduleIntervalMs: 2_147_483_647,
      shutdownTimeoutMs: 2_147_478_647,
      livePollIntervalMs: 1,
      liveHeartbeatMs: 1,
      publicCacheSeconds: 2_147_483_647,
      accessTokenTtlSeconds: 3_153_600_000,
      rateLimit: { points: 1_000_000, durationSeconds: 2_147_483 },
    });
    const health = await request(server, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(server.deps.config).toMatchObject({ webhookTimeoutMs: 2_147_483_647, shutdownTimeoutMs: 2_147_478_647, rateLimit: { durationSeconds: 2_147_483 } });
  });
});
