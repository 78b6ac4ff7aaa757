import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bracketSlots,
  computeStagePlacements,
  computeStandings,
  computeTournamentPlacements,
  generateStage,
  generateSwissRound,
  innerOuterOrder,
  parseStageMatchKey,
  selectQualifiers,
  separateGroupMates,
  type Entrant,
  type GeneratedMatch,
  type GroupMatch,
  type StageMatchResult,
  type SwissRound,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants } from './helpers/entrants';
import { playBracket } from './helpers/play';

const seedOf = (id: string): number => Number(id.slice(1));
const favourite = (a: string, b: string) => (seedOf(a) < seedOf(b) ? a : b);

/** Results for generated two-participant matches: the better seed wins 2-1. */
function favouritesWin(matches: readonly GeneratedMatch[]): StageMatchResult[] {
  return matches.map((m) => {
    const [a, b] = m.participants as [string, string];
    const w = favourite(a, b);
    return { key: m.key, participants: [a, b], winnerId: w, scores: w === a ? [2, 1] : [1, 2] };
  });
}

describe('parseStageMatchKey', () => {
  it.each([
    ['W-r2-n3', { bracket: 'WINNERS', round: 2, number: 3, group: null }],
    ['L-r4-n1', { bracket: 'LOSERS', round: 4, number: 1, group: null }],
    ['GF-r2-n1', { bracket: 'GRAND_FINAL', round: 2, number: 1, group: null }],
    ['TP', { bracket: 'THIRD_PLACE', round: 0, number: 0, group: null }],
    ['RR-r5-n2', { bracket: 'ROUND_ROBIN', round: 5, number: 2, group: null }],
    ['S-r3-n7', { bracket: 'SWISS', round: 3, number: 7, group: null }],
    ['S-r3-bye', { bracket: 'SWISS', round: 3, number: 0, group: null }],
    ['G12-r1-n2', { bracket: 'GROUP', round: 1, number: 2, group: 12 }],
  ])('decodes %s', (key, expected) => {
    expect(parseStageMatchKey(key)).toEqual(expected);
  });

  it.each(['GF-r3-n1', 'W-r0-n1', 'L-r1-bye', 'X-r1-n1', 'G0-r1-n1', ''])('refuses %s', (key) => {
    expect(parseStageMatchKey(key)).toBeNull();
  });
});

describe('generateStage', () => {
  it('dispatches on the format with its settings', () => {
    const entrants = makeEntrants(8);
    expect(generateStage('SINGLE_ELIMINATION', entrants, { thirdPlaceMatch: true }).matches).toHaveLength(8);
    const de = generateStage('DOUBLE_ELIMINATION', entrants, { grandFinal: 'double' });
    expect(de.format === 'DOUBLE_ELIMINATION' && de.grandFinalReset?.key).toBe('GF-r2-n1');
    expect(generateStage('ROUND_ROBIN', entrants, { roundRobinCycles: 2 }).matches).toHaveLength(56);
    const swiss = generateStage('SWISS', entrants, { swissWinsToAdvance: 2 });
    expect(swiss.format === 'SWISS' && swiss.totalRounds).toBe(3);
    const groups = generateStage('GROUPS', entrants, { groupCount: 2 });
    expect(groups.format === 'GROUPS' && groups.groups.map((g) => g.entrants.map((e) => e.id))).toEqual([
      ['p1', 'p4', 'p5', 'p8'],
      ['p2', 'p3', 'p6', 'p7'],
    ]);
  });

  it('refuses unknown formats and bad settings with the field named', () => {
    expect(catchDomainError(() => generateStage('LADDER' as 'SWISS', makeEntrants(4))).code).toBe('UNSUPPORTED_FORMAT');
    expect(catchDomainError(() => generateStage('SINGLE_ELIMINATION', makeEntrants(4), { thirdPlaceMatch: 1 as unknown as boolean })).details?.[0]?.path).toBe(
      'settings.thirdPlaceMatch',
    );
    expect(catchDomainError(() => generateStage('ROUND_ROBIN', makeEntrants(4), { advanceCount: 5 })).details?.[0]?.path).toBe('settings.advanceCount');
    expect(catchDomainError(() => generateStage('SWISS', makeEntrants(4), null as never)).details?.[0]?.path).toBe('settings');
  });

  it('gives every format round-1 coverage over N = 2..256 (elimination: play or bye; RR: play or rest; Swiss: play or bye)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), fc.constantFrom('SINGLE_ELIMINATION', 'DOUBLE_ELIMINATION', 'ROUND_ROBIN', 'SWISS', 'GROUPS' as const), (n, format) => {
        const stage = generateStage(format, makeEntrants(n));
        const roundOne = stage.matches.filter((m) => m.round === 1 && m.bracket !== 'LOSERS').flatMap((m) => m.participants);
        const extra =
          stage.format === 'SINGLE_ELIMINATION' || stage.format === 'DOUBLE_ELIMINATION'
            ? stage.byes
            : stage.format === 'ROUND_ROBIN'
              ? stage.restingByRound.slice(0, 1)
              : stage.format === 'SWISS'
                ? stage.round.bye
                  ? [stage.round.bye.participantId]
                  : []
                : stage.format === 'GROUPS'
                  ? stage.groups.filter((g) => g.entrants.length % 2 === 1).map((g) => g.entrants[0]?.id as string)
                  : [];
        const everyone = [...roundOne, ...extra].filter((id) => id !== null);
        expect(everyone).toHaveLength(n);
        expect(new Set(everyone).size).toBe(n);
      }),
      { numRuns: 100 },
    );
  });
});

