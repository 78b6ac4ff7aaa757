import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { cliTest, type CliResult } from '../../../test/helpers/cli';

// `tourney org|staff|me|notification|calendar` against a real in-process server (responses checked against the contract).
const password = 'a long enough password';

/** The CLI as one profile: `cli(profile, ...argv)`, its --json variant, and signing up an account (logged in). */
interface AsProfile {
  cli: (profile: string, ...argv: string[]) => Promise<CliResult>;
  json: <T = any>(profile: string, ...argv: string[]) => Promise<T>;
  account: (username: string) => Promise<void>;
}
const it = cliTest.extend<{ as: AsProfile }>({
  as: async ({ server, cli }, use) => {
    const as: AsProfile = {
      cli: (profile, ...argv) => cli('--profile', profile, ...argv),
      json: (profile, ...argv) => cli.json('--profile', profile, ...argv),
      account: async (username) => {
        const res = await fetch(`${server.url}/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, email: `${username}@example.test`, password }),
        });
        expect(res.status).toBe(201);
        expect((await as.cli(username, 'login', '--username', username, '--password', password)).code).toBe(0);
      },
    };
    await use(as);
  },
});

describe('tourney org, staff, me, notification and calendar', () => {
  it('runs an organization and its staff, a profile, notifications and a calendar export', async ({ configDir, as: { cli, json, account } }) => {
    await account('ppl_owner');
    await account('ppl_bob');

    const org = await json('ppl_owner', 'org', 'create', '--name', 'People League');
    expect(org).toMatchObject({ name: 'People League', slug: 'people-league', role: 'OWNER' });
    const updated = await json('ppl_owner', 'org', 'update', org.id, '--website', 'https://people.example');
    expect(updated.website).toBe('https://people.example');
    expect((await json('ppl_bob', 'org', 'get', org.id)).role).toBeUndefined();

    const invited = await cli('ppl_owner', 'staff', 'invite', org.id, '--username', 'ppl_bob', '--role', 'organizer');
    expect(invited.code, invited.stderr).toBe(0);
    const token = invited.stdout.trim();
    expect(token).toMatch(/^tsi_/);
    const both = await cli('ppl_owner', 'staff', 'invite', org.id, '--username', 'ppl_bob', '--email', 'b@example.test', '--role', 'admin');
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('exactly one of --username and --email');

    const notes = await json<any[]>('ppl_bob', 'notification', 'list', '--unread');
    // The notification names the invitation; the token appears only in the inviter's answer.
    expect(notes.map((n) => [n.type, typeof n.data.invitationId, n.data.token])).toEqual([['STAFF_INVITATION', 'string', undefined]]);
    const member = await json('ppl_bob', 'staff', 'accept', org.id, token);
    expect(member).toMatchObject({ username: 'ppl_bob', role: 'ORGANIZER' });
    const reused = await cli('ppl_bob', 'staff', 'accept', org.id, token);
    expect(reused.code).toBe(1);
    expect(reused.stderr).toContain('INVITATION_USED');
    const staff = await cli('ppl_owner', 'staff', 'list', org.id);
    expect(staff.stdout.trim().split('\n').map((line) => line.split('\t')[3])).toEqual(['OWNER', 'ORGANIZER']);

    expect((await cli('ppl_bob', 'notification', 'read', '--all')).code).toBe(0);
    expect(await json('ppl_bob', 'notification', 'list', '--unread')).toEqual([]);

    const me = await json('ppl_bob', 'me', 'update', '--display-name', 'Bob B.', '--country', 'fr', '--time-zone', 'Europe/Paris');
    expect(me).toMatchObject({ username: 'ppl_bob', displayName: 'Bob B.', country: 'FR', timeZone: 'Europe/Paris' });
    expect((await cli('ppl_bob', 'me', 'link', 'steam', '76561197960287930')).code).toBe(0);
    const shown = await json('ppl_bob', 'me');
    expect(shown.gamingAccounts).toEqual([expect.objectContaining({ platform: 'steam', accountId: '76561197960287930' })]);
    const badLink = await cli('ppl_owner', 'me', 'link', 'steam', '123');
    expect(badLink.code).toBe(1);
    expect(badLink.stderr).toContain('error: <accountId> must be a SteamID64');

    expect((await cli('ppl_bob', 'staff', 'remove', org.id, member.id)).code).toBe(1); // piped: needs --yes
    expect((await cli('ppl_bob', 'staff', 'remove', org.id, member.id, '--yes')).code).toBe(0);
    const ownerId = (await json<any[]>('ppl_owner', 'staff', 'list', org.id))[0].id;
    const last = await cli('ppl_owner', 'staff', 'remove', org.id, ownerId, '--yes');
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('last OWNER');

    const file = join(configDir, 'me.ics');
    expect((await cli('ppl_bob', 'calendar', 'export', '--from', '2030-01-01', '-o', file)).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR/);
    const nowhere = await cli('ppl_bob', 'calendar', 'export', '--from', '2030-01-01', '-o', join(configDir, 'no-such-folder', 'me.ics'));
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain(`error: cannot write --output ${join(configDir, 'no-such-folder', 'me.ics')}: its folder does not exist`);
    expect(nowhere.stderr).not.toContain('ENOENT');
    const badDate = await cli('ppl_bob', 'calendar', 'export', '--from', '1 May');
    expect(badDate.code).toBe(1);
    expect(badDate.stderr).toContain('YYYY-MM-DD');
    const url = (await cli('ppl_bob', 'calendar', 'subscribe')).stdout.trim();
    expect(url).toMatch(/\/calendar\/export\?token=tcf_/);
    expect((await fetch(url)).status).toBe(200);
    expect((await cli('ppl_bob', 'calendar', 'unsubscribe')).code).toBe(0);
    expect((await fetch(url)).status).toBe(401);

    const refused = await cli('ppl_owner', 'org', 'delete', org.id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--yes');
    expect((await cli('ppl_owner', 'org', 'delete', org.id, '--yes')).code).toBe(0);
  });
});
