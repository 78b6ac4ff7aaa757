import { http, HttpResponse } from 'msw';
import type { Schema, StaffMember } from '@tourney/sdk';
import { describe, expect, it } from 'vitest';
import { textWidth } from '../src/output/text';
import { apiError, BASE, page } from './helpers/api-fixtures';
import { captureIo, runCli, scriptedPrompter } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// tourney staff invitations|revoke|role against msw: listStaffInvitations and revokeStaffInvitation (R13.12),
// updateStaffRole (R13.11); the request each sends and what it prints on a terminal, piped and with --json (R20.5).
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, accessToken: 'tat_owner', refreshToken: 'trt_owner', username: 'owner' });

const ORG = '01900000-0000-7000-8000-0000000000a1';
const STAFF_ID = '01900000-0000-7000-8000-0000000000b1';
const INVITATION_ID = '01900000-0000-7000-8000-0000000000c1';
const EMAIL_INVITATION_ID = '01900000-0000-7000-8000-0000000000c2';
const OWNER_USER_ID = '01900000-0000-7000-8000-0000000000d1';
const BOB_USER_ID = '01900000-0000-7000-8000-0000000000d2';

const byUsername: Schema<'PendingStaffInvitation'> = {
  id: INVITATION_ID,
  organizationId: ORG,
  userId: BOB_USER_ID,
  username: 'bob',
  email: null,
  role: 'ORGANIZER',
  expiresAt: '2030-01-08T12:00:00.000Z',
  invitedByUserId: OWNER_USER_ID,
  createdAt: '2030-01-01T12:00:00.000Z',
};
const byEmail: Schema<'PendingStaffInvitation'> = {
  id: EMAIL_INVITATION_ID,
  organizationId: ORG,
  userId: null,
  username: null,
  email: 'referee@example.com',
  role: 'MODERATOR',
  expiresAt: '2030-01-07T09:30:00.000Z',
  invitedByUserId: null,
  createdAt: '2030-01-01T09:30:00.000Z',
};
const member: StaffMember = {
  id: STAFF_ID,
  userId: BOB_USER_ID,
  username: 'bob',
  displayName: 'Bob B.',
  role: 'ADMIN',
  joinedAt: '2030-01-02T08:00:00.000Z',
};

/** What the CLI sent: method, path, query, JSON body (undefined when none) and Authorization header. */
interface Sent {
  method: string;
  path: string;
  query: string;
  body: unknown;
  auth: string | null;
}

/** Answers every request to `path` (any method) with `answer`, recording each request in the returned list. */
function serve(path: string, answer: () => Response): Sent[] {
  const sent: Sent[] = [];
  server.use(
    http.all(`${BASE}${path}`, async ({ request }) => {
      const text = await request.text();
      const url = new URL(request.url);
      sent.push({
        method: request.method,
        path: url.pathname.slice(new URL(BASE).pathname.length),
        query: url.search,
        body: text === '' ? undefined : JSON.parse(text),
        auth: request.headers.get('authorization'),
      });
      return answer();
    }),
  );
  return sent;
}

const tty = (columns = 100) => captureIo({ isTTY: true, columns });