describe('computeStagePlacements', () => {
  it('places a single elimination from stored results (3-4 shared)', () => {
    const stage = generateStage('SINGLE_ELIMINATION', makeEntrants(4));
    const results = playBracket(stage, favourite).map((p) => ({ key: p.match.key, participants: p.participants, winnerId: p.winnerId }));
    expect(computeStagePlacements('SINGLE_ELIMINATION', makeEntrants(4), results).map((p) => p.placementRange)).toEqual(['1', '2', '3-4', '3-4']);
  });

  it('places round robin and Swiss in standings order, groups by group rank', () => {
    const entrants = makeEntrants(6);
    const rr = generateStage('ROUND_ROBIN', entrants);
    expect(computeStagePlacements('ROUND_ROBIN', entrants, favouritesWin(rr.matches)).map((p) => [p.participantId, p.placementRange])).toEqual(
      entrants.map((e, i) => [e.id, String(i + 1)]),
    );
    const groups = generateStage('GROUPS', makeEntrants(8), { groupCount: 2 });
    const placements = computeStagePlacements('GROUPS', makeEntrants(8), favouritesWin(groups.matches), { groupCount: 2 });
    expect(placements.map((p) => [p.participantId, p.placementRange])).toEqual([
      ['p1', '1-2'],
      ['p2', '1-2'],
      ['p3', '3-4'],
      ['p4', '3-4'],
      ['p5', '5-6'],
      ['p6', '5-6'],
      ['p7', '7-8'],
      ['p8', '7-8'],
    ]);
  });
});

