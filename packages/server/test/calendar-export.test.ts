import ical from 'node-ical';
import { describe, expect } from 'vitest';
import { ManualClock } from '../src/index';
import { registerUser, request, test, type TestServer, type TestTenant } from './helpers/index';
import { allMatches, joinAll, lifecycle, openTournament, registerPlayers } from './tournaments-helpers';

// The server's clock is at the planned start, so a start shows at the planned instant (a start shows when it happened, R16.1).
test.scoped({ serverOptions: { clock: new ManualClock('2030-06-01T12:00:00.000Z') } });

/** The VEVENTs of an iCalendar text, parsed by node-ical (an independent parser), by UID. */
function vevents(text: string): Map<string, ical.VEvent> {
  const parsed = ical.sync.parseICS(text);
  const out = new Map<string, ical.VEvent>();
  for (const component of Object.values(parsed)) if (component?.type === 'VEVENT') out.set(component.uid, component as ical.VEvent);
  return out;
}

/** Helpers bound to the file's server and tenant (the `bound` fixture). */
function bound(server: TestServer & { clock: ManualClock }, tenant: TestTenant) {
  /** A started 8-player tournament (rounds one hour apart) and its matches. */
  async function started8() {
    const t = await openTournament(server, tenant, { name: 'Ics Cup', startDate: '2030-06-01T12:00:00.000Z', maxParticipants: 8 });
    const players = await registerPlayers(server, 8);
    const { participantOf } = await joinAll(server, t.id, players);
    server.clock.set('2030-06-01T12:00:00.000Z'); // started on time (an earlier test moved the clock on)
    await lifecycle(server, tenant, t.id, 'start');
    return { id: t.id as string, players, participantOf, matches: await allMatches(server, t.id) };
  }
  return { started8 };
}
const it = test.extend<{ bound: ReturnType<typeof bound> }>({ bound: async ({ server, tenant }, use) => use(bound(server, tenant)) });

