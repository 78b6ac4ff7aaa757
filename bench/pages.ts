/**
 * `npm run bench:pages`: weight and render time of the public tournament page (R28.10). Prints the page script's
 * size compressed (gzip; target under 60 KB) and the median time to serve the page of a started 1024-player double
 * elimination (`GET /t/{id}`, database reads and rendering; target under 1 s), beside the bracket's JSON from the API
 * (`GET /api/v1/tournaments/{id}/bracket`, the same reads without HTML) measured in the same run as the baseline.
 */
import { gzipSync } from 'node:zlib';
import { startServer } from '../packages/server/src/index';
import { newId } from '../packages/server/src/ids';
import { pageScript } from '../packages/server/src/pages/assets';
import { measure } from './measure.mjs';

const N = 1024;
const server = await startServer({ databasePath: ':memory:', port: 0, logLevel: 'silent', rateLimit: { enabled: false } });
const api = server.url;
const origin = api.replace(/\/api\/v1$/, '');

async function call(method: string, path: string, token: string, body?: unknown): Promise<any> {
  const res = await fetch(`${api}${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const json = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

try {
  const reg = await fetch(`${api}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'bench_owner', email: 'bench@example.com', password: 'correct horse battery staple' }),
  });
  const token = ((await reg.json()) as any).data.accessToken as string;
  const org = await call('POST', '/organizations', token, { name: 'Bench Org' });
  const project = await call('POST', `/organizations/${org.id}/projects`, token, { name: 'Bench' });
  const t = await call('POST', '/tournaments', token, {
    name: 'Bench Major', disciplineId: 'chess', maxParticipants: N, startDate: '2030-06-01T12:00:00.000Z', projectId: project.id,
    stages: [{ name: 'Playoffs', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } }],
  });
  await call('POST', `/tournaments/${t.id}/publish`, token);
  await call('POST', `/tournaments/${t.id}/registration/open`, token);
  // 1024 players registered straight in the database (password hashing over HTTP would take minutes).
  const now = new Date().toISOString();
  const db = server.deps.db;
  for (let i = 1; i <= N; i++) {
    const userId = newId();
    const participantId = newId();
    await db.insertInto('users').values({ id: userId, username: `p${i}`, username_lower: `p${i}`, email: `p${i}@example.com`, password_hash: 'x', display_name: `Player ${i}`, bio: null, avatar_url: null, country: null, time_zone: null, created_at: now, updated_at: now }).execute();
    await db.insertInto('participants').values({ id: participantId, tournament_id: t.id, user_id: userId, name: `Player ${i}`, seed: null, status: 'REGISTERED', team_name: null, registered_at: now, checked_in_at: null, final_placement: null, placement_range: null }).execute();
    await db.insertInto('participant_members').values({ participant_id: participantId, tournament_id: t.id, user_id: userId }).execute();
  }
  await call('POST', `/tournaments/${t.id}/start`, token);

  const page = await fetch(`${origin}/t/${t.id}`);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`page: ${page.status}`);
  const script = await pageScript();
  const pageRun = await measure(async () => void (await (await fetch(`${origin}/t/${t.id}`)).text()), { minRuns: 5, budgetMs: 5000 });
  const jsonRun = await measure(async () => void (await (await fetch(`${api}/tournaments/${t.id}/bracket`)).text()), { minRuns: 5, budgetMs: 5000 });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`tournament page script: ${kb(script.length)} minified, ${kb(gzipSync(script).length)} gzip (target < 60 KB)`);
  console.log(`1024-player double elimination page: ${(html.match(/class="m"/g) ?? []).length} matches, HTML ${kb(html.length)} (${kb(gzipSync(html).length)} gzip)`);
  console.log(`  GET /t/{id} (page):                     median ${pageRun.medianMs.toFixed(0)} ms over ${pageRun.runs} runs (target < 1000 ms)`);
  console.log(`  GET /api/v1/tournaments/{id}/bracket:   median ${jsonRun.medianMs.toFixed(0)} ms over ${jsonRun.runs} runs (baseline: same reads, JSON)`);
} finally {
  await server.close();
}
