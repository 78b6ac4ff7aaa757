import { describe, expect, it } from 'vitest';
import { run } from '../src/run';
import { DEMO_PLAYER_NAMES } from '../src/demo/player-names';
import { captureIo, noPrompter } from './helpers/cli-harness';

describe('tourney demo (real in-process server)', () => {
  it('runs an 8-player tournament to the end and prints the bracket, champion and placements', async () => {
    const io = captureIo({ columns: 100 });
    const code = await run(['demo', '--players', '8', '--seed', '11'], {
      io,
      env: { TOURNEY_CONFIG_DIR: '/nonexistent/tourney-demo-test' },
      prompter: noPrompter,
    });
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    const out = io.out();
    const players = DEMO_PLAYER_NAMES.slice(0, 8);
    const champion = /^Champion: (\S+)$/m.exec(out)?.[1];
    expect(players).toContain(champion);
    expect(out).toContain('round 1: 4 matches reported and confirmed');
    expect(out).toMatch(/round 3 and third place match: 2 matches reported and confirmed/);
    expect(out).toContain('8 matches played');
    // the tree, with every player and the champion in the last column
    expect(out).toMatch(/^Quarter-finals\s+Semi-finals\s+Final\s+Champion$/m);
    expect(out).toMatch(new RegExp(`├─ ${champion}$`, 'm'));
    for (const name of players) expect(out).toContain(name);
    // placements 1, 2, 3, 4 and a shared 5-8
    const section = out.slice(out.indexOf('Placements'));
    expect(section).toMatch(new RegExp(`^ {2}1 {4}${champion}$`, 'm'));
    for (const place of ['2', '3', '4']) expect(section).toMatch(new RegExp(`^ {2}${place} {4}\\S+$`, 'm'));
    const shared = /^ {2}5-8 {2}(.+)$/m.exec(section)?.[1]?.split(', ');
    expect(shared).toHaveLength(4);
    const placed = section.match(/^ {2}\S+\s{2,}(.+)$/gm)?.flatMap((line) => line.trim().split(/\s{2,}/)[1]!.split(', '));
    expect(placed?.sort()).toEqual([...players].sort());
  });

  it('replays the same results with the same seed', async () => {
    const runOnce = async () => {
      const io = captureIo({ columns: 100 });
      expect(await run(['demo', '--players', '4', '--seed', '99'], { io, env: {}, prompter: noPrompter })).toBe(0);
      return io.out().replace(/http:\/\/127\.0\.0\.1:\d+/g, 'URL').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'ID');
    };
    expect(await runOnce()).toBe(await runOnce());
  });

  it('rejects a player count outside 2..64', async () => {
    const io = captureIo();
    expect(await run(['demo', '--players', '65'], { io, env: {}, prompter: noPrompter })).toBe(1);
    expect(io.err()).toContain('expected an integer from 2 to 64');
  });
});
