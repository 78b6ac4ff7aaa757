import { describe, expect } from 'vitest';
import { cliTest } from '../helpers/cli';

// An organizer runs a weekly cup that fills up, with the CLI alone against a real server: the waitlist (R6.14) and
// next week's copy (R5.17).
const it = cliTest;
const password = 'a long enough password';

describe('tourney for a cup that fills up: the waitlist and next week\'s copy', () => {
  it('puts the third player on the waitlist, gives her the place a withdrawal frees, and copies the cup a week later', async ({ cli }) => {
    const ok = async (...argv: string[]) => {
      const result = await cli(...argv);
      expect(result.code, `${argv.join(' ')}\n${result.stderr}`).toBe(0);
      return result.stdout;
    };
    await ok('--profile', 'wl_org', 'signup', '--username', 'wl_org', '--email', 'wl_org@example.test', '--password', password);
    await ok('--profile', 'wl_org', 'org', 'create', '--name', 'WL League');
    await ok('--profile', 'wl_org', 'project', 'create', '--name', 'Weekly');
    const cup = (
      await ok('--profile', 'wl_org', 'tournament', 'create', '--name', 'Thursday Cup', '--discipline', 'chess', '--max-participants', '2', '--waitlist', '2', '--start-date', '2030-06-06T18:00:00Z')
    ).trim();
    await ok('--profile', 'wl_org', 'tournament', 'publish', cup);
    await ok('--profile', 'wl_org', 'tournament', 'open-registration', cup);
    for (const p of ['wl_ann', 'wl_bob', 'wl_cat']) await ok('--profile', p, 'signup', '--username', p, '--email', `${p}@example.test`, '--password', password);
    await ok('--profile', 'wl_ann', 'tournament', 'join', cup);
    await ok('--profile', 'wl_bob', 'tournament', 'join', cup);
    const cat = await cli.json<any>('--profile', 'wl_cat', 'tournament', 'join', cup);
    expect(cat).toMatchObject({ status: 'WAITLISTED', waitlistPosition: 1 });
    const mine = await cli.json<any[]>('--profile', 'wl_cat', 'tournament', 'list', '--mine');
    expect(mine.map((m) => [m.participantStatus, m.waitlistPosition])).toEqual([['WAITLISTED', 1]]);
    expect(await ok('--profile', 'wl_org', 'participant', 'list', cup, '--status', 'waitlisted')).toContain('WAITLISTED');

    // Ann withdraws: Cat takes the place at once.
    await ok('--profile', 'wl_ann', 'tournament', 'withdraw', cup, '--yes');
    const after = await cli.json<any[]>('--profile', 'wl_cat', 'tournament', 'list', '--mine');
    expect(after.map((m) => [m.participantStatus, m.waitlistPosition])).toEqual([['REGISTERED', null]]);

    // Next week's edition: the same settings in a new draft, starting 7 days later.
    const copy = (await ok('--profile', 'wl_org', 'tournament', 'clone', cup, '--start-date', '2030-06-13T18:00:00Z')).trim();
    const copied = await cli.json<any>('--profile', 'wl_org', 'tournament', 'get', copy);
    expect(copied).toMatchObject({ name: 'Thursday Cup (copy)', status: 'DRAFT', maxParticipants: 2, waitlistCapacity: 2, currentParticipants: 0, startDate: '2030-06-13T18:00:00.000Z' });
  });
});
