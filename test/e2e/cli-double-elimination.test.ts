import { describe, expect, it } from 'vitest';
import { useCliAgainstServer } from '../helpers/cli';

// An 8-player double elimination with a grand-final reset, run and drawn entirely with the CLI.
const { cli } = useCliAgainstServer('tourney-cli-de-', 160);
const password = 'a long enough password';

describe('tourney bracket in double elimination', () => {
  it('names no champion until the tournament is COMPLETED, then the grand-final reset winner', async () => {
    const ok = async (...argv: string[]) => {
      const result = await cli(...argv);
      expect(result.code, `${argv.join(' ')}\n${result.stderr}`).toBe(0);
      return result.stdout.trim();
    };
    await ok('--profile', 'de_org', 'signup', '--username', 'de_org', '--email', 'de_org@example.test', '--password', password);
    await ok('--profile', 'de_org', 'org', 'create', '--name', 'DE League');
    await ok('--profile', 'de_org', 'project', 'create', '--name', 'Cups');
    const cup = await ok(
      '--profile', 'de_org', 'tournament', 'create', '--name', 'Reset Cup', '--discipline', 'cs2', '--max-participants', '8',
      '--format', 'double-elimination', '--grand-final', 'double',
    );
    const shown = await cli.json('--profile', 'de_org', 'tournament', 'get', cup);
    expect(shown.stages[0]).toMatchObject({ format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } });
    await ok('--profile', 'de_org', 'tournament', 'publish', cup);
    await ok('--profile', 'de_org', 'tournament', 'open-registration', cup);
    const players = Array.from({ length: 8 }, (_, i) => `de_p${i + 1}`);
    for (const p of players) {
      await ok('--profile', p, 'signup', '--username', p, '--email', `${p}@example.test`, '--password', password);
      await ok('--profile', p, 'tournament', 'join', cup);
    }
    await ok('--profile', 'de_org', 'tournament', 'start', cup);
    const participants = await cli.json<any[]>('participant', 'list', cup);
    const nameOf = new Map(participants.map((p) => [p.id, p.name as string]));
    const losses = new Map<string, number>();
    let grandFinalWinner: string | undefined;

    const bracketText = async () => ok('bracket', cup);
    for (let guard = 0; guard < 30; guard++) {
      const status = (await cli.json('tournament', 'get', cup)).status;
      const drawn = await bracketText();
      if (status === 'COMPLETED') break;
      // Before the end: no champion line, and the winners tree ends in "To grand final", not "Champion".
      expect(drawn).not.toMatch(/Champion/);
      expect(drawn).toMatch(/To grand final/);
      const ready = (await cli.json<any[]>('match', 'list', cup, '--status', 'scheduled', '--all')).filter((m) =>
        m.participants.every((s: any) => s.participantId),
      );
      expect(ready.length, drawn).toBeGreaterThan(0);
      for (const match of ready) {
        const [one, two] = match.participants.map((s: any) => s.participantId as string);
        let winner: string;
        if (match.bracket === 'GRAND_FINAL' && match.round === 1) winner = (losses.get(one) ?? 0) > 0 ? one : two; // the losers-bracket champion wins: a reset
        else if (match.bracket === 'GRAND_FINAL') winner = grandFinalWinner as string; // and wins the reset too
        else winner = match.participants[0].seed <= match.participants[1].seed ? one : two;
        if (match.bracket === 'GRAND_FINAL') grandFinalWinner = winner;
        const loser = winner === one ? two : one;
        losses.set(loser, (losses.get(loser) ?? 0) + 1);
        await ok('--profile', nameOf.get(one)!, 'match', 'report', match.id, '--score', winner === one ? '2-0' : '0-2');
        await ok('--profile', nameOf.get(two)!, 'match', 'confirm', match.id);
      }
    }
    const final = await cli.json('tournament', 'get', cup);
    expect(final.status).toBe('COMPLETED');
    const schedule = await cli.json<any[]>('match', 'list', cup, '--all');
    const grandFinals = schedule.filter((m) => m.bracket === 'GRAND_FINAL');
    expect(grandFinals).toHaveLength(2);
    expect(grandFinals.every((m) => m.resultType === 'NORMAL')).toBe(true); // the reset was played
    const champion = nameOf.get(grandFinalWinner!)!;
    const winnersChampion = nameOf.get(grandFinals[0].participants.find((s: any) => s.participantId !== grandFinalWinner).participantId);
    expect(winnersChampion).toBeDefined();
    expect(champion).not.toBe(winnersChampion); // the winners-bracket champion lost the grand final and its reset
    const drawn = await bracketText();
    expect(drawn).toContain(`Champion: ${champion}`);
    expect(drawn.match(/Champion: (\S+)/g)).toEqual([`Champion: ${champion}`]);
    const placements = (await cli.json('bracket', cup)).placements;
    expect(placements.find((p: any) => p.placement === 1).name).toBe(champion);
  });
});
