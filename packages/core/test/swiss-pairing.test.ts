import blossom from 'edmonds-blossom-fixed';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeStandings,
  generateSwiss,
  generateSwissRound,
  pairSwissRound,
  swissFormat,
  swissProgress,
  type Entrant,
  type StageMatchResult,
  type StageSettings,
  type SwissRound,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants, prng } from './helpers/entrants';
import { pairingHistory, playRound } from './helpers/swiss-results';

/**
 * Oracle: can the active players be paired with no rematch and no second bye (the bye going to someone
 * without one, unless everyone had one)? Maximum-cardinality matching over the allowed pairs, plus a bye
 * vertex for odd counts.
 */
function rematchAvoidable(active: readonly string[], results: readonly StageMatchResult[]): boolean {
  const { met, hadBye } = pairingHistory(results);
  const n = active.length;
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (!met.has(`${active[i]}|${active[j]}`)) edges.push([i, j, 1]);
  if (n % 2 === 1) {
    const anyEligible = active.some((id) => !hadBye.has(id));
    active.forEach((id, i) => {
      if (!anyEligible || !hadBye.has(id)) edges.push([i, n, 1]);
    });
  }
  const vertices = n % 2 === 1 ? n + 1 : n;
  if (edges.length === 0) return vertices === 0;
  const mate = blossom(edges, true);
  for (let v = 0; v < vertices; v++) if ((mate[v] ?? -1) === -1) return false;
  return true;
}

/** Checks one generated round against the results before it; returns problems found. */
function roundProblems(round: SwissRound, active: readonly string[], before: readonly StageMatchResult[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const m of round.matches) {
    for (const id of m.participants as [string, string]) {
      if (seen.has(id)) problems.push(`${id} twice in round ${round.round}`);
      seen.add(id);
    }
  }
  if (round.bye) {
    if (seen.has(round.bye.participantId)) problems.push('bye player also plays');
    seen.add(round.bye.participantId);
  }
  if (seen.size !== active.length || active.some((id) => !seen.has(id))) problems.push('not every active participant plays or has the bye');
  if ((active.length % 2 === 1) !== (round.bye !== null)) problems.push('bye presence does not match parity');
  const byes = new Set(before.filter((r) => r.participants[1] === null).map((r) => r.participants[0]));
  const byeForced = active.every((id) => byes.has(id)); // everyone had one: a second bye is no fault
  const repeated = round.rematches > 0 || (round.repeatedBye && !byeForced);
  if (repeated && rematchAvoidable(active, before)) problems.push(`avoidable repeat in round ${round.round}`);
  // Independent recount of rematches.
  const met = new Set(before.filter((r) => r.participants[1] !== null && r.participants[0] !== null).map((r) => [...r.participants].sort().join('|')));
  const recount = round.matches.filter((m) => met.has([...m.participants].sort().join('|'))).length;
  if (recount !== round.rematches) problems.push(`rematches reported ${round.rematches}, counted ${recount}`);
  return problems;
}

/** Plays a Swiss stage to its end (or `maxRounds`), checking every round. */
function runSwiss(entrants: Entrant[], settings: StageSettings, random: () => number, drawRate: number, maxRounds = Infinity) {
  const results: StageMatchResult[] = [];
  const problems: string[] = [];
  let rounds = 0;
  for (;;) {
    if (rounds >= maxRounds) break;
    const progress = swissProgress(entrants, results, settings);
    const round = generateSwissRound(entrants, results, settings);
    if (round === null) {
      if (progress.nextRound !== null) problems.push('progress says more rounds, generation says none');
      break;
    }
    problems.push(...roundProblems(round, progress.active, results));
    results.push(...playRound(round, random, drawRate));
    rounds++;
  }
  return { results, problems, rounds };
}

