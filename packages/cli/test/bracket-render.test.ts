import { describe, expect, it } from 'vitest';
import type { BracketView, StandingView } from '../src/bracket/bracket-view';
import { renderStandings } from '../src/bracket/render-standings';
import { findChampion, renderBracket } from '../src/bracket/render-bracket';
import { renderTree } from '../src/bracket/render-tree';
import { buildSingleElimination, SIXTEEN_NAMES } from './fixtures/bracket-fixture';

const widthOf = (line: string) => [...line].length;
const lines = (text: string) => text.trimEnd().split('\n');
const names = (count: number, make = (i: number) => `player${i + 1}`) => Array.from({ length: count }, (_, i) => make(i));

describe('renderBracket: tree', () => {
  const bracket = buildSingleElimination(SIXTEEN_NAMES, { thirdPlace: true });
  const text = renderBracket(bracket, { width: 100 });

  it('draws 16 entrants as a tree that fits 100 columns', () => {
    for (const line of lines(text)) expect(widthOf(line)).toBeLessThanOrEqual(100);
    expect(text).toContain('┐');
    expect(text).toContain('├─');
    expect(text).toContain('┘');
    const header = lines(text)[0]!;
    expect(header).toMatch(/^Round of 16\s+Quarter-finals\s+Semi-finals\s+Final\s+Champion$/);
  });

  it('contains every name, with its seed in the first column', () => {
    for (const [i, name] of SIXTEEN_NAMES.entries()) {
      expect(text).toMatch(new RegExp(`^\\s*${i + 1} ${name}\\b`, 'm'));
    }
  });

  it('marks the winner of each match and names the champion', () => {
    // seed 1 wins everything in the fixture: 4 wins + the champion column
    const aliceLines = lines(text).filter((line) => line.includes('alice'));
    expect(aliceLines.filter((line) => /alice\s+2 ✓/.test(line))).toHaveLength(4);
    expect(lines(text).some((line) => /├─ alice$/.test(line))).toBe(true);
    expect(text).toContain('Champion: alice');
    expect(findChampion(bracket)).toBe('alice');
    // a loser is never marked
    expect(text).not.toMatch(/sybil\s+\d ✓/);
  });

  it('draws the third-place match below the tree and the placements after it', () => {
    const all = lines(text);
    const third = all.indexOf('Third place match');
    const placements = all.indexOf('Placements');
    expect(third).toBeGreaterThan(all.findIndex((line) => line.includes('┘')));
    expect(placements).toBeGreaterThan(third);
    expect(all[third + 1]).toMatch(/dave\s+\d-2\s+carol ✓/);
    expect(all.slice(placements + 1, placements + 5)).toEqual(['  1  alice', '  2  bob', '  3  carol', '  4  dave']);
  });

  it('shortens long names to stay within the width', () => {
    const long = buildSingleElimination(names(16, (i) => `a-very-long-player-name-${i + 1}`), { thirdPlace: true });
    const out = renderBracket(long, { width: 100 });
    expect(out).toContain('┐');
    for (const line of lines(out)) expect(widthOf(line)).toBeLessThanOrEqual(100);
    expect(out).toContain('…');
  });

  it('shows byes in round 1 for a field that is not a power of two', () => {
    const out = renderBracket(buildSingleElimination(names(13)), { width: 100 });
    const byeLines = lines(out).filter((line) => /\bbye ───/.test(line));
    expect(byeLines).toHaveLength(3);
    expect(byeLines[0]).toMatch(/^ 1 player1\s+bye ─── player1/);
    for (let i = 1; i <= 13; i++) expect(out).toMatch(new RegExp(`player${i}\\b`));
  });

  it('leaves unplayed matches unmarked and has no champion yet', () => {
    const open = buildSingleElimination(SIXTEEN_NAMES, { complete: false });
    const out = renderBracket(open, { width: 100 });
    expect(out).not.toContain('✓');
    expect(out).not.toContain('Champion:');
    expect(findChampion(open)).toBeNull();
    for (const name of SIXTEEN_NAMES) expect(out).toContain(name);
  });
});

