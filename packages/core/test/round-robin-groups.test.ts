import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkStagePlan, computeStandings, generateGroups, generateRoundRobin, parseStageMatchKey, roundRobinSchedule, selectQualifiers, snakeGroups, type GeneratedMatch, type StageMatchResult } from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants } from './helpers/entrants';

/**
 * Checks a round robin among `ids`: each pair `cycles` times, nobody twice in a round, everyone in every
 * round but one resting per round for odd counts. Returns the problems found (plain loops: `expect` per
 * match would be slow at 256 entrants).
 */
function roundRobinProblems(matches: readonly GeneratedMatch[], ids: readonly string[], cycles: number): string[] {
  const n = ids.length;
  const problems: string[] = [];
  if (matches.length !== (cycles * n * (n - 1)) / 2) problems.push(`${matches.length} matches`);
  const pairs = new Map<string, number>();
  const perRound = new Map<number, Set<string>>();
  for (const m of matches) {
    const [a, b] = m.participants as [string, string];
    if (a === b) problems.push(`${m.key} pairs ${a} with itself`);
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
    const round = perRound.get(m.round) ?? new Set<string>();
    if (round.has(a) || round.has(b)) problems.push(`${m.key}: a participant plays twice in round ${m.round}`);
    round.add(a);
    round.add(b);
    perRound.set(m.round, round);
  }
  if (pairs.size !== (n * (n - 1)) / 2) problems.push(`${pairs.size} distinct pairs`);
  for (const [pair, count] of pairs) if (count !== cycles) problems.push(`${pair} meets ${count} times`);
  const roundsPerCycle = n % 2 === 0 ? n - 1 : n;
  if (perRound.size !== cycles * roundsPerCycle) problems.push(`${perRound.size} rounds`);
  for (const [round, players] of perRound) if (players.size !== (n % 2 === 0 ? n : n - 1)) problems.push(`round ${round}: ${players.size} play`);
  return problems;
}