describe('Swiss round 1', () => {
  it('pairs the top half against the bottom half, and gives the bye to the lowest seed', () => {
    const even = generateSwiss(makeEntrants(8));
    expect(even.matches.map((m) => m.participants)).toEqual([
      ['p1', 'p5'],
      ['p2', 'p6'],
      ['p3', 'p7'],
      ['p4', 'p8'],
    ]);
    expect(even.swiss).toEqual({ mode: 'FIXED', rounds: 3, winsToAdvance: null, lossesToEliminate: null });
    const odd = generateSwiss(makeEntrants(7));
    expect(odd.round.bye).toEqual({ key: 'S-r1-bye', participantId: 'p7' });
    expect(odd.matches.map((m) => m.participants)).toEqual([
      ['p1', 'p4'],
      ['p2', 'p5'],
      ['p3', 'p6'],
    ]);
    expect(odd.matches.map((m) => m.key)).toEqual(['S-r1-n1', 'S-r1-n2', 'S-r1-n3']);
  });

  it('pairs large fields, solved in blocks, top half against bottom half', () => {
    for (const n of [24, 25, 26, 48, 49, 1000, 4096, 4097]) {
      const round = generateSwiss(makeEntrants(n)).round;
      const half = Math.floor(n / 2);
      expect(round.matches.map((m) => m.participants)).toEqual(Array.from({ length: half }, (_, i) => [`p${i + 1}`, `p${i + 1 + half}`]));
      expect(round.bye).toEqual(n % 2 === 1 ? { key: 'S-r1-bye', participantId: `p${n}` } : null);
    }
  });
});

