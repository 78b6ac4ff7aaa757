import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOOLEAN_SPELLINGS, type EnvVariableDoc, renderConfigSection, type ServerEnvName, serverEnvVariables } from '../src/config-env';
import { ConfigError, configFromEnv, defaultConfig, resolveConfig } from '../src/index';

const names = Object.keys(serverEnvVariables) as ServerEnvName[];
const docOf = (name: ServerEnvName) => serverEnvVariables[name].meta() as unknown as EnvVariableDoc;
const FLAGS: ServerEnvName[] = [
  'TOURNEY_RATE_LIMIT',
  'TOURNEY_TRUST_PROXY',
  'TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS',
  'TOURNEY_WEBHOOK_DISPATCHER',
  'TOURNEY_VALIDATE_RESPONSES',
];

describe('README configuration table', () => {
  it('is the one generated from the environment schema (npm run generate -w @tourney/server)', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = /<!-- config:start[^>]*-->\n([\s\S]*?)<!-- config:end -->/.exec(readme)?.[1];
    expect(section, 'README config:start / config:end markers').toBeDefined();
    expect(section).toBe(renderConfigSection());
    for (const name of names) expect(section).toContain(`| \`${name}\` |`);
  });

  it('documents as default exactly the value that gives the built-in default', () => {
    for (const name of names) {
      const doc = docOf(name);
      expect(doc.default !== undefined || doc.defaultText !== undefined, `${name} documents a default`).toBe(true);
      expect(doc.description, `${name} has a meaning`).toBeTruthy();
      if (doc.default !== undefined) expect(resolveConfig(configFromEnv({ [name]: doc.default })), name).toEqual(defaultConfig);
    }
  });
});