/** Longest run of equal consecutive values. */
function longestRun(values: readonly number[]): number {
  let longest = 0;
  let run = 0;
  values.forEach((v, i) => {
    run = i > 0 && values[i - 1] === v ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  return longest;
}

describe('roundRobinSchedule', () => {
  it('gives 4 participants 3 rounds of 2 pairs', () => {
    // Circle method: index 3 stays fixed, the others rotate (the same pairs as brackets-manager); the
    // fixed index takes slot 1 in odd rounds (0-based), so nobody is in slot 2 in every round.
    expect(roundRobinSchedule(4)).toEqual([
      [[0, 3], [2, 1]],
      [[3, 1], [0, 2]],
      [[2, 3], [1, 0]],
    ]);
  });

  it('balances sides for every N up to 64: slot-1 counts within one of each other, never three rounds running on one side', () => {
    for (let n = 2; n <= 64; n++) {
      const sides = Array.from({ length: n }, () => [] as number[]);
      for (const pairs of roundRobinSchedule(n)) {
        for (const [a, b] of pairs) {
          (sides[a] as number[]).push(1);
          (sides[b] as number[]).push(2);
        }
      }
      const firsts = sides.map((s) => s.filter((x) => x === 1).length);
      expect(Math.max(...firsts) - Math.min(...firsts), `N = ${n}`).toBeLessThanOrEqual(1);
      if (n % 2 === 1) expect(firsts.every((f) => f === (n - 1) / 2), `N = ${n}`).toBe(true);
      expect(Math.max(...sides.map(longestRun)), `N = ${n}`).toBeLessThanOrEqual(2);
    }
  });

  it('puts the last seed of 40 first in about half of its games (it was second in all 39)', () => {
    const stage = generateRoundRobin(makeEntrants(40));
    const games = stage.matches.filter((m) => m.participants.includes('p40'));
    expect(games).toHaveLength(39);
    expect(games.filter((m) => m.participants[0] === 'p40').length).toBe(19);
  });
});

describe('generateRoundRobin: properties over N = 2..256', () => {
  it('holds N(N-1)/2 matches per cycle, every pair once per cycle, nobody twice in a round', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), fc.constantFrom<1 | 2>(1, 2), (n, cycles) => {
        const entrants = makeEntrants(n);
        const stage = generateRoundRobin(entrants, { roundRobinCycles: cycles });
        expect(roundRobinProblems(stage.matches, entrants.map((e) => e.id), cycles)).toEqual([]);
        expect(stage.totalRounds).toBe(cycles * stage.roundsPerCycle);
        expect(stage.restingByRound).toHaveLength(n % 2 === 1 ? stage.totalRounds : 0);
        // Round 1: everyone plays, or rests (odd N: the one listed).
        const roundOne = stage.matches.filter((m) => m.round === 1).flatMap((m) => m.participants);
        const resting = n % 2 === 1 ? [stage.restingByRound[0]] : [];
        expect(new Set([...roundOne, ...resting]).size).toBe(n);
        const badKeys = stage.matches.filter((m) => {
          const parsed = parseStageMatchKey(m.key);
          return parsed?.bracket !== 'ROUND_ROBIN' || parsed.round !== m.round || parsed.number !== m.number;
        });
        expect(badKeys).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('swaps sides in the second cycle', () => {
    const stage = generateRoundRobin(makeEntrants(6), { roundRobinCycles: 2 });
    const first = stage.matches.filter((m) => m.round <= 5);
    const second = stage.matches.filter((m) => m.round > 5);
    expect(second.map((m) => [m.round - 5, m.number, [...m.participants].reverse()])).toEqual(first.map((m) => [m.round, m.number, m.participants]));
  });

  it('refuses bad cycles and too few entrants', () => {
    expect(catchDomainError(() => generateRoundRobin(makeEntrants(4), { roundRobinCycles: 3 as 1 })).details?.[0]?.path).toBe(
      'settings.roundRobinCycles',
    );
    expect(catchDomainError(() => generateRoundRobin(makeEntrants(1))).code).toBe('NOT_ENOUGH_PARTICIPANTS');
  });
});

describe('generateGroups', () => {
  it('fills groups snake-wise by seed', () => {
    const groups = snakeGroups(makeEntrants(10), 3).map((g) => g.entrants.map((e) => e.seed));
    expect(groups).toEqual([
      [1, 6, 7],
      [2, 5, 8],
      [3, 4, 9, 10],
    ]);
  });

  it('plays a round robin inside each group, round by round across groups', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), fc.integer({ min: 1, max: 64 }), (n, wanted) => {
        const groupCount = Math.min(wanted, Math.floor(n / 2));
        const stage = generateGroups(makeEntrants(n), { groupCount });
        expect(stage.groups).toHaveLength(groupCount);
        const sizes = stage.groups.map((g) => g.entrants.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        for (const group of stage.groups) {
          const matches = stage.matches.filter((m) => m.group === group.number);
          expect(roundRobinProblems(matches, group.entrants.map((e) => e.id), 1)).toEqual([]);
          const badKeys = matches.filter((m) => parseStageMatchKey(m.key)?.group !== group.number || m.bracket !== 'GROUP');
          expect(badKeys).toEqual([]);
          const firsts = group.entrants.map((e) => matches.filter((m) => m.participants[0] === e.id).length);
          expect(Math.max(...firsts) - Math.min(...firsts)).toBeLessThanOrEqual(1);
        }
        const rounds = stage.matches.map((m) => m.round);
        expect(rounds).toEqual([...rounds].sort((a, b) => a - b));
      }),
      { numRuns: 40 },
    );
  });

  it('defaults to groups of about four and refuses groups of one', () => {
    expect(generateGroups(makeEntrants(16)).groupCount).toBe(4);
    const error = catchDomainError(() => generateGroups(makeEntrants(6), { groupCount: 4 }));
    expect(error.details).toEqual([{ path: 'settings.groupCount', message: expect.any(String) }]);
  });

  it('refuses more groupNames than half the entrants without groupCount, naming settings.groupNames, in generation and in the plan', () => {
    const settings = { groupNames: ['North', 'Centre', 'South'] };
    const error = catchDomainError(() => generateGroups(makeEntrants(4), settings));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([{ path: 'settings.groupNames', message: expect.any(String) }]);
    expect(catchDomainError(() => computeStandings('GROUPS', makeEntrants(5), [], settings)).details?.[0]?.path).toBe('settings.groupNames');
    expect(generateGroups(makeEntrants(6), settings).groups.map((g) => g.entrants.length)).toEqual([2, 2, 2]);

    expect(checkStagePlan([{ format: 'GROUPS', settings }], 4, true)).toEqual([{ path: 'stages[0].settings.groupNames', message: expect.any(String), kind: 'tooFew' }]);
    expect(checkStagePlan([{ format: 'GROUPS', settings }], 5, false).map((i) => [i.path, i.kind])).toEqual([['stages[0].settings.groupNames', 'settings']]);
    const afterRoundRobin = checkStagePlan([{ format: 'ROUND_ROBIN', settings: { advanceCount: 4 } }, { format: 'GROUPS', settings }], 8, false);
    expect(afterRoundRobin.map((i) => i.path)).toEqual(['stages[1].settings.groupNames']);
    expect(checkStagePlan([{ format: 'GROUPS', settings }], 6, true)).toEqual([]);
  });

  it('ranks a GROUPS stage with groupNames and no groupCount in the groups it was drawn into', () => {
    const settings = { groupNames: ['North', 'Centre', 'South'] };
    const entrants = makeEntrants(16);
    const stage = generateGroups(entrants, settings);
    expect(stage.groups.map((g) => [g.number, g.name, g.entrants.length])).toEqual([
      [1, 'North', 5],
      [2, 'Centre', 5],
      [3, 'South', 6],
    ]);
    // Round 1 played: the first-listed entrant of each match wins.
    const results: StageMatchResult[] = stage.matches
      .filter((m) => m.round === 1)
      .map((m) => ({ key: m.key, participants: m.participants as [string, string], winnerId: m.participants[0] as string, scores: [1, 0] }));
    const rows = computeStandings('GROUPS', entrants, results, settings);
    const ranked = (group: number) => rows.filter((r) => r.group === group).map((r) => r.participantId);
    expect(rows).toHaveLength(16);
    expect(stage.groups.map((g) => ({ number: g.number, name: g.name, ids: ranked(g.number).sort() }))).toEqual(
      stage.groups.map((g) => ({ number: g.number, name: g.name, ids: g.entrants.map((e) => e.id).sort() })),
    );
    const nameOf = new Map(stage.groups.flatMap((g) => g.entrants.map((e) => [e.id, g.name] as const)));
    const qualifiers = selectQualifiers('GROUPS', entrants, results, settings);
    expect(qualifiers.map((q) => nameOf.get(q.id)).sort()).toEqual(['Centre', 'Centre', 'North', 'North', 'South', 'South']);
  });
});