describe('tourney staff invitations', () => {
  it('lists pending invitations as a table on a terminal: id, invitee (username or email), role, invited by, expires', async () => {
    const sent = serve(`/organizations/${ORG}/staff/invitations`, () => HttpResponse.json(page([byUsername, byEmail])));
    const result = await runCli(['staff', 'invitations', ORG], { configDir: dir.path, io: tty(140) });
    expect(result.code, result.err).toBe(0);
    expect(sent).toEqual([{ method: 'GET', path: `/organizations/${ORG}/staff/invitations`, query: '', body: undefined, auth: 'Bearer tat_owner' }]);
    const lines = result.out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^ID +INVITEE +ROLE +INVITED BY +EXPIRES$/);
    expect(lines[1]).toMatch(new RegExp(`^${INVITATION_ID} +bob +ORGANIZER +${OWNER_USER_ID} +2030-01-08 12:00Z$`));
    expect(lines[2]).toMatch(new RegExp(`^${EMAIL_INVITATION_ID} +referee@example\\.com +MODERATOR +2030-01-07 09:30Z$`));
    expect(result.err).toBe('');
  });

  it('fits the terminal: the invited-by column goes first, the id (what revoke takes) stays, the invitee shrinks last', async () => {
    const lines: Record<number, string[]> = {};
    for (const columns of [80, 100]) {
      serve(`/organizations/${ORG}/staff/invitations`, () => HttpResponse.json(page([byUsername, byEmail])));
      const result = await runCli(['staff', 'invitations', ORG], { configDir: dir.path, io: tty(columns) });
      expect(result.code, result.err).toBe(0);
      lines[columns] = result.out.trimEnd().split('\n');
      expect(lines[columns]).toHaveLength(3);
      for (const line of lines[columns]!) expect(textWidth(line), `${columns}: ${line}`).toBeLessThanOrEqual(columns);
      expect(lines[columns]![0]).not.toContain('INVITED BY');
      expect(lines[columns]![1]).toContain(INVITATION_ID);
      expect(lines[columns]![1]).not.toContain(OWNER_USER_ID);
      expect(lines[columns]![2]).toContain(EMAIL_INVITATION_ID);
    }
    expect(lines[100]![2]).toContain('referee@example.com  MODERATOR');
    expect(lines[80]![2]).toMatch(/ referee@\S*… +MODERATOR /);
  });

  it('piped (alias invites): tab-separated raw values, --limit sent as the query; --json prints the API data', async () => {
    const sent = serve(`/organizations/${ORG}/staff/invitations`, () => HttpResponse.json(page([byUsername, byEmail], 1, 1, 5)));
    const piped = await runCli(['staff', 'invites', ORG, '--limit', '5'], { configDir: dir.path });
    expect(piped.code, piped.err).toBe(0);
    expect(sent.map((s) => [s.method, s.path, s.query])).toEqual([['GET', `/organizations/${ORG}/staff/invitations`, '?limit=5']]);
    expect(piped.out).toBe(
      `${INVITATION_ID}\tbob\tORGANIZER\t${OWNER_USER_ID}\t2030-01-08T12:00:00.000Z\n` +
        `${EMAIL_INVITATION_ID}\treferee@example.com\tMODERATOR\t\t2030-01-07T09:30:00.000Z\n`,
    );
    serve(`/organizations/${ORG}/staff/invitations`, () => HttpResponse.json(page([byUsername, byEmail])));
    const json = await runCli(['staff', 'invitations', ORG, '--json'], { configDir: dir.path });
    expect(json.code, json.err).toBe(0);
    expect(JSON.parse(json.out)).toEqual([byUsername, byEmail]);
  });

  it('says so on a terminal when nothing is pending, and names more pages on stderr', async () => {
    serve(`/organizations/${ORG}/staff/invitations`, () => HttpResponse.json(page([])));
    const empty = await runCli(['staff', 'invitations', ORG], { configDir: dir.path, io: tty() });
    expect(empty.code, empty.err).toBe(0);
    expect(empty.out).toBe('');
    expect(empty.err).toBe('no pending invitations\n');
    const sent = serve(`/organizations/${ORG}/staff/invitations`, () => HttpResponse.json(page([byUsername], 2, 3, 1)));
    const more = await runCli(['staff', 'invitations', ORG, '--page', '2', '--limit', '1'], { configDir: dir.path });
    expect(more.code, more.err).toBe(0);
    expect(sent.map((s) => s.query)).toEqual(['?limit=1&page=2']);
    expect(more.err).toBe('showing page 2 of 3 (3 pending invitations); use --page 3 or --all for more\n');
  });

  it('renders a 403 refusal for staff below ADMIN with exit 1', async () => {
    serve(`/organizations/${ORG}/staff/invitations`, () =>
      HttpResponse.json(apiError('FORBIDDEN', 'only an OWNER or ADMIN sees the invitations', 'req-7'), { status: 403 }),
    );
    const result = await runCli(['staff', 'invitations', ORG], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toContain('error: only an OWNER or ADMIN sees the invitations (FORBIDDEN, request req-7)');
  });
});

