// The full Tourney stack for the HTTP benchmark: startServer on a SQLite file (logs to /dev/null at info level,
// rate limiting on with a limit the benchmark cannot reach), seeded with one published tournament over HTTP.
// Prints `PORT <n>` and `ID <uuid>` when ready.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startServer } from '../../packages/server/src/index';

const server = await startServer({
  databasePath: join(mkdtempSync(join(tmpdir(), 'tourney-bench-full-')), 'full.db'),
  port: 0,
  rateLimit: { points: 100_000_000, durationSeconds: 60 },
  logger: pino({ level: 'info' }, pino.destination('/dev/null')),
});

async function call(method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const owner = await call('POST', '/auth/register', { username: 'bench_owner', email: 'bench@example.test', password: 'bench password' });
const token = owner.data.accessToken as string;
const org = await call('POST', '/organizations', { name: 'Bench' }, token);
const project = await call('POST', `/organizations/${org.data.id}/projects`, { name: 'Bench' }, token);
const tournament = await call(
  'POST',
  '/tournaments',
  {
    projectId: project.data.id,
    name: 'Bench Cup',
    disciplineId: 'cs2',
    maxParticipants: 16,
    startDate: '2030-01-01T00:00:00Z',
    stages: [{ name: 'Playoffs', format: 'SINGLE_ELIMINATION' }],
  },
  token,
);
await call('POST', `/tournaments/${tournament.data.id}/publish`, undefined, token);
console.log(`PORT ${server.port}`);
console.log(`ID ${tournament.data.id}`);
