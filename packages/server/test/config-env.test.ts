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
        'TOURNEY_WEBHOOK_TIMEOUT must be a non-negative integer (got "1.5"); ' +
        'TOURNEY_WEBHOOK_RETRY_SCHEDULE entry 2 must be a non-negative integer (got "5,x")',
    );
    expect(() => configFromEnv({ PORT: 'http' })).toThrow('PORT must be a non-negative integer (got "http")');
    expect(() => configFromEnv({ TOURNEY_ACCESS_TOKEN_TTL: '-1' })).toThrow('TOURNEY_ACCESS_TOKEN_TTL must be a non-negative integer (got "-1")');
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
});
