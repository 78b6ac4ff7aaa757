import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchDomainError } from './helpers/domain-error';
import {
  checkDraw,
  checkSlotMap,
  checkStagePlan,
  crossGroupsSlotMap,
  defaultGroupName,
  drawSeeds,
  generateStage,
  qualifierKey,
  seedsFromSlots,
  snakeGroups,
  slotMapEntrants,
  snakeGroupSizes,
  type QualifierRef,
} from '../src/index';

const names = (count: number) => Array.from({ length: count }, (_, i) => defaultGroupName(i + 1));
const label = (ref: QualifierRef) => qualifierKey(ref);

describe('CROSS_GROUPS slot map (R23.1)', () => {
  it('pairs the 8 groups of a World Cup as A1-B2, C1-D2, E1-F2, G1-H2 | B1-A2, D1-C2, F1-E2, H1-G2', () => {
    const slots = crossGroupsSlotMap(names(8)).map(label);
    const pairs = [];
    for (let i = 0; i < slots.length; i += 2) pairs.push(`${slots[i]}-${slots[i + 1]}`);
    expect(pairs).toEqual(['A1-B2', 'C1-D2', 'E1-F2', 'G1-H2', 'B1-A2', 'D1-C2', 'F1-E2', 'H1-G2']);
  });

  it('places every qualifier once and group-mates in opposite halves, for 2, 4, 8 and 16 groups', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 4, 8, 16), (count) => {
        const refs = crossGroupsSlotMap(names(count));
        expect(refs).toHaveLength(2 * count);
        expect(checkSlotMap(refs, { groups: names(count), positions: 2 })).toEqual([]);
        expect(new Set(refs.map(label)).size).toBe(2 * count);
        const half = refs.length / 2;
        for (const group of names(count)) {
          const at = (position: number) => refs.findIndex((r) => 'group' in r && r.group === group && r.position === position);
          expect(at(1) < half).not.toBe(at(2) < half);
        }
        // Round 1 pairs a winner with a runner-up of another group.
        for (let i = 0; i < refs.length; i += 2) {
          const [a, b] = [refs[i], refs[i + 1]] as [{ group: string; position: number }, { group: string; position: number }];
          expect(a.position).toBe(1);
          expect(b.position).toBe(2);
          expect(a.group).not.toBe(b.group);
        }
      }),
    );
  });

  it('refuses a number of groups that is not a power of two', () => {
    expect(() => crossGroupsSlotMap(names(3))).toThrow(/slotMapPreset/);
  });

  it('names an unknown group, a missing position and a qualifier in two slots', () => {
    const issues = checkSlotMap(
      [
        { group: 'A', position: 1 },
        { group: 'Z', position: 2 },
        { group: 'B', position: 5 },
        { group: 'A', position: 1 },
      ],
      { groups: names(2), positions: 4 },
    );
    expect(issues.map((i) => i.path)).toEqual(['settings.slotMap[1].group', 'settings.slotMap[2].position', 'settings.slotMap[3]']);
  });

  it('seeds from slots so that a single-elimination bracket pairs slot 2i-1 with slot 2i', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 4, 8, 16, 32), (size) => {
        const ids = Array.from({ length: size }, (_, i) => `p${i + 1}`);
        const stage = generateStage('SINGLE_ELIMINATION', seedsFromSlots('SINGLE_ELIMINATION', ids));
        const first = stage.matches.filter((m) => m.round === 1 && m.bracket === 'WINNERS').sort((a, b) => a.number - b.number);
        expect(first.map((m) => m.participants)).toEqual(first.map((_, i) => [ids[2 * i], ids[2 * i + 1]]));
      }),
    );
  });

  it('seeds from slots so that slots 2i-1 and 2i meet in round-1 match i under every seedOrdering, single and double elimination', () => {
    for (const format of ['SINGLE_ELIMINATION', 'DOUBLE_ELIMINATION'] as const) {
      for (const seedOrdering of ['inner_outer', 'natural', 'reverse'] as const) {
        for (const size of [2, 4, 8, 16, 32]) {
          const ids = Array.from({ length: size }, (_, i) => `p${i + 1}`);
          const settings = { seedOrdering };
          const stage = generateStage(format, seedsFromSlots(format, ids, settings), settings);
          const first = stage.matches.filter((m) => m.round === 1 && m.bracket === 'WINNERS').sort((a, b) => a.number - b.number);
          expect(first.map((m) => m.participants), `${format} ${seedOrdering} ${size}`).toEqual(first.map((_, i) => [ids[2 * i], ids[2 * i + 1]]));
        }
      }
    }
  });

  it('refuses skipFirstRound with entrants in slots of 4, 8, ... naming settings.skipFirstRound, in seeding and in the stage plan', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const error = catchDomainError(() => seedsFromSlots('DOUBLE_ELIMINATION', ids, { skipFirstRound: true }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.map((d) => d.path)).toEqual(['settings.skipFirstRound']);
    // Two slots play the final whatever skipFirstRound says; slots that are not bracket positions are seeds.
    expect(seedsFromSlots('DOUBLE_ELIMINATION', ['a', 'b'], { skipFirstRound: true })).toHaveLength(2);
    expect(seedsFromSlots('DOUBLE_ELIMINATION', ['a', 'b', 'c'], { skipFirstRound: true }).map((e) => e.seed)).toEqual([1, 2, 3]);

    const ranks = { slotMap: [{ rank: 1 }, { rank: 2 }, { rank: 3 }, { rank: 4 }] };
    const afterRoundRobin = (settings: object) => checkStagePlan([{ format: 'ROUND_ROBIN', settings: { advanceCount: 4 } }, { format: 'DOUBLE_ELIMINATION', settings }], 8, true);
    expect(afterRoundRobin({ ...ranks, skipFirstRound: true })).toEqual([{ path: 'stages[1].settings.skipFirstRound', message: expect.any(String), kind: 'settings' }]);
    const afterGroups = checkStagePlan(
      [{ format: 'GROUPS', settings: { groupCount: 2 } }, { format: 'DOUBLE_ELIMINATION', settings: { slotMapPreset: 'CROSS_GROUPS', skipFirstRound: true } }],
      16,
      false,
    );
    expect(afterGroups.map((i) => i.path)).toEqual(['stages[1].settings.skipFirstRound']);
    for (const seedOrdering of ['inner_outer', 'natural', 'reverse'] as const) expect(afterRoundRobin({ ...ranks, seedOrdering })).toEqual([]);
  });
});

