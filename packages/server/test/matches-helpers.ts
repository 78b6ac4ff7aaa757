/**
 * Fixtures of the matches-* tests (R8.1 to R8.23): the people around a match (its two players, an organizer, a
 * moderator, a stranger), bringing a match into a given status through the API, reading history and events, and
 * checking that a bracket is consistent.
 */
import { expect } from 'vitest';
import {
  addStaffMember,
  expectStatus,
  registerPlayers,
  registerUser,
  request,
  test,
  type TestResponse,
  type TestServer,
  type TestTenant,
  type TestUser,
} from './helpers/index';
import { allMatches, joinAll, lifecycle, openTournament } from './tournaments-helpers';

/** Who acts on a match in the transition table. `reporter` is side 1 (the one who reports), `opponent` side 2. */
export type ActorName = 'reporter' | 'opponent' | 'organizer' | 'moderator' | 'stranger';

/** Every actor name, in table column order. */
export const ACTOR_NAMES: readonly ActorName[] = ['reporter', 'opponent', 'organizer', 'moderator', 'stranger'];

/** Staff around the tenant: a moderator and a user unrelated to everything. */
export interface Staff {
  organizer: TestUser;
  moderator: TestUser;
  stranger: TestUser;
}

/** Adds a MODERATOR to the tenant's organization and registers a stranger; the organizer is the tenant's owner. */
export async function createStaff(server: TestServer, tenant: TestTenant): Promise<Staff> {
  const moderator = await registerUser(server, { displayName: 'Mod' });
  await addStaffMember(server, tenant.organization.id, moderator.id, 'MODERATOR');
  const stranger = await registerUser(server, { displayName: 'Stranger' });
  return { organizer: tenant.owner, moderator, stranger };
}

/** The file-scoped fixtures of {@link leagueTest}. */
export interface LeagueFixtures {
  /** The tenant's owner as organizer, a MODERATOR and a stranger. */
  staff: Staff;
  /** The player of each participant of the league. */
  byParticipant: Map<string, TestUser>;
  /** The league's 45 matches, all SCHEDULED with both sides known; take each one for one purpose. */
  pool: any[];
}

/** The server fixtures plus `staff` (see createStaff), set up once per file. */
export const staffTest = test.extend<Pick<LeagueFixtures, 'staff'>>({
  staff: [async ({ server, tenant }, use) => use(await createStaff(server, tenant)), { scope: 'file' }],
});

/**
 * {@link staffTest} plus a started 10-player round robin of the tenant ("League"): matches whose sides are all known
 * from the start, for tests that need many fresh matches (one server and one league per file).
 */
export const leagueTest = staffTest.extend<Omit<LeagueFixtures, 'staff'> & { league: Pick<LeagueFixtures, 'byParticipant' | 'pool'> }>({
  league: [
    async ({ server, tenant }, use) => {
      const t = await openTournament(server, tenant, { maxParticipants: 10, stages: [{ name: 'League', format: 'ROUND_ROBIN' }] });
      const { byParticipant } = await joinAll(server, t.id, await registerPlayers(server, 10));
      await lifecycle(server, tenant, t.id, 'start');
      await use({ byParticipant, pool: await allMatches(server, t.id) });
    },
    { scope: 'file' },
  ],
  byParticipant: [async ({ league }, use) => use(league.byParticipant), { scope: 'file' }],
  pool: [async ({ league }, use) => use(league.pool), { scope: 'file' }],
});

/** The two players of a match: side 1 is the reporter, side 2 the opponent. */
export function sidesOf(match: any, byParticipant: ReadonlyMap<string, TestUser>): { a: string; b: string; reporter: TestUser; opponent: TestUser } {
  const [a, b] = match.participants.map((s: any) => s.participantId as string) as [string, string];
  return { a, b, reporter: byParticipant.get(a)!, opponent: byParticipant.get(b)! };
}

/** Scores body: side 1 `x`, side 2 `y`, the winner named when they differ. */
export function scoresBody(a: string, b: string, x: number, y: number): { winnerId?: string; scores: { participantId: string; score: number }[] } {
  return {
    ...(x !== y ? { winnerId: x > y ? a : b } : {}),
    scores: [
      { participantId: a, score: x },
      { participantId: b, score: y },
    ],
  };
}