describe('tourney staff revoke', () => {
  const path = `/organizations/${ORG}/staff/invitations/${INVITATION_ID}`;

  it('sends DELETE for the invitation with --yes and prints its id when piped, done on a terminal, what was done with --json', async () => {
    const sent = serve(path, () => new HttpResponse(null, { status: 204 }));
    const piped = await runCli(['staff', 'revoke', ORG, INVITATION_ID, '--yes'], { configDir: dir.path });
    expect(piped.code, piped.err).toBe(0);
    expect(sent).toEqual([{ method: 'DELETE', path, query: '', body: undefined, auth: 'Bearer tat_owner' }]);
    expect(piped.out).toBe(`${INVITATION_ID}\n`);
    const onTerminal = await runCli(['staff', 'revoke', ORG, INVITATION_ID, '-y'], { configDir: dir.path, io: tty() });
    expect(onTerminal.code, onTerminal.err).toBe(0);
    expect(onTerminal.out).toBe(`revoked invitation ${INVITATION_ID}\n`);
    const json = await runCli(['staff', 'revoke', ORG, INVITATION_ID, '--yes', '--json'], { configDir: dir.path });
    expect(json.code, json.err).toBe(0);
    expect(JSON.parse(json.out)).toEqual({ invitationId: INVITATION_ID, revoked: true });
    expect(sent.map((s) => s.method)).toEqual(['DELETE', 'DELETE', 'DELETE']);
  });

  it('asks on a terminal, needs --yes when it cannot ask, and sends nothing when declined', async () => {
    const sent = serve(path, () => new HttpResponse(null, { status: 204 }));
    const unattended = await runCli(['staff', 'revoke', ORG, INVITATION_ID], { configDir: dir.path });
    expect(unattended.code).toBe(1);
    expect(unattended.err).toContain('add --yes to confirm');
    const prompter = scriptedPrompter(['no']);
    const declined = await runCli(['staff', 'revoke', ORG, INVITATION_ID], { configDir: dir.path, io: tty(), deps: { prompter } });
    expect(declined.code).toBe(2);
    expect(prompter.questions).toEqual([`revoke invitation ${INVITATION_ID} to organization ${ORG}?`]);
    expect(sent).toEqual([]);
    const accepted = await runCli(['staff', 'revoke', ORG, INVITATION_ID], { configDir: dir.path, io: tty(), deps: { prompter: scriptedPrompter(['yes']) } });
    expect(accepted.code, accepted.err).toBe(0);
    expect(sent.map((s) => [s.method, s.path])).toEqual([['DELETE', path]]);
  });

  it('renders 409 INVITATION_USED for an accepted invitation with exit 1', async () => {
    serve(path, () => HttpResponse.json(apiError('INVITATION_USED', 'the invitation was already accepted', 'req-8'), { status: 409 }));
    const result = await runCli(['staff', 'revoke', ORG, INVITATION_ID, '--yes'], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toContain('error: the invitation was already accepted (INVITATION_USED, request req-8)');
  });
});

describe('tourney staff role', () => {
  const path = `/organizations/${ORG}/staff/${STAFF_ID}`;

  it('sends PATCH with the role in upper case and prints the membership id when piped', async () => {
    const sent = serve(path, () => HttpResponse.json({ success: true, data: member }));
    const piped = await runCli(['staff', 'role', ORG, STAFF_ID, '--role', 'admin'], { configDir: dir.path });
    expect(piped.code, piped.err).toBe(0);
    expect(sent).toEqual([{ method: 'PATCH', path, query: '', body: { role: 'ADMIN' }, auth: 'Bearer tat_owner' }]);
    expect(piped.out).toBe(`${STAFF_ID}\n`);
  });

  it('prints the membership as fields on a terminal and as the API data with --json', async () => {
    const sent = serve(path, () => HttpResponse.json({ success: true, data: member }));
    const onTerminal = await runCli(['staff', 'role', ORG, STAFF_ID, '--role', 'Admin'], { configDir: dir.path, io: tty() });
    expect(onTerminal.code, onTerminal.err).toBe(0);
    expect(onTerminal.out).toBe(
      ['role:         ADMIN', 'username:     bob', `membership:   ${STAFF_ID}`, `organization: ${ORG}`].map((line) => `${line}\n`).join(''),
    );
    const json = await runCli(['staff', 'role', ORG, STAFF_ID, '--role', 'owner', '--json'], { configDir: dir.path });
    expect(json.code, json.err).toBe(0);
    expect(JSON.parse(json.out)).toEqual(member);
    expect(sent.map((s) => s.body)).toEqual([{ role: 'ADMIN' }, { role: 'OWNER' }]);
  });

  it('refuses an unknown role and a missing --role before any request', async () => {
    const sent = serve(path, () => HttpResponse.json({ success: true, data: member }));
    const unknown = await runCli(['staff', 'role', ORG, STAFF_ID, '--role', 'boss'], { configDir: dir.path });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('expected one of owner, admin, organizer, moderator');
    const missing = await runCli(['staff', 'role', ORG, STAFF_ID], { configDir: dir.path });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("required option '--role <role>' not specified");
    expect(sent).toEqual([]);
  });

  it('renders 409 CONFLICT for the last OWNER with exit 1', async () => {
    serve(path, () => HttpResponse.json(apiError('CONFLICT', 'the last OWNER keeps the role', 'req-9'), { status: 409 }));
    const result = await runCli(['staff', 'role', ORG, STAFF_ID, '--role', 'admin'], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toContain('error: the last OWNER keeps the role (CONFLICT, request req-9)');
  });
});