describe('configFromEnv', () => {
  it('keeps every variable name working, each setting something', () => {
    const samples: Partial<Record<ServerEnvName, string>> = {
      TOURNEY_DB: './data/tourney.db',
      TOURNEY_PUBLIC_URL: 'https://tourney.example.com/api/v1',
      TOURNEY_EVIDENCE_DIR: '/srv/evidence',
      TOURNEY_PRESIGN_SECRET: 's3cret',
      DATABASE_URL: 'postgres://tourney:secret@db.example.com:5432/tourney',
      REDIS_URL: 'redis://cache.example.com:6379',
    };
    for (const name of names) {
      const overrides = configFromEnv({ [name]: samples[name] ?? docOf(name).default });
      const { rateLimit, ...rest } = overrides;
      expect(Object.keys(rest).length + Object.keys(rateLimit ?? {}).length, name).toBe(1);
    }
    expect(
      configFromEnv({
        PORT: '8080',
        HOST: '0.0.0.0',
        TOURNEY_DB: ':memory:',
        TOURNEY_ACCESS_TOKEN_TTL: '60',
        TOURNEY_RATE_LIMIT_POINTS: '5',
        TOURNEY_RATE_LIMIT_WINDOW: '1',
        TOURNEY_RATE_LIMIT: 'off',
        LOG_LEVEL: 'silent',
        TOURNEY_REGISTRATION_SCHEDULE_INTERVAL: '0',
      }),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databasePath: ':memory:',
      accessTokenTtlSeconds: 60,
      logLevel: 'silent',
      registrationScheduleIntervalMs: 0,
      rateLimit: { enabled: false, points: 5, durationSeconds: 1 },
    });
  });

  it('serves 127.0.0.1:3000 on ./data/tourney.db when nothing is set (R18.4)', () => {
    expect(resolveConfig(configFromEnv({}))).toMatchObject({ port: 3000, host: '127.0.0.1', databasePath: './data/tourney.db' });
    expect(resolveConfig(configFromEnv({})).databaseUrl ?? null).toBeNull();
  });

  it('returns only what is set; an empty variable counts as unset', () => {
    expect(configFromEnv({})).toEqual({ rateLimit: {} });
    expect(configFromEnv({ PORT: '', TOURNEY_TRUST_PROXY: '', TOURNEY_DB: '', UNRELATED: 'x' })).toEqual({ rateLimit: {} });
  });

  it('a blank (whitespace-only) variable counts as unset, like an empty one: PORT=" " is not port 0', () => {
    const blank = { PORT: ' ', TOURNEY_RATE_LIMIT_POINTS: ' ', TOURNEY_RATE_LIMIT_WINDOW: '\t', TOURNEY_DB: '  ', TOURNEY_TRUST_PROXY: ' \n', LOG_LEVEL: ' ' };
    expect(configFromEnv(blank)).toEqual({ rateLimit: {} });
    expect(resolveConfig(configFromEnv(blank))).toMatchObject({ port: 3000, databasePath: './data/tourney.db', rateLimit: { points: 600, durationSeconds: 60 } });
    // Padding around a value is no blank.
    expect(configFromEnv({ PORT: ' 8080 ' })).toMatchObject({ port: 8080 });
  });

  it('refuses TOURNEY_RATE_LIMIT_POINTS=0, which would answer 429 to every request: off is TOURNEY_RATE_LIMIT=off', () => {
    expect(() => configFromEnv({ TOURNEY_RATE_LIMIT_POINTS: '0' })).toThrow(
      'invalid environment: TOURNEY_RATE_LIMIT_POINTS must be a positive integer (to turn rate limiting off, set TOURNEY_RATE_LIMIT=off) (got "0")',
    );
    expect(configFromEnv({ TOURNEY_RATE_LIMIT_POINTS: '1' })).toEqual({ rateLimit: { points: 1 } });
    expect(configFromEnv({ TOURNEY_RATE_LIMIT: 'off' })).toEqual({ rateLimit: { enabled: false } });
  });

  it('reads every on/off variable with one spelling rule, in any case', () => {
    for (const name of FLAGS) {
      for (const on of [...BOOLEAN_SPELLINGS.on, 'TRUE', 'On', 'YES']) expect(JSON.stringify(configFromEnv({ [name]: on })), `${name}=${on}`).toContain('true');
      for (const off of [...BOOLEAN_SPELLINGS.off, 'FALSE', 'Off', 'NO']) expect(JSON.stringify(configFromEnv({ [name]: off })), `${name}=${off}`).toContain('false');
      expect(() => configFromEnv({ [name]: 'maybe' }), name).toThrow(new RegExp(`^invalid environment: ${name} must be one of 1, true, on, yes, 0, false, off, no \\(got "maybe"\\)$`));
    }
    expect(configFromEnv({ TOURNEY_TRUST_PROXY: 'true', TOURNEY_WEBHOOK_DISPATCHER: 'no' })).toMatchObject({ trustProxy: true, webhookDispatcher: false });
  });

  it('refuses malformed values with a ConfigError naming each variable and the value found', () => {
    const attempt = () =>
      configFromEnv({ PORT: '99999', LOG_LEVEL: 'loud', TOURNEY_WEBHOOK_TIMEOUT: '1.5', TOURNEY_PUBLIC_URL: 'ftp://x', TOURNEY_WEBHOOK_RETRY_SCHEDULE: '5,x' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      'invalid environment: PORT must be a TCP port (0 to 65535) (got "99999"); ' +
        'TOURNEY_PUBLIC_URL must be an http(s) URL, e.g. https://tourney.example.com/api/v1 (got "ftp://x"); ' +
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud"); ' +
        'TOURNEY_WEBHOOK_TIMEOUT must be a whole number of seconds from 0 to 2147483 (got "1.5"); ' +
        'TOURNEY_WEBHOOK_RETRY_SCHEDULE entry 2 must be a whole number of seconds from 0 to 2147483 (got "5,x")',
    );
    expect(() => configFromEnv({ PORT: 'http' })).toThrow('PORT must be a non-negative integer (got "http")');
    expect(() => configFromEnv({ TOURNEY_ACCESS_TOKEN_TTL: '-1' })).toThrow('TOURNEY_ACCESS_TOKEN_TTL must be a whole number of seconds from 0 to 3153600000 (got "-1")');
    expect(() => configFromEnv({ TOURNEY_MAX_EVIDENCE_BYTES: '-1' })).toThrow('TOURNEY_MAX_EVIDENCE_BYTES must be a non-negative integer (got "-1")');
    expect(() => configFromEnv({ TOURNEY_WEBHOOK_RETRY_SCHEDULE: '5,,6' })).toThrow('TOURNEY_WEBHOOK_RETRY_SCHEDULE entry 2 must list seconds');
  });

  it('reads DATABASE_URL (postgres:// or postgresql://) and the pool settings; never shows the password', () => {
    expect(
      configFromEnv({
        DATABASE_URL: 'postgresql://tourney:secret@db.example.com/tourney?sslmode=require',
        TOURNEY_DB_POOL_SIZE: '4',
        TOURNEY_DB_STATEMENT_TIMEOUT: '5',
      }),
    ).toEqual({
      databaseUrl: 'postgresql://tourney:secret@db.example.com/tourney?sslmode=require',
      databasePoolSize: 4,
      databaseStatementTimeoutMs: 5_000,
      rateLimit: {},
    });
    const attempt = () => configFromEnv({ DATABASE_URL: 'mysql://root:hunter2@db.example.com/tourney', TOURNEY_DB_POOL_SIZE: '0' });
    expect(attempt).toThrow(
      'invalid environment: DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://tourney:secret@localhost:5432/tourney ' +
        '(got "mysql://root:***@db.example.com/tourney"); TOURNEY_DB_POOL_SIZE must be an integer of at least 2 (a periodic job holds one connection for its lock while its queries use another) (got "0")',
    );
    expect(attempt).not.toThrow(/hunter2/);
    // One connection is refused: the job lock holds it while the job's queries would wait for another.
    expect(() => configFromEnv({ DATABASE_URL: 'postgres://db.example.com/tourney', TOURNEY_DB_POOL_SIZE: '1' })).toThrow(
      'TOURNEY_DB_POOL_SIZE must be an integer of at least 2',
    );
  });

  // Node.js fires a timer of more than 2147483647 ms at once: a job would run in a busy loop, a shutdown deadline
  // would pass at once. Every duration the server waits on is bounded so that it fits (R18.3).
  it('refuses a duration a Node.js timer cannot hold, naming the variable and the range', () => {
    const bounds: [ServerEnvName, string, number][] = [
      ['TOURNEY_REGISTRATION_SCHEDULE_INTERVAL', 'seconds from 0', 2_147_483],
      ['TOURNEY_NOTIFICATION_SWEEP_INTERVAL', 'seconds from 0', 2_147_483],
      ['TOURNEY_WEBHOOK_TIMEOUT', 'seconds from 0', 2_147_483],
      ['TOURNEY_WEBHOOK_LEASE_MARGIN', 'seconds from 0', 2_147_483],
      ['TOURNEY_LIVE_HEARTBEAT', 'seconds from 1', 2_147_483],
      ['TOURNEY_RATE_LIMIT_WINDOW', 'seconds from 1', 2_147_483],
      ['TOURNEY_LIVE_POLL_INTERVAL', 'milliseconds from 1', 2_147_483_647],
    ];
    for (const [name, range, max] of bounds) {
      expect(() => configFromEnv({ [name]: String(max + 1) }), name).toThrow(
        new ConfigError(`invalid environment: ${name} must be a whole number of ${range} to ${max} (got "${max + 1}")`),
      );
      // The largest value is taken, and its milliseconds fit a timer (fields ending in Ms hold milliseconds).
      const { rateLimit, ...fields } = configFromEnv({ [name]: String(max) });
      const [field, value] = Object.entries({ ...fields, ...rateLimit }).find(([, v]) => typeof v === 'number') as [string, number];
      expect(field.endsWith('Ms') ? value : value * 1000, name).toBeLessThanOrEqual(2_147_483_647);
    }
    // The forced exit of npm start comes 5 s after the shutdown timeout: the sum must fit too.
    expect(() => configFromEnv({ TOURNEY_SHUTDOWN_TIMEOUT: '3000000' })).toThrow(
      new ConfigError(
        'invalid environment: TOURNEY_SHUTDOWN_TIMEOUT must be a whole number of seconds from 0 to 2147478 (the forced exit comes 5 s later, on a timer) (got "3000000")',
      ),
    );
    expect(() => configFromEnv({ TOURNEY_SHUTDOWN_TIMEOUT: '2147479' })).toThrow('TOURNEY_SHUTDOWN_TIMEOUT must be a whole number of seconds from 0 to 2147478');
    expect(configFromEnv({ TOURNEY_SHUTDOWN_TIMEOUT: '2147478' }).shutdownTimeoutMs! + 5_000).toBeLessThanOrEqual(2_147_483_647);
    // Each retry delay of the schedule too.
    expect(() => configFromEnv({ TOURNEY_WEBHOOK_RETRY_SCHEDULE: '30,2147484' })).toThrow(
      new ConfigError('invalid environment: TOURNEY_WEBHOOK_RETRY_SCHEDULE entry 2 must be a whole number of seconds from 0 to 2147483 (got "30,2147484")'),
    );
    // Durations that are no timers still have a bound that keeps their instants valid dates and their headers valid.
    expect(() => configFromEnv({ TOURNEY_REFRESH_TOKEN_TTL: '3153600001' })).toThrow(
      'TOURNEY_REFRESH_TOKEN_TTL must be a whole number of seconds from 0 to 3153600000 (got "3153600001")',
    );
    expect(() => configFromEnv({ TOURNEY_PUBLIC_CACHE_SECONDS: '2147483648' })).toThrow(
      'TOURNEY_PUBLIC_CACHE_SECONDS must be a whole number of seconds from 0 to 2147483647 (got "2147483648")',
    );
  });

  it('refuses TOURNEY_RATE_LIMIT_WINDOW=0, a window that would never end', () => {
    expect(() => configFromEnv({ TOURNEY_RATE_LIMIT_WINDOW: '0' })).toThrow(
      new ConfigError('invalid environment: TOURNEY_RATE_LIMIT_WINDOW must be a whole number of seconds from 1 to 2147483 (got "0")'),
    );
    expect(configFromEnv({ TOURNEY_RATE_LIMIT_WINDOW: '1' })).toEqual({ rateLimit: { durationSeconds: 1 } });
  });

  it("refuses TOURNEY_DB_STATEMENT_TIMEOUT above PostgreSQL's limit of 2147483647 ms", () => {
    expect(() => configFromEnv({ TOURNEY_DB_STATEMENT_TIMEOUT: '2147484' })).toThrow(
      new ConfigError(
        `invalid environment: TOURNEY_DB_STATEMENT_TIMEOUT must be a whole number of seconds from 0 to 2147483 (PostgreSQL's limit) (got "2147484")`,
      ),
    );
    expect(configFromEnv({ TOURNEY_DB_STATEMENT_TIMEOUT: '2147483' })).toMatchObject({ databaseStatementTimeoutMs: 2_147_483_000 });
  });

  it('reads integers in decimal digits only: no hex, octal, binary, exponent, fraction or Infinity', () => {
    const integers = names.filter((name) => /^\d+(,\d+)*$/.test(docOf(name).default ?? '') && !FLAGS.includes(name));
    expect(integers.length).toBeGreaterThanOrEqual(20);
    for (const name of integers) {
      for (const spelling of ['0x10', '1e1', '0b11', '0o7', '10.0', 'Infinity', '1_000', '١٢']) {
        expect(() => configFromEnv({ [name]: spelling }), `${name}=${spelling}`).toThrow(new RegExp(`^invalid environment: ${name}( entry 1)? must be .* \\(got "${spelling}"\\)$`));
      }
    }
    expect(() => configFromEnv({ PORT: '0x10' })).toThrow(new ConfigError('invalid environment: PORT must be a non-negative integer (got "0x10")'));
    expect(() => configFromEnv({ DATABASE_URL: 'postgres://db/tourney', TOURNEY_DB_POOL_SIZE: '1e1' })).toThrow(
      'TOURNEY_DB_POOL_SIZE must be an integer of at least 2 (a periodic job holds one connection for its lock while its queries use another) (got "1e1")',
    );
    // Decimal digits with a sign and spaces around, as before; a number past the exact integers is refused.
    expect(configFromEnv({ PORT: '+8080', TOURNEY_DB_POOL_SIZE: ' 010 ', TOURNEY_WEBHOOK_RETRY_SCHEDULE: ' 5 , 60' })).toMatchObject({
      port: 8080,
      databasePoolSize: 10,
      webhookRetryScheduleSeconds: [5, 60],
    });
    expect(() => configFromEnv({ TOURNEY_MAX_EVIDENCE_BYTES: '9007199254740992' })).toThrow(
      new ConfigError('invalid environment: TOURNEY_MAX_EVIDENCE_BYTES must be a non-negative integer of at most 9007199254740991 (got "9007199254740992")'),
    );
  });

  it('refuses a REDIS_URL whose database is not a number (its path, or its db parameter)', () => {
    for (const url of ['redis://cache:6379/abc', 'redis://cache:6379/-1', 'redis://cache:6379/0x1', 'redis://cache:6379/1/2', 'rediss://cache:6379/?db=two']) {
      expect(() => configFromEnv({ REDIS_URL: url }), url).toThrow(
        new ConfigError(
          `invalid environment: REDIS_URL must name the Redis database by its number, e.g. redis://127.0.0.1:6379/0, or leave the path out for database 0 (got "${url}")`,
        ),
      );
    }
    expect(() => configFromEnv({ REDIS_URL: 'redis://:hunter2@cache:6379/abc' })).toThrow('(got "redis://:***@cache:6379/abc")');
    for (const url of ['redis://cache:6379', 'redis://cache:6379/', 'redis://cache:6379/15', 'rediss://:pw@cache:6379/?db=3']) {
      expect(configFromEnv({ REDIS_URL: url }), url).toEqual({ redisUrl: url, rateLimit: {} });
    }
  });

  it('refuses a DATABASE_URL that names no database, which would open the one named after the user', () => {
    for (const url of ['postgres://tourney:hunter2@db.example.com:5432', 'postgresql://tourney:hunter2@db.example.com:5432/']) {
      const shown = url.replace('hunter2', '***');
      expect(() => configFromEnv({ DATABASE_URL: url }), url).toThrow(
        new ConfigError(
          'invalid environment: DATABASE_URL must name the database after the host, e.g. postgres://tourney:secret@localhost:5432/tourney ' +
            `(without one, PostgreSQL would use the database named after the user) (got "${shown}")`,
        ),
      );
    }
    expect(configFromEnv({ DATABASE_URL: 'postgres://db.example.com/tourney' })).toEqual({ databaseUrl: 'postgres://db.example.com/tourney', rateLimit: {} });
  });
});
