#!/usr/bin/env node
// The PostgreSQL run of `npm test`: the server, end-to-end and CLI tests again, each test server on a database of its
// own on the PostgreSQL server at TOURNEY_TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; the
// user needs CREATEDB). Unit tests that use no database (core, sdk, server/test/unit, contract) and the type tests
// (*.test-d.ts) ran in the SQLite run.
// When that server cannot be reached the run is skipped with a line saying so, except in CI (CI set and not
// "false"/"0"), where it fails.
import { spawn } from 'node:child_process';
import pg from 'pg';

const url = process.env.TOURNEY_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ci = !!process.env.CI && !['false', '0'].includes(process.env.CI.toLowerCase());
const PATHS = ['packages/server/test', 'test/e2e', 'packages/cli/test'];

function shown(address) {
  try {
    const parsed = new URL(address);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

async function reachable() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    const first = error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;
    return first?.code ?? first?.message ?? String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const problem = await reachable();
if (problem !== null) {
  if (ci) {
    console.error(`\nPostgreSQL test run: cannot reach ${shown(url)} (${problem}); CI requires it (start PostgreSQL or set TOURNEY_TEST_DATABASE_URL).`);
    process.exit(1);
  }
  console.log(`\n*** PostgreSQL test run SKIPPED: cannot reach ${shown(url)} (${problem}). Start PostgreSQL or set TOURNEY_TEST_DATABASE_URL to run it. ***\n`);
  process.exit(0);
}

console.log(`\nPostgreSQL test run on ${shown(url)}: ${PATHS.join(', ')}\n`);
const child = spawn('npx', ['vitest', 'run', '--typecheck.enabled=false', '--exclude', 'packages/server/test/unit/**', ...PATHS, ...process.argv.slice(2)], {
  stdio: 'inherit',
  // Server processes the tests spawn on PostgreSQL need a presign secret (required with DATABASE_URL): the same one
  // as the test helpers' unless the caller sets another.
  env: { ...process.env, TOURNEY_TEST_DATABASE: 'postgres', TOURNEY_PRESIGN_SECRET: process.env.TOURNEY_PRESIGN_SECRET || 'tourney-test-presign-secret' },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