describe('selectQualifiers', () => {
  it('seeds 4 groups of 4 into 8 so that group winners meet runners-up of other groups', () => {
    const entrants = makeEntrants(16);
    const stage = generateStage('GROUPS', entrants, { groupCount: 4 });
    const results = favouritesWin(stage.matches);
    const qualifiers = selectQualifiers('GROUPS', entrants, results, { groupCount: 4, qualifiersPerGroup: 2 });
    expect(qualifiers.map((q) => q.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const groupOf = new Map((stage.matches as GroupMatch[]).flatMap((m) => m.participants.map((p) => [p as string, m.group] as const)));
    const winners = new Set(qualifiers.slice(0, 4).map((q) => q.id));
    expect([...winners].sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
    // Round 1 of an 8-bracket: seeds (1,8), (4,5), (2,7), (3,6).
    const order = innerOuterOrder(8);
    for (let i = 0; i < 8; i += 2) {
      const a = qualifiers[(order[i] as number) - 1] as Entrant;
      const b = qualifiers[(order[i + 1] as number) - 1] as Entrant;
      expect(winners.has(a.id)).not.toBe(winners.has(b.id));
      expect(groupOf.get(a.id)).not.toBe(groupOf.get(b.id));
    }
  });

  it('separates group mates where a swap within the same group rank allows it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), (groupCount) => {
        const list = [1, 2].flatMap((rank) => Array.from({ length: groupCount }, (_, g) => ({ group: g + 1, rank })));
        const out = separateGroupMates(list);
        const order = innerOuterOrder(2 * groupCount > 1 ? 2 ** Math.ceil(Math.log2(2 * groupCount)) : 2);
        for (let i = 0; i < order.length; i += 2) {
          const a = out[(order[i] as number) - 1];
          const b = out[(order[i + 1] as number) - 1];
          if (a && b) expect(a.group).not.toBe(b.group);
        }
      }),
    );
  });

  it('separates group mates in the round 1 of the next stage\'s seedOrdering, natural and reverse too', () => {
    for (const ordering of ['natural', 'reverse'] as const) {
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 16 }), fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 32, maxLength: 32 }), (groupCount, noise) => {
          // Winners first, then runners-up in an order across groups that varies (as points per match would).
          const runnersUp = Array.from({ length: groupCount }, (_, g) => ({ group: g + 1, rank: 2 })).sort((a, b) => (noise[a.group] as number) - (noise[b.group] as number));
          const list = [...Array.from({ length: groupCount }, (_, g) => ({ group: g + 1, rank: 1 })), ...runnersUp];
          const out = separateGroupMates(list, ordering);
          const m = out.length;
          const slots = bracketSlots(ordering, m, 2 ** Math.ceil(Math.log2(m)));
          for (let i = 0; i + 1 < slots.length; i += 2) {
            const a = out[(slots[i] as number) - 1];
            const b = out[(slots[i + 1] as number) - 1];
            if (a && b) expect(a.group, `${ordering}, ${groupCount} groups`).not.toBe(b.group);
          }
        }),
      );
    }
  });

  it('takes elimination qualifiers by placement, then seed; Swiss esports by who advanced', () => {
    const se = generateStage('SINGLE_ELIMINATION', makeEntrants(8));
    const results = playBracket(se, favourite).map((p) => ({ key: p.match.key, participants: p.participants, winnerId: p.winnerId }));
    expect(selectQualifiers('SINGLE_ELIMINATION', makeEntrants(8), results, { advanceCount: 3 })).toEqual([
      { id: 'p1', seed: 1 },
      { id: 'p2', seed: 2 },
      { id: 'p3', seed: 3 },
    ]);
    expect(catchDomainError(() => selectQualifiers('ROUND_ROBIN', makeEntrants(4), [])).details?.[0]?.path).toBe('settings.advanceCount');

    const entrants = makeEntrants(16);
    const settings = { swissWinsToAdvance: 3, swissLossesToEliminate: 3 };
    const swissResults: StageMatchResult[] = [];
    for (let round = generateSwissRound(entrants, [], settings); round; round = generateSwissRound(entrants, swissResults, settings)) {
      swissResults.push(...favouritesWin((round as SwissRound).matches));
    }
    const advanced = selectQualifiers('SWISS', entrants, swissResults, settings);
    expect(advanced).toHaveLength(8);
    const rows = computeStandings('SWISS', entrants, swissResults, settings);
    expect(advanced.map((q) => q.id)).toEqual(rows.filter((r) => r.wins === 3).map((r) => r.participantId));
    expect(advanced.map((q) => q.id).slice(0, 4).sort()).toEqual(['p1', 'p2', 'p3', 'p4']); // 3-0 favourites
  });
});

describe('computeTournamentPlacements', () => {
  it('puts later stages first and shares the earlier stage places of those who did not advance', () => {
    const groups = [
      { participantId: 'a', placement: 1, placementRange: '1-2' },
      { participantId: 'b', placement: 1, placementRange: '1-2' },
      { participantId: 'c', placement: 3, placementRange: '3-4' },
      { participantId: 'd', placement: 3, placementRange: '3-4' },
      { participantId: 'e', placement: 5, placementRange: '5-6' },
      { participantId: 'f', placement: 5, placementRange: '5-6' },
    ];
    const final = [
      { participantId: 'b', placement: 1, placementRange: '1' },
      { participantId: 'a', placement: 2, placementRange: '2' },
    ];
    const out = computeTournamentPlacements([
      { placements: groups, advanced: ['a', 'b'] },
      { placements: final, advanced: [] },
    ]);
    expect(out.map((p) => [p.participantId, p.placementRange])).toEqual([
      ['b', '1'],
      ['a', '2'],
      ['c', '3-4'],
      ['d', '3-4'],
      ['e', '5-6'],
      ['f', '5-6'],
    ]);
  });
});