describe('renderBracket: round-by-round fallback', () => {
  it('lists rounds when the tree does not fit', () => {
    const bracket = buildSingleElimination(names(64), { thirdPlace: true });
    expect(renderTree(bracket.stages[0]!.rounds.filter((r) => r.bracket === 'WINNERS'), 60)).toBeNull();
    const out = renderBracket(bracket, { width: 60 });
    expect(out).not.toContain('┐');
    for (const line of lines(out)) expect(widthOf(line)).toBeLessThanOrEqual(60);
    const all = lines(out);
    const headings = ['Round of 64', 'Round of 32', 'Round of 16', 'Quarter-finals', 'Semi-finals', 'Final', 'Third place match'];
    const positions = headings.map((h) => all.indexOf(h));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (let i = 1; i <= 64; i++) expect(out).toMatch(new RegExp(`player${i}\\b`));
    expect(all[all.indexOf('Final') + 1]).toMatch(/^ {2}1\.\s+player1 ✓\s+2-\d\s+player2$/);
    expect(out).toContain('Champion: player1');
  });

  it('lists a stepladder (one match per round) instead of drawing it as a tree', () => {
    const side = (n: number) => ({ participantId: `p${n}`, name: `player${n}`, seed: n, score: null });
    const rounds = [1, 2, 3].map((round) => ({
      bracket: 'WINNERS',
      round,
      name: `Round ${round}`,
      matches: [{ id: `m${round}`, bracket: 'WINNERS', round, number: 1, status: 'SCHEDULED', participants: [side(4 - round), side(round === 1 ? 4 : 0)], winnerId: null }],
    }));
    expect(renderTree(rounds, 200)).toBeNull();
    const full = buildSingleElimination(names(8)).stages[0]!.rounds.filter((r) => r.bracket === 'WINNERS');
    expect(renderTree(full, 200)).not.toBeNull();
  });

  it('--list layout lists even when a tree would fit', () => {
    const out = renderBracket(buildSingleElimination(names(4)), { width: 100, layout: 'list' });
    expect(out).not.toContain('┐');
    expect(out).toContain('Semi-finals');
  });

  it('lists round robin stages with draws and groups', () => {
    const bracket: BracketView = {
      tournamentId: 't',
      status: 'ONGOING',
      stages: [
        {
          stage: { number: 1, name: 'Pools', format: 'GROUPS' },
          rounds: [
            {
              bracket: 'GROUP',
              round: 1,
              name: 'Round 1',
              matches: [
                {
                  id: 'g1',
                  bracket: 'GROUP',
                  groupNumber: 1,
                  round: 1,
                  number: 1,
                  status: 'COMPLETED',
                  winnerId: null,
                  isDraw: true,
                  resultType: 'NORMAL',
                  participants: [
                    { participantId: 'a', name: 'ann', score: 1 },
                    { participantId: 'b', name: 'ben', score: 1 },
                  ],
                },
                {
                  id: 'g2',
                  bracket: 'GROUP',
                  groupNumber: 2,
                  round: 1,
                  number: 1,
                  status: 'SCHEDULED',
                  winnerId: null,
                  participants: [
                    { participantId: 'c', name: 'cat', score: null },
                    { participantId: 'd', name: 'dan', score: null },
                  ],
                },
              ],
            },
          ],
        },
        { stage: { number: 2, name: 'Playoffs', format: 'SINGLE_ELIMINATION' }, rounds: [] },
      ],
      placements: [],
    };
    const out = renderBracket(bracket, { width: 80 });
    expect(out).toContain('Stage 1: Pools (groups)');
    expect(out).toMatch(/G1-1\s+ann\s+1-1\s+ben/);
    expect(out).toMatch(/G2-1\s+cat\s+vs\s+dan/);
    expect(out).toContain('Stage 2: Playoffs (single elimination)');
    expect(out).toContain('(no matches yet)');
    expect(out).not.toContain('✓');
  });

  it('groups shared placements on one line and wraps them to the width', () => {
    const bracket: BracketView = {
      ...buildSingleElimination(names(2)),
      placements: [
        { participantId: 'w', name: 'winner', placement: 1, placementRange: '1' },
        ...names(16).map((name, i) => ({ participantId: `p${i}`, name, placement: 17, placementRange: '17-32' })),
      ],
    };
    const all = lines(renderBracket(bracket, { width: 50 }));
    for (const l of all) expect(widthOf(l)).toBeLessThanOrEqual(50);
    const start = all.indexOf('Placements');
    expect(all[start + 1]).toBe('  1      winner');
    expect(all[start + 2]).toMatch(/^ {2}17-32 {2}player1, player10, player11, /);
    const block: string[] = [];
    for (const l of all.slice(start + 2)) {
      if (block.length > 0 && !l.startsWith('         ')) break;
      block.push(l);
    }
    expect(block.length).toBeGreaterThan(1);
    const listed = block.join(' ').replace(/^\s*17-32\s+/, '').split(/[,\s]+/).filter(Boolean);
    expect(listed.sort()).toEqual(names(16).sort());
  });
});