describe('Swiss pairing', () => {
  it('keeps pairs within score groups: winners meet winners in round 2', () => {
    const entrants = makeEntrants(16);
    const first = generateSwissRound(entrants, []) as SwissRound;
    const results = first.matches.map((m): StageMatchResult => ({ key: m.key, participants: m.participants, winnerId: m.participants[0], scores: [1, 0] }));
    const second = generateSwissRound(entrants, results) as SwissRound;
    const points = new Map(computeStandings('SWISS', entrants, results).map((r) => [r.participantId, r.points]));
    for (const m of second.matches) expect(points.get(m.participants[0] as string)).toBe(points.get(m.participants[1] as string));
    // Winners (p1..p8) pair top half against bottom half. All had slot 1, so all want slot 2 equally
    // strongly: the better-ranked gets its wish (Dutch colour rules); the losers, all from slot 2, likewise
    // give the better-ranked slot 1.
    expect(second.matches.map((m) => m.participants.join('-'))).toEqual([
      'p5-p1', 'p6-p2', 'p7-p3', 'p8-p4', 'p9-p13', 'p10-p14', 'p11-p15', 'p12-p16',
    ]);
  });

  it('floats the lowest of an odd score group down and balances slots', () => {
    const players = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => ({
      id,
      points: i < 3 ? 3 : 0,
      opponents: new Set<string>(),
      hadBye: false,
      sides: id === 'a' ? ([1] as const) : [],
    }));
    const pairing = pairSwissRound(players);
    expect(pairing.pairs).toEqual([
      ['b', 'a'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
    expect(pairing.method).toBe('SCORE_GROUPS');
  });

  /** Round 2 of a Swiss of `n` entrants (p1..pN) after a round 1 won by `winners`, and the points after round 1. */
  function roundTwo(n: number, winners: readonly string[]) {
    const entrants = makeEntrants(n);
    const first = generateSwissRound(entrants, []) as SwissRound;
    const results = first.matches.map((m): StageMatchResult => {
      const winner = m.participants.find((id) => winners.includes(id as string)) as string;
      return { key: m.key, participants: m.participants, winnerId: winner, scores: m.participants[0] === winner ? [1, 0] : [0, 1] };
    });
    const standings = computeStandings('SWISS', entrants, results);
    const points = new Map(standings.map((r) => [r.participantId, r.points]));
    return { round: generateSwissRound(entrants, results) as SwissRound, order: standings.map((r) => r.participantId), points };
  }

  it('floats the lowest of an odd score group, not its leader, when round 1 left side preferences (6 players)', () => {
    // Round 1: p1-p4, p2-p5, p3-p6; p2, p3 (slot 1) and p4 (slot 2) win. Every winner wants the other side now,
    // and p2-p3 costs a side, but the floater is still the lowest of the 3-point group, p4. p4 already met p1, the
    // top of the 0-point group, so it meets the next one down, p5.
    const { round, order } = roundTwo(6, ['p2', 'p3', 'p4']);
    expect(order).toEqual(['p2', 'p3', 'p4', 'p1', 'p5', 'p6']);
    expect(round.matches.map((m) => m.participants)).toEqual([
      ['p3', 'p2'],
      ['p4', 'p5'],
      ['p6', 'p1'],
    ]);
    expect(round.method).toBe('SCORE_GROUPS');
  });

  it('keeps the top seed in its score group and floats the lowest of it to the top of the next (10 players)', () => {
    // Round 1: p1-p6, p2-p7, p3-p8, p4-p9, p5-p10; p1, p4, p5 (slot 1) and p7, p8 (slot 2) win. The 3-point
    // group p1, p4, p5, p7, p8 floats its lowest, p8, to the highest of the 0-point group it has not met, p2;
    // the other four pair top half against bottom half (one side conflict is unavoidable among them).
    const { round, order, points } = roundTwo(10, ['p1', 'p7', 'p8', 'p4', 'p5']);
    expect(order.slice(0, 6)).toEqual(['p1', 'p4', 'p5', 'p7', 'p8', 'p2']);
    expect(round.matches.map((m) => m.participants)).toEqual([
      ['p5', 'p1'],
      ['p7', 'p4'],
      ['p8', 'p2'],
      ['p9', 'p3'],
      ['p6', 'p10'],
    ]);
    const crossing = round.matches.filter((m) => points.get(m.participants[0] as string) !== points.get(m.participants[1] as string));
    expect(crossing.map((m) => m.participants)).toEqual([['p8', 'p2']]);
  });

  it('floats the lowest player of a score group that the next group can pair, when the look-ahead picks the floater', () => {
    // c, the lowest of the 3-point group, already met d, the only player below: b floats instead, and a meets c.
    const pairing = pairSwissRound([
      { id: 'a', points: 3, opponents: new Set(), hadBye: false },
      { id: 'b', points: 3, opponents: new Set(), hadBye: false },
      { id: 'c', points: 3, opponents: new Set(['d']), hadBye: false },
      { id: 'd', points: 1, opponents: new Set(['c']), hadBye: false },
    ]);
    expect(pairing.pairs).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
    expect(pairing.rematches).toBe(0);
  });

  it('floats the lowest of the rest when a rematch floats a second player, and the floaters meet the top of the next group in order', () => {
    // a has met everyone else on 6 points, so it floats; of b, c, d the lowest, d, floats with it. They meet
    // e and f, the two highest of the 3-point group.
    const opp = (...ids: string[]) => new Set(ids);
    const pairing = pairSwissRound([
      { id: 'a', points: 6, opponents: opp('b', 'c', 'd'), hadBye: false },
      { id: 'b', points: 6, opponents: opp('a'), hadBye: false },
      { id: 'c', points: 6, opponents: opp('a'), hadBye: false },
      { id: 'd', points: 6, opponents: opp('a'), hadBye: false },
      ...['e', 'f', 'g', 'h'].map((id) => ({ id, points: 3, opponents: opp(), hadBye: false })),
    ]);
    expect(pairing.pairs).toEqual([
      ['a', 'e'],
      ['b', 'c'],
      ['d', 'f'],
      ['g', 'h'],
    ]);
    expect(pairing.method).toBe('SCORE_GROUPS');
  });

  it('widens past score groups rather than repeat a pairing, and allows a rematch only when forced', () => {
    const opp = (...ids: string[]) => new Set(ids);
    // a and b (top group) already met: each must float to meet c or d instead.
    const widened = pairSwissRound([
      { id: 'a', points: 6, opponents: opp('b'), hadBye: false },
      { id: 'b', points: 6, opponents: opp('a'), hadBye: false },
      { id: 'c', points: 3, opponents: opp(), hadBye: false },
      { id: 'd', points: 3, opponents: opp(), hadBye: false },
    ]);
    expect(widened.rematches).toBe(0);
    expect(widened.pairs.map((p) => [...p].sort().join(''))).toEqual(['ac', 'bd']);
    // Two players who already met must meet again.
    const forced = pairSwissRound([
      { id: 'a', points: 3, opponents: opp('b'), hadBye: false },
      { id: 'b', points: 0, opponents: opp('a'), hadBye: false },
    ]);
    expect(forced).toMatchObject({ rematches: 1, method: 'REMATCH_UNAVOIDABLE' });
  });

  it('gives the bye to the lowest-ranked participant without one', () => {
    const pairing = pairSwissRound([
      { id: 'a', points: 3, opponents: new Set(), hadBye: false },
      { id: 'b', points: 3, opponents: new Set(), hadBye: false },
      { id: 'c', points: 0, opponents: new Set(), hadBye: false },
      { id: 'd', points: 0, opponents: new Set(), hadBye: true },
      { id: 'e', points: 0, opponents: new Set(), hadBye: true },
    ]);
    expect(pairing.bye).toBe('c');
    expect(pairing.repeatedBye).toBe(false);
  });
});

describe('Swiss properties', () => {
  it('never repeats a pairing or a bye while one can be avoided (N = 2..20, rounds up to N + 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), fc.integer({ min: 1, max: 2 ** 30 }), fc.constantFrom(0, 0.2), (n, salt, drawRate) => {
        const rounds = Math.min(n + 1, n % 2 === 0 ? n - 1 : n);
        const run = runSwiss(makeEntrants(n), { swissRounds: rounds }, prng(salt), drawRate);
        expect(run.problems).toEqual([]);
        expect(run.rounds).toBe(rounds);
      }),
      { numRuns: 250 },
    );
  });

  it('pairs every participant once per round without repeats over N = 2..256', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), fc.integer({ min: 1, max: 2 ** 30 }), (n, salt) => {
        const settings = { swissRounds: Math.min(Math.ceil(Math.log2(n)) + 1, n % 2 === 0 ? n - 1 : n) };
        const run = runSwiss(makeEntrants(n), settings, prng(salt), 0.1);
        expect(run.problems).toEqual([]);
        expect(run.rounds).toBe(settings.swissRounds);
      }),
      { numRuns: 80 },
    );
  });

  it('runs the esports form: 16 teams, advance at 3 wins, out at 3 losses, in 5 rounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (salt) => {
        const entrants = makeEntrants(16);
        const settings = { swissWinsToAdvance: 3, swissLossesToEliminate: 3 };
        const run = runSwiss(entrants, settings, prng(salt), 0);
        expect(run.problems).toEqual([]);
        expect(run.rounds).toBe(5);
        const rows = computeStandings('SWISS', entrants, run.results, settings);
        expect(rows.filter((r) => r.status === 'ADVANCED')).toHaveLength(8);
        expect(rows.filter((r) => r.status === 'ELIMINATED')).toHaveLength(8);
        expect(rows.slice(0, 8).every((r) => r.status === 'ADVANCED')).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});