describe('calendar export', () => {
  it('is valid iCalendar with one VEVENT per scheduled match at its start time (UTC) and stable UIDs', async ({ server, tenant, bound: { started8 } }) => {
    const cup = await started8();
    const res = await request(server, 'GET', '/calendar/export', { token: tenant.owner.accessToken, query: { tournamentId: cup.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tourney.ics"');
    expect(res.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(res.text).toMatch(/\r\nEND:VCALENDAR\r?\n?$/);

    const events = vevents(res.text);
    const scheduled = cup.matches.filter((m) => m.scheduledAt);
    expect(scheduled).toHaveLength(7);
    const matchEvents = [...events.values()].filter((e) => e.uid.startsWith('match:'));
    expect(matchEvents).toHaveLength(scheduled.length);
    for (const m of scheduled) {
      const e = events.get(`match:${m.id}`)!;
      expect(e, m.id).toBeDefined();
      expect((e.start as Date).toISOString()).toBe(m.scheduledAt);
      expect((e.end as Date).getTime() - (e.start as Date).getTime()).toBe(60 * 60_000);
    }
    expect(new Set(scheduled.map((m) => m.scheduledAt))).toEqual(
      new Set(['2030-06-01T12:00:00.000Z', '2030-06-01T13:00:00.000Z', '2030-06-01T14:00:00.000Z']),
    );
    expect((events.get(`tournament:${cup.id}`)!.start as Date).toISOString()).toBe('2030-06-01T12:00:00.000Z');
    expect(res.text).toContain('DTSTART:20300601T120000Z');
    expect(res.text).not.toMatch(/TZID=/);

    const again = await request(server, 'GET', '/calendar/export', { token: tenant.owner.accessToken, query: { tournamentId: cup.id } });
    expect([...vevents(again.text).keys()].sort()).toEqual([...events.keys()].sort());
  });

  it('raises the SEQUENCE of a tournament\'s events when its start moves, so calendar apps take the new time', async ({ server, tenant }) => {
    const t = await openTournament(server, tenant, { name: 'Moving Cup', startDate: '2030-06-01T12:00:00.000Z' });
    const exportIcs = async () => (await request(server, 'GET', '/calendar/export', { token: tenant.owner.accessToken, query: { tournamentId: t.id } })).text;
    const uid = `tournament:${t.id}`;
    /** The SEQUENCE of the VEVENT with `uid` (node-ical does not expose it). */
    const sequenceOf = (text: string) => Number(new RegExp(`UID:${uid}\\r\\n(?:[^\\r]*\\r\\n)*?SEQUENCE:(\\d+)`).exec(text)?.[1]);
    const before = await exportIcs();
    expect(sequenceOf(before)).toBeGreaterThanOrEqual(0);
    server.clock.advance(90_000);
    const moved = await request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { startDate: '2030-06-08T12:00:00.000Z' } });
    expect(moved.status).toBe(200);
    const after = await exportIcs();
    expect((vevents(after).get(uid)!.start as Date).toISOString()).toBe('2030-06-08T12:00:00.000Z');
    expect(sequenceOf(after)).toBeGreaterThan(sequenceOf(before));
  });

  it('follows RFC 5545: no DTEND on instant events, CRLF after every line, SEQUENCE counts reschedules, named finals', async ({ server, tenant }) => {
    const start = async (name: string, stage: Record<string, unknown>, players: number) => {
      const t = await openTournament(server, tenant, { name, startDate: '2030-06-01T12:00:00.000Z', maxParticipants: players, stages: [{ name: 'Main bracket', ...stage }] });
      await joinAll(server, t.id, await registerPlayers(server, players));
      server.clock.set('2030-06-01T12:00:00.000Z'); // started on time
      await lifecycle(server, tenant, t.id, 'start');
      return { id: t.id as string, matches: await allMatches(server, t.id) };
    };
    const exported = async (tournamentId: string) => {
      const res = await request(server, 'GET', '/calendar/export', { token: tenant.owner.accessToken, query: { tournamentId } });
      expect(res.status).toBe(200);
      return res.text;
    };
    /** The raw lines of each VEVENT, by UID. */
    const blocks = (text: string) =>
      new Map(
        text
          .split('BEGIN:VEVENT\r\n')
          .slice(1)
          .map((block) => block.split('END:VEVENT')[0]!.replace(/\r\n[ \t]/g, ''))
          .map((block) => [/^UID:(.*)$/m.exec(block)![1]!.trim(), block] as const),
      );

    const se = await start('Rfc Cup', { format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true } }, 4);
    const text = await exported(se.id);
    // Every content line ends with CRLF, the last one included; no bare LF.
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const events = blocks(text);
    // An instant (the tournament start) has no DTEND; a match lasts its round interval.
    expect(events.get(`tournament:${se.id}`)).not.toMatch(/^DTEND/m);
    expect(vevents(text).get(`tournament:${se.id}`)!.start.toISOString()).toBe('2030-06-01T12:00:00.000Z');
    const final = se.matches.find((m) => m.bracket === 'WINNERS' && m.round === 2)!;
    const thirdPlace = se.matches.find((m) => m.bracket === 'THIRD_PLACE')!;
    expect(events.get(`match:${final.id}`)).toMatch(/^DTEND:20300601T140000Z/m);
    // The final and the third-place match are told apart.
    const parsed = vevents(text);
    expect(parsed.get(`match:${final.id}`)!.summary).toBe('Rfc Cup Final: tbd vs tbd');
    expect(parsed.get(`match:${thirdPlace.id}`)!.summary).toBe('Rfc Cup Third-place match: tbd vs tbd');
    expect(parsed.get(`match:${final.id}`)!.description).toBe('Main bracket, Final (scheduled)');
    expect(parsed.get(`match:${thirdPlace.id}`)!.description).toBe('Main bracket, Third-place match (scheduled)');

    // SEQUENCE starts at 0 and grows with each reschedule of the match, the others keep theirs.
    const semi = se.matches.find((m) => m.bracket === 'WINNERS' && m.round === 1)!;
    expect(events.get(`match:${semi.id}`)).toMatch(/^SEQUENCE:0$/m);
    for (const [i, at] of ['2030-06-02T12:00:00.000Z', '2030-06-03T12:00:00.000Z'].entries()) {
      const moved = await request(server, 'POST', `/matches/${semi.id}/reschedule`, { token: tenant.owner.accessToken, body: { scheduledAt: at } });
      expect(moved.status, moved.text).toBe(200);
      const after = blocks(await exported(se.id));
      expect(after.get(`match:${semi.id}`)).toMatch(new RegExp(`^SEQUENCE:${i + 1}$`, 'm'));
      expect(after.get(`match:${final.id}`)).toMatch(/^SEQUENCE:0$/m);
    }

    const de = await start('Double Cup', { format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } }, 4);
    const deEvents = vevents(await exported(de.id));
    const summaries = de.matches.filter((m) => m.bracket === 'GRAND_FINAL').map((m) => [m.round, deEvents.get(`match:${m.id}`)?.summary]);
    expect(summaries).toEqual([
      [1, 'Double Cup Grand final: tbd vs tbd'],
      [2, 'Double Cup Grand final reset: tbd vs tbd'],
    ]);
    // The last round of each bracket is named; the rounds before it are not.
    const lastOf = (bracket: string) => Math.max(...de.matches.filter((m) => m.bracket === bracket).map((m) => m.round));
    for (const [bracket, name] of [
      ['WINNERS', 'Winners final'],
      ['LOSERS', 'Losers final'],
    ] as const) {
      const last = de.matches.filter((m) => m.bracket === bracket && m.round === lastOf(bracket));
      expect(last).toHaveLength(1);
      expect(deEvents.get(`match:${last[0]!.id}`)?.summary).toBe(`Double Cup ${name}: tbd vs tbd`);
      for (const m of de.matches.filter((m) => m.bracket === bracket && m.round < lastOf(bracket))) {
        expect(deEvents.get(`match:${m.id}`)?.summary).not.toContain(name);
      }
    }
  });

  it("holds a player's own matches only", async ({ server, bound: { started8 } }) => {
    const cup = await started8();
    const player = cup.players[3]!;
    const res = await request(server, 'GET', '/calendar/export', { token: player.accessToken });
    const uids = [...vevents(res.text).keys()];
    const mine = cup.matches.filter((m) => m.participants.some((s: any) => s.participantId === cup.participantOf.get(player.id)));
    expect(mine).toHaveLength(1);
    expect(uids.filter((u) => u.startsWith('match:'))).toEqual([`match:${mine[0].id}`]);
    expect(uids).toContain(`tournament:${cup.id}`);
  });

  it('serves calendar apps through a personal feed token, until it is replaced or revoked', async ({ server, bound: { started8 } }) => {
    const cup = await started8();
    const player = cup.players[0]!;
    const created = await request(server, 'POST', '/calendar/feed-token', { token: player.accessToken });
    expect(created.status).toBe(201);
    const { token, feedUrl } = created.body.data;
    expect(token).toMatch(/^tcf_[A-Za-z0-9_-]{43}$/);
    expect(feedUrl).toBe(`${server.url}/calendar/export?token=${token}`);

    const viaToken = await request(server, 'GET', feedUrl);
    expect(viaToken.status).toBe(200);
    const viaBearer = await request(server, 'GET', '/calendar/export', { token: player.accessToken });
    expect([...vevents(viaToken.text).keys()].sort()).toEqual([...vevents(viaBearer.text).keys()].sort());
    const filtered = await request(server, 'GET', '/calendar/export', { query: { token, tournamentId: cup.id } });
    expect(filtered.status).toBe(200);

    const rotated = (await request(server, 'POST', '/calendar/feed-token', { token: player.accessToken })).body.data;
    const old = await request(server, 'GET', feedUrl);
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('UNAUTHORIZED');
    // A replaced token is refused beside a valid bearer too: a credential that is sent must be valid (R1.7).
    expect((await request(server, 'GET', feedUrl, { token: player.accessToken })).status).toBe(401);
    expect((await request(server, 'GET', rotated.feedUrl)).status).toBe(200);
    expect((await request(server, 'DELETE', '/calendar/feed-token', { token: player.accessToken })).status).toBe(204);
    expect((await request(server, 'GET', rotated.feedUrl)).status).toBe(401);
    expect((await request(server, 'DELETE', '/calendar/feed-token', { token: player.accessToken })).status).toBe(404);
  });

  it('refuses missing, malformed or foreign credentials', async ({ server, tenant }) => {
    expect((await request(server, 'GET', '/calendar/export')).status).toBe(401);
    const malformed = await request(server, 'GET', '/calendar/export', { query: { token: 'nope' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details[0].path).toBe('query.token');
    const unknown = await request(server, 'GET', '/calendar/export', { query: { token: `tcf_${'A'.repeat(43)}` } });
    expect(unknown.status).toBe(401);
    const byKey = await request(server, 'GET', '/calendar/export', { apiKey: tenant.apiKey.key });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe('API_KEY_NOT_ALLOWED');
    const tokenForKey = await request(server, 'POST', '/calendar/feed-token', { apiKey: tenant.apiKey.key });
    expect(tokenForKey.status).toBe(403);
    const stranger = await registerUser(server);
    const empty = await request(server, 'GET', '/calendar/export', { token: stranger.accessToken });
    expect(empty.status).toBe(200);
    expect(vevents(empty.text).size).toBe(0);
  });
});