describe('renderStandings', () => {
  const row = (rank: number, name: string, extra: Partial<StandingView> = {}): StandingView => ({
    rank, name, played: 3, wins: 2, draws: 0, losses: 1, points: 6, scoreFor: 5, scoreAgainst: 1, ...extra,
  });

  it('shows the score difference with its sign, not goals for-against', () => {
    const out = renderStandings([row(1, 'alice', { scoreDifference: 4 }), row(2, 'bob', { scoreFor: 1, scoreAgainst: 3, scoreDifference: -2 })], 80);
    expect(out[1]).toMatch(/\+\/-\s+Pts$/);
    expect(out[2]).toMatch(/alice\s+3 2 0 1\s+\+4\s+6$/);
    expect(out[3]).toMatch(/bob\s+3 2 0 1\s+-2\s+6$/);
    expect(out.join('\n')).not.toContain('5-1');
  });

  it('shows the tiebreak values of a Swiss stage after the points', () => {
    const out = renderStandings(
      [
        row(1, 'alice', { points: 3, tiebreaks: { POINTS: 3, BUCHHOLZ: 5.5, BUCHHOLZ_CUT1: 4, SONNEBORN_BERGER: 4.25 } }),
        row(2, 'bob', { points: 3, tiebreaks: { POINTS: 3, BUCHHOLZ: 4, BUCHHOLZ_CUT1: 3.5, SONNEBORN_BERGER: 3 } }),
      ],
      100,
    );
    expect(out[1]).toMatch(/Pts\s+BH\s+BH-1\s+SB$/);
    expect(out[2]).toMatch(/alice .* 3\s+5\.5\s+4\s+4\.25$/);
    expect(out[3]).toMatch(/bob .* 3\s+4\s+3\.5\s+3$/);
  });
});

describe('double elimination: the winners-bracket winner is not the champion', () => {
  const side = (name: string, score: number | null = null) => ({ participantId: name, name, seed: null, score });
  const decided = (id: string, bracket: string, round: number, a: string, b: string, winner: string | null) => ({
    id, bracket, round, number: 1, status: winner ? 'COMPLETED' : 'SCHEDULED',
    participants: [side(a, winner ? (winner === a ? 2 : 0) : null), side(b, winner ? (winner === b ? 2 : 0) : null)],
    winnerId: winner, resultType: winner ? 'NORMAL' : null,
  });
  const bracket = (status: string, grandFinal: ReturnType<typeof decided>[], placements: BracketView['placements'] = []): BracketView => ({
    tournamentId: 't', status, placements,
    stages: [{
      stage: { number: 1, name: 'Main', format: 'DOUBLE_ELIMINATION' },
      rounds: [
        { bracket: 'WINNERS', round: 1, name: 'Winners round 1', matches: [decided('w1', 'WINNERS', 1, 'alice', 'bob', 'alice')] },
        { bracket: 'GRAND_FINAL', round: 1, name: 'Grand final', matches: grandFinal.slice(0, 1) },
        ...(grandFinal.length > 1 ? [{ bracket: 'GRAND_FINAL', round: 2, name: 'Grand final reset', matches: grandFinal.slice(1) }] : []),
      ],
    }],
  });

  it('names no champion before the grand final, and heads the tree column "To grand final"', () => {
    const open = bracket('ONGOING', [decided('gf', 'GRAND_FINAL', 1, 'alice', 'bob', null)]);
    expect(findChampion(open)).toBeNull();
    const out = renderBracket(open, { width: 100 });
    expect(out).not.toContain('Champion');
    expect(out).toMatch(/To grand final/);
  });

  it('names the reset winner once the tournament is completed', () => {
    const done = bracket('COMPLETED', [decided('gf', 'GRAND_FINAL', 1, 'alice', 'bob', 'bob'), decided('gf2', 'GRAND_FINAL', 2, 'alice', 'bob', 'bob')]);
    expect(findChampion(done)).toBe('bob');
    expect(renderBracket(done, { width: 100 })).toContain('Champion: bob');
  });
});