/** POST /matches/{id}/{action} with a token (and optional body and headers). */
export function act(server: TestServer, matchId: string, action: string, token: string | undefined, body?: unknown, headers?: Record<string, string>): Promise<TestResponse> {
  return request(server, 'POST', `/matches/${matchId}/${action}`, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
}

/** Statuses a match can be brought into for the table. */
export type TableState = 'SCHEDULED' | 'IN_PROGRESS' | 'PENDING_RESULT' | 'DISPUTED' | 'COMPLETED' | 'RESOLVED';

/**
 * Brings a SCHEDULED match into `state` through the API: start (reporter), report 2-1 for side 1 (reporter),
 * dispute (opponent), confirm (opponent) or resolve 2-1 for side 1 (organizer, from DISPUTED).
 */
export async function bringTo(server: TestServer, match: any, state: TableState, byParticipant: ReadonlyMap<string, TestUser>, staff: Staff): Promise<void> {
  const { a, b, reporter, opponent } = sidesOf(match, byParticipant);
  const step = async (action: string, user: TestUser, body?: unknown) => expectStatus(await act(server, match.id, action, user.accessToken, body), 200, `${action} to reach ${state}`);
  if (state === 'SCHEDULED') return;
  if (state === 'IN_PROGRESS') return step('start', reporter);
  await step('report', reporter, scoresBody(a, b, 2, 1));
  if (state === 'PENDING_RESULT') return;
  if (state === 'COMPLETED') return step('confirm', opponent);
  await step('dispute', opponent, { reason: 'the score was 1-2', evidence: ['https://example.com/shot-1.png'] });
  if (state === 'DISPUTED') return;
  await step('resolve', staff.organizer, { ...scoresBody(a, b, 2, 1), reason: 'video checked' });
}

/** Event types recorded for a match (subject), oldest first. */
export async function eventTypes(server: TestServer, matchId: string): Promise<string[]> {
  const rows = await server.deps.db.selectFrom('events').select(['type', 'created_at', 'id']).where('subject_id', '=', matchId).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => r.type);
}

/** History entry types of a match, oldest first. */
export async function historyTypes(server: TestServer, matchId: string): Promise<string[]> {
  const rows = await server.deps.db.selectFrom('match_history').select('type').where('match_id', '=', matchId).orderBy('at').orderBy('id').execute();
  return rows.map((r) => r.type);
}

/** Number of rows in a table (for "writes nothing new" checks). */
export async function countRows(server: TestServer, table: 'events' | 'match_history' | 'idempotency_keys' | 'notifications'): Promise<number> {
  const row = await server.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Checks that a stage's bracket is consistent (corrections, R8.13 to R8.18): every decided match has both sides (no
 * orphan result) and its winner and loser among them; every `next` slot holds the winner (or loser) of its feeding
 * match when that match is decided, and is empty when it is not (a grand-final reset closed as NOT_NEEDED has no
 * sides).
 */
export function expectConsistentBracket(matches: readonly any[]): void {
  const byId = new Map(matches.map((m) => [m.id as string, m]));
  for (const m of matches) {
    const sides = m.participants.map((s: any) => s.participantId);
    const decided = (m.status === 'COMPLETED' || m.status === 'RESOLVED') && m.resultType !== 'NOT_NEEDED';
    if (decided) {
      expect(sides.includes(null), `decided match ${m.id} has an empty side`).toBe(m.resultType === 'BYE');
      if (m.winnerId !== null) expect(sides).toContain(m.winnerId);
      if (m.loserId !== null) expect(sides).toContain(m.loserId);
    } else {
      expect(m.winnerId, `open match ${m.id} has a winner`).toBeNull();
      expect(m.participants.map((s: any) => s.score), `open match ${m.id} has scores`).toEqual([null, null]);
    }
    for (const [path, who] of [
      ['winner', 'winnerId'],
      ['loser', 'loserId'],
    ] as const) {
      const ref = m.next[path];
      if (!ref) continue;
      const target = byId.get(ref.matchId);
      expect(target, `next.${path} of ${m.id}`).toBeDefined();
      if (target.resultType === 'NOT_NEEDED') continue;
      const held = target.participants[ref.slot - 1].participantId;
      expect(held, `slot ${ref.slot} of ${target.id} fed by the ${path} of ${m.id}`).toBe(decided ? m[who] : null);
    }
  }
}