describe('explicit group draw (R23.3)', () => {
  it('gives seeds whose snake split is exactly the draw, each group in the draw order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 64 }), fc.integer({ min: 1, max: 16 }), (n, wanted) => {
        const count = Math.max(1, Math.min(wanted, Math.floor(n / 2)));
        const sizes = snakeGroupSizes(n, count);
        let next = 0;
        const draw = sizes.map((size) => Array.from({ length: size }, () => `p${(next++ * 7919) % 100003}`));
        const seeded = drawSeeds(draw);
        expect(seeded.map((e) => e.seed)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        expect(snakeGroups(seeded, count).map((g) => g.entrants.map((e) => e.id))).toEqual(draw);
      }),
    );
  });

  it('names a participant left out, one drawn twice, an unknown one and a wrong group size', () => {
    const ids = ['a', 'b', 'c', 'd'];
    expect(checkDraw([['a', 'b'], ['c', 'c']], ids, 2).map((i) => i.path)).toEqual(['groups[1].participantIds[1]', 'groups']);
    expect(checkDraw([['a', 'b'], ['c', 'x']], ids, 2).map((i) => i.path)).toEqual(['groups[1].participantIds[1]', 'groups']);
    expect(checkDraw([['a', 'b', 'c'], ['d']], ids, 2).map((i) => i.path)).toEqual(['groups[0]', 'groups[1]']);
    expect(checkDraw([['a', 'b', 'c', 'd']], ids, 2).map((i) => i.path)).toEqual(['groups']);
  });
});

describe('slot map entrants from a played stage (R23.1)', () => {
  const entrants = Array.from({ length: 8 }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));
  const settings = { groupCount: 2 };
  const groups = generateStage('GROUPS', entrants, settings);
  // The better seed wins every match 1-0.
  const results = groups.matches.map((m) => {
    const [a, b] = m.participants as [string, string];
    const winner = Number(a.slice(1)) < Number(b.slice(1)) ? a : b;
    return { key: m.key, participants: [a, b] as [string, string], winnerId: winner, isDraw: false, scores: (winner === a ? [1, 0] : [0, 1]) as [number, number] };
  });
  const prev = { format: 'GROUPS' as const, entrants, results, settings };

  it('fills the CROSS_GROUPS slots from the group tables, and moves the next of a group up past a disqualified one', () => {
    // Snake split: A = p1, p4, p5, p8; B = p2, p3, p6, p7.
    const refs = crossGroupsSlotMap(['A', 'B']);
    const slots = (excluded: Set<string>) =>
      slotMapEntrants(prev, refs, 'SINGLE_ELIMINATION', excluded)
        .slice()
        .sort((x, y) => x.seed - y.seed);
    const bracket = (excluded: Set<string>) => {
      const stage = generateStage('SINGLE_ELIMINATION', slots(excluded));
      return stage.matches.filter((m) => m.round === 1).map((m) => m.participants);
    };
    expect(bracket(new Set())).toEqual([['p1', 'p3'], ['p2', 'p4']]);
    expect(bracket(new Set(['p1']))).toEqual([['p4', 'p3'], ['p2', 'p5']]);
  });

  it('seeds the slots by the receiving stage\'s seedOrdering, so slots 2i-1 and 2i meet in round-1 match i', () => {
    const refs = crossGroupsSlotMap(['A', 'B']);
    for (const seedOrdering of ['inner_outer', 'natural', 'reverse'] as const) {
      const settings = { seedOrdering };
      const seeded = slotMapEntrants(prev, refs, 'SINGLE_ELIMINATION', new Set(), settings);
      const stage = generateStage('SINGLE_ELIMINATION', seeded, settings);
      // A1 = p1, B2 = p3, B1 = p2, A2 = p4.
      expect(stage.matches.filter((m) => m.round === 1).map((m) => m.participants), seedOrdering).toEqual([['p1', 'p3'], ['p2', 'p4']]);
    }
  });

  it('fills rank slots from the result order of a stage without groups', () => {
    const rr = generateStage('ROUND_ROBIN', entrants.slice(0, 4));
    const rrResults = rr.matches.map((m) => {
      const [a, b] = m.participants as [string, string];
      const winner = Number(a.slice(1)) < Number(b.slice(1)) ? a : b;
      return { key: m.key, participants: [a, b] as [string, string], winnerId: winner, isDraw: false, scores: (winner === a ? [1, 0] : [0, 1]) as [number, number] };
    });
    const out = slotMapEntrants({ format: 'ROUND_ROBIN', entrants: entrants.slice(0, 4), results: rrResults, settings: {} }, [{ rank: 4 }, { rank: 1 }], 'ROUND_ROBIN');
    expect(out).toEqual([{ id: 'p4', seed: 1 }, { id: 'p1', seed: 2 }]);
  });
});