describe('Swiss stage rules', () => {
  it('defaults to ceil(log2 N) rounds and validates settings', () => {
    expect(swissFormat(100)).toMatchObject({ mode: 'FIXED', rounds: 7 });
    expect(swissFormat(16, { swissWinsToAdvance: 3 })).toEqual({ mode: 'ESPORTS', rounds: 5, winsToAdvance: 3, lossesToEliminate: 3 });
    expect(catchDomainError(() => swissFormat(8, { swissRounds: 8 })).details?.[0]?.path).toBe('settings.swissRounds');
    expect(catchDomainError(() => swissFormat(8, { swissWinsToAdvance: 0 })).details?.[0]?.path).toBe('settings.swissWinsToAdvance');
  });

  it('refuses to pair before the round is complete, and skips withdrawn participants', () => {
    const entrants = makeEntrants(6);
    const first = generateSwissRound(entrants, []) as SwissRound;
    const partial: StageMatchResult[] = first.matches.map((m, i) => ({ key: m.key, participants: m.participants, winnerId: i === 0 ? null : m.participants[0] }));
    const error = catchDomainError(() => generateSwissRound(entrants, partial));
    expect(error.details?.[0]).toEqual({ path: 'results[0].winnerId', message: expect.stringContaining('complete') });
    const done = partial.map((r) => ({ ...r, winnerId: r.participants[0] }));
    const second = generateSwissRound(entrants, done, {}, { withdrawn: ['p2'] }) as SwissRound;
    expect(second.matches.flatMap((m) => m.participants)).not.toContain('p2');
    expect(second.bye).not.toBeNull();
    expect(catchDomainError(() => generateSwissRound(entrants, done, {}, { withdrawn: ['zz'] })).details?.[0]?.path).toBe('withdrawn[0]');
  });

  it('ends after the fixed number of rounds', () => {
    const entrants = makeEntrants(4);
    const run = runSwiss(entrants, {}, prng(7), 0);
    expect(run.rounds).toBe(2);
    expect(swissProgress(entrants, run.results)).toMatchObject({ completedRounds: 2, nextRound: null });
  });
});
