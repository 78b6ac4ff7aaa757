import { get } from 'node:http';
import { describe, expect } from 'vitest';
import { createTenant, registerPlayers, request, startTestServer, test } from './helpers/index';
import { playEverything, startWithStages } from './formats-helpers';
import { allMatches, createTournament, joinAll, lifecycle, openTournament } from './tournaments-helpers';
import { activeCircuit } from './circuits-helpers';

test.scoped({ playerCount: 4 });
const it = test;

const pageOf = async (apiRoot: string, path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${apiRoot.replace(/\/api\/v1$/, '')}${path}`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
};

/** How many times `text` occurs in `html`, and how many of those are inside their own `<bdi>`. */
/** The status of a GET of `url` sent with If-None-Match `tag` and nothing else (fetch would add Cache-Control: no-cache). */
const conditionalStatus = (url: string, tag: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { headers: { 'if-none-match': tag } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
const isolated = (html: string, text: string) => ({ all: html.split(text).length - 1, isolated: html.split(`<bdi>${text}</bdi>`).length - 1 });

describe('public pages over HTTP (R28.5)', () => {
  it('shows a round robin as a standings table with a column per tiebreak, and the placements', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players, [
      { name: 'League', format: 'ROUND_ROBIN', settings: { tiebreaks: ['HEAD_TO_HEAD', 'SCORE_DIFFERENCE'] } },
    ]);
    await playEverything(server, t.id, t.byParticipant);
    const page = await pageOf(server.url, `/t/${t.id}`);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    expect(page.html).toMatch(/<th scope="col">Points<\/th><th scope="col">[^<]+<\/th><th scope="col">[^<]+<\/th>/);
    expect((page.html.match(/<tbody>.*?<\/tbody>/s)?.[0].match(/<tr>/g) ?? []).length).toBe(4);
    expect(page.html).toContain('<h2>Placements</h2>');
    expect(page.html).toContain('src="/assets/live.js"');
    const script = await pageOf(server.url, '/assets/live.js');
    expect(script.type).toMatch(/javascript/);
    expect(script.html).toContain('EventSource');
  });

  it('every tournament answer carries its public page URL, which serves the page once published', async ({ server, tenant }) => {
    const draft = await createTournament(server, tenant);
    const origin = server.url.replace(/\/api\/v1$/, '');
    expect(draft.publicUrl).toBe(`${origin}/t/${draft.id}`);
    const listed = await request(server, 'GET', '/tournaments', { token: tenant.owner.accessToken, query: { projectId: tenant.project.id } });
    expect(listed.body.data.every((t: any) => t.publicUrl === `${origin}/t/${t.id}`)).toBe(true);
    await request(server, 'POST', `/tournaments/${draft.id}/publish`, { token: tenant.owner.accessToken });
    expect((await fetch(draft.publicUrl)).status).toBe(200);
  });

  it("a player's own tournaments (listMyTournaments) carry the same public page URL as getTournament", async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant);
    await joinAll(server, t.id, [players[0]!]);
    const one = await request(server, 'GET', `/tournaments/${t.id}`, { token: tenant.owner.accessToken });
    expect(one.body.data.publicUrl).toBe(`${server.url.replace(/\/api\/v1$/, '')}/t/${t.id}`);
    const mine = await request(server, 'GET', '/users/me/tournaments', { token: players[0]!.accessToken });
    expect(mine.status, mine.text).toBe(200);
    const item = mine.body.data.find((m: any) => m.tournament.id === t.id);
    expect(item?.tournament.publicUrl).toBe(one.body.data.publicUrl);
  });

  it("a player's own matches (listMyMatches) carry their tournament's public page URL", async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { maxParticipants: 2 });
    await joinAll(server, t.id, players.slice(0, 2));
    await lifecycle(server, tenant, t.id, 'start');
    const mine = await request(server, 'GET', '/users/me/matches', { token: players[0]!.accessToken, query: { tournamentId: t.id } });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0].tournament.publicUrl).toBe(`${server.url.replace(/\/api\/v1$/, '')}/t/${t.id}`);
  });

  it('answers 404 for an unknown or DRAFT tournament, match or circuit', async ({ server, tenant }) => {
    const draft = await createTournament(server, tenant);
    for (const path of [`/t/${draft.id}`, `/t/${draft.id}/live`, '/m/0190f7a1-7c3e-7000-8000-000000000001', '/c/0190f7a1-7c3e-7000-8000-000000000001']) {
      const page = await pageOf(server.url, path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.type).toMatch(/text\/html/);
    }
  });

  it('reads every page as an anonymous caller whatever credentials are sent (Basic, a bad bearer token, a bad API key)', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players.slice(0, 2), [{ name: 'Final', format: 'SINGLE_ELIMINATION' }]);
    const [match] = await allMatches(server, t.id);
    const { circuit } = await activeCircuit(server, tenant);
    const paths = ['/', `/t/${t.id}`, `/t/${t.id}/live`, `/m/${match.id}`, `/c/${circuit.id}`, '/docs', '/openapi.json', '/openapi.yaml', '/assets/live.js'];
    const credentials: Record<string, string>[] = [{ Authorization: 'Basic dXNlcjpwYXNz' }, { Authorization: 'Bearer nope' }, { 'X-API-Key': 'tk_bad' }, { Authorization: 'Bearer nope', 'X-API-Key': 'tk_bad' }];
    for (const headers of credentials) {
      for (const path of paths) {
        const page = await pageOf(server.url, path, headers);
        expect([path, headers, page.status]).toEqual([path, headers, 200]);
        expect(page.type).not.toMatch(/json/.test(path) ? /^text\/html/ : /^application\/json/);
      }
    }
    // A DRAFT stays a 404 page even for its own staff's valid token, and the API itself still refuses a bad credential.
    const draft = await createTournament(server, tenant);
    const own = await pageOf(server.url, `/t/${draft.id}`, { Authorization: `Bearer ${tenant.owner.accessToken}` });
    expect([own.status, own.type]).toEqual([404, 'text/html; charset=utf-8']);
    expect((await request(server, 'GET', `/tournaments/${t.id}`, { headers: { Authorization: 'Basic dXNlcjpwYXNz' } })).status).toBe(401);
  });

  it('sends every page with nosniff and a Content-Security-Policy that runs only the server\'s own script', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players.slice(0, 2), [{ name: 'Final', format: 'SINGLE_ELIMINATION' }]);
    const [match] = await allMatches(server, t.id);
    const { circuit } = await activeCircuit(server, tenant);
    const root = server.url.replace(/\/api\/v1$/, '');
    for (const path of ['/', `/t/${t.id}`, `/t/${t.id}/live`, `/m/${match.id}`, `/c/${circuit.id}`, '/t/00000000-0000-7000-8000-000000000000']) {
      const res = await fetch(`${root}${path}`);
      expect([path, res.headers.get('x-content-type-options')]).toEqual([path, 'nosniff']);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
    const docs = await fetch(`${root}/docs`);
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await docs.text()).not.toMatch(/<script>/);
  });

  it('tags a page with an ETag: 304 while it does not change, a new tag once a result changes it; a 404 page is never kept', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players.slice(0, 4), [{ name: 'Cup', format: 'SINGLE_ELIMINATION' }]);
    const root = server.url.replace(/\/api\/v1$/, '');
    const first = await fetch(`${root}/t/${t.id}`);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(await conditionalStatus(`${root}/t/${t.id}`, tag!)).toBe(304);
    await playEverything(server, t.id, t.byParticipant);
    expect(await conditionalStatus(`${root}/t/${t.id}`, tag!)).toBe(200);
    expect((await fetch(`${root}/t/${t.id}`)).headers.get('etag')).not.toBe(tag);
    const missing = await fetch(`${root}/t/00000000-0000-7000-8000-000000000000`);
    expect([missing.status, missing.headers.get('cache-control'), missing.headers.get('etag')]).toEqual([404, 'no-cache', null]);

    // An operator who lets a CDN keep public reads for a while (TOURNEY_PUBLIC_CACHE_SECONDS) lets it keep the pages too.
    const cached = await startTestServer({ publicCacheSeconds: 30 });
    try {
      const home = await fetch(`${cached.url.replace(/\/api\/v1$/, '')}/`);
      expect(home.headers.get('cache-control')).toBe('public, max-age=30');
    } finally {
      await cached.close();
    }
  });

  it('serves the pages of a tournament and a match named by an id in upper case', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players.slice(0, 2), [{ name: 'Final', format: 'SINGLE_ELIMINATION' }], { name: 'Upper Cup' });
    const [match] = await allMatches(server, t.id);
    for (const path of [`/t/${t.id.toUpperCase()}`, `/t/${t.id.toUpperCase()}/live`, `/m/${match.id.toUpperCase()}`]) {
      const page = await pageOf(server.url, path);
      expect([path, page.status]).toEqual([path, 200]);
      expect(page.html).toContain('Upper Cup');
    }
    expect((await pageOf(server.url, `/t/${t.id.toUpperCase()}`)).html).toContain(`data-tournament="${t.id}"`);
  });

  it('isolates every user-written name from the text around it, so bidi controls in a name reorder nothing else', async ({ server, tenant }) => {
    const tricky = 'B \u202Egnp.exe';
    const t = await openTournament(server, tenant, { name: `Cup \u202Ereversed`, maxParticipants: 4 });
    for (const name of ['Ann', tricky, 'Cleo', 'Dee']) {
      const added = await request(server, 'POST', `/tournaments/${t.id}/participants`, { token: tenant.owner.accessToken, body: { name } });
      expect(added.status, added.text).toBe(201);
    }
    await lifecycle(server, tenant, t.id, 'start');
    const match = (await allMatches(server, t.id)).find((m) => m.participants.some((p: any) => p.name === tricky))!;
    const tournamentPage = (await pageOf(server.url, `/t/${t.id}`)).html;
    const matchPage = (await pageOf(server.url, `/m/${match.id}`)).html;
    for (const [what, html] of [['tournament page', tournamentPage], ['match page', matchPage]] as const) {
      const found = isolated(html.replace(/<title>.*?<\/title>/s, ''), tricky);
      expect([what, found.all]).toEqual([what, expect.any(Number)]);
      expect(found.all).toBeGreaterThan(0);
      expect([what, found.isolated]).toEqual([what, found.all]);
    }
    // The schedule line: both names isolated, then the status outside them.
    expect(tournamentPage).toMatch(/<li><time[^>]*>[^<]*<\/time> — <a href="\/m\/[^"]+"><bdi>[^<]*<\/bdi> vs <bdi>[^<]*<\/bdi><\/a> <span class="muted">Scheduled<\/span><\/li>/);
    expect(isolated(tournamentPage, 'Cup \u202Ereversed').isolated).toBeGreaterThan(0);
  });

  it('shows a Swiss bye as a bye on its bracket box and its match page, not as a completed match against TBD', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players.slice(0, 3), [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 2 } }]);
    const bye = (await allMatches(server, t.id)).find((m) => m.resultType === 'BYE')!;
    expect(bye).toBeDefined();
    const page = (await pageOf(server.url, `/t/${t.id}`)).html;
    const box = page.match(new RegExp(`<a class="m" href="/m/${bye.id}"[^>]*>.*?</a>`))?.[0] ?? '';
    expect(box).toContain('Bye');
    expect(box).not.toContain('TBD');
    expect(box).not.toContain('Completed');
    const matchPage = (await pageOf(server.url, `/m/${bye.id}`)).html;
    const sides = matchPage.match(/<caption>Sides<\/caption>.*?<\/tbody>/s)?.[0] ?? '';
    expect(sides).toContain('Bye');
    expect(sides).not.toContain('TBD');
    expect(matchPage).toContain('Completed</span>, bye');
  });

  it('answers / with the public tournaments being played and the next ones, and links to the API reference', async ({ server, tenant, players }) => {
    const soon = new Date(server.clock.now().getTime() + 86_400_000).toISOString();
    const upcoming = await openTournament(server, tenant, { name: 'Next Week Open', startDate: soon });
    const draft = await createTournament(server, tenant, { name: 'Secret Draft', startDate: soon });
    const playing = await startWithStages(server, tenant, players.slice(0, 2), [{ name: 'Final', format: 'SINGLE_ELIMINATION' }], { name: 'Playing Now' });
    const home = await pageOf(server.url, '/');
    expect(home.status).toBe(200);
    expect(home.type).toBe('text/html; charset=utf-8');
    expect(home.html).toContain(`href="/t/${upcoming.id}"`);
    expect(home.html).toContain(`href="/t/${playing.id}"`);
    expect(home.html).not.toContain(draft.id);
    expect(home.html).not.toContain('Secret Draft');
    expect(home.html).toContain('href="/docs"');
    expect(home.html.indexOf('Playing Now')).toBeLessThan(home.html.indexOf('Next Week Open'));
  });

  it('lists an announced tournament on / even when more than 20 tournaments are being played before it', async () => {
    const server = await startTestServer();
    try {
      const tenant = await createTenant(server);
      const pair = await registerPlayers(server, 2);
      const playing: string[] = [];
      for (let i = 0; i < 21; i++) {
        const startDate = new Date(server.clock.now().getTime() + (i + 1) * 3_600_000).toISOString();
        playing.push((await startWithStages(server, tenant, pair, [{ name: 'Final', format: 'SINGLE_ELIMINATION' }], { name: `Running ${i}`, startDate })).id);
      }
      const later = new Date(server.clock.now().getTime() + 7 * 86_400_000).toISOString();
      const announced = await createTournament(server, tenant, { name: 'Announced Later', startDate: later });
      await lifecycle(server, tenant, announced.id, 'publish');
      const home = (await pageOf(server.url, '/')).html;
      const upcomingPart = home.slice(home.indexOf('<h2>Upcoming</h2>'), home.indexOf('<h2>For developers</h2>'));
      expect(upcomingPart).toContain(`href="/t/${announced.id}"`);
      expect(upcomingPart).not.toContain('No tournament is announced.');
      expect(upcomingPart).not.toContain('Running');
      const livePart = home.slice(home.indexOf('<h2>Being played</h2>'), home.indexOf('<h2>Upcoming</h2>'));
      expect(livePart.match(/href="\/t\//g)?.length).toBe(20);
      expect(livePart).toContain(`href="/t/${playing[0]}"`);
    } finally {
      await server.close();
    }
  });

  it('builds publicUrl behind trusted proxies from the X-Forwarded-Host entry the proxies wrote, never one the client wrote', async () => {
    for (const proxyHops of [1, 2]) {
      const server = await startTestServer({ trustProxy: true, proxyHops });
      try {
        const tenant = await createTenant(server);
        const t = await createTournament(server, tenant);
        await lifecycle(server, tenant, t.id, 'publish');
        const read = async (headers: Record<string, string>) => (await request(server, 'GET', `/tournaments/${t.id}`, { headers })).body.data.publicUrl;
        // The client wrote its own entries; each proxy appended the host and protocol it was reached at.
        const forged = { 'X-Forwarded-Host': 'evil.example, cdn.example.org, tourney.example.org', 'X-Forwarded-Proto': 'http, https, https' };
        const outermost = proxyHops === 1 ? 'tourney.example.org' : 'cdn.example.org';
        expect(await read(forged)).toBe(`https://${outermost}/t/${t.id}`);
        // A proxy that sets the header (one entry) is read as it wrote it; a value that is no host is ignored.
        expect(await read({ 'X-Forwarded-Host': 'tourney.example.org', 'X-Forwarded-Proto': 'https' })).toBe(`https://tourney.example.org/t/${t.id}`);
        const own = new URL(server.url).host;
        expect(await read({ 'X-Forwarded-Host': 'evil.example/path' })).toBe(`http://${own}/t/${t.id}`);
      } finally {
        await server.close();
      }
    }
    const configured = await startTestServer({ trustProxy: true, publicUrl: 'https://tourney.example.org/api/v1' });
    try {
      const tenant = await createTenant(configured);
      const t = await createTournament(configured, tenant);
      const res = await request(configured, 'GET', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, headers: { 'X-Forwarded-Host': 'evil.example' } });
      expect(res.body.data.publicUrl).toBe(`https://tourney.example.org/t/${t.id}`);
    } finally {
      await configured.close();
    }
  });
});
