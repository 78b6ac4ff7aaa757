import { describe, expect, it } from 'vitest';
import {
  bracketSize,
  generateSingleElimination,
  parseMatchKey,
  roundName,
  THIRD_PLACE_KEY,
  type GeneratedMatch,
  type GeneratedStage,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants } from './helpers/entrants';

const SIZES = Array.from({ length: 69 }, (_, i) => i + 2); // 2..70

const seedOf = (id: string | null): number => (id === null ? 0 : Number(id.slice(1)));
const byKey = (stage: GeneratedStage) => new Map(stage.matches.map((m) => [m.key, m]));

describe('generateSingleElimination: examples', () => {
  it('pairs 8 entrants 1v8, 4v5, 2v7, 3v6 and links them to the final', () => {
    const stage = generateSingleElimination(makeEntrants(8));
    expect(stage).toMatchObject({ format: 'SINGLE_ELIMINATION', entrantCount: 8, bracketSize: 8, totalRounds: 3, byes: [] });
    const summary = stage.matches.map((m) => [m.key, m.participants, m.next.winner]);
    expect(summary).toEqual([
      ['W-r1-n1', ['p1', 'p8'], { key: 'W-r2-n1', slot: 1 }],
      ['W-r1-n2', ['p4', 'p5'], { key: 'W-r2-n1', slot: 2 }],
      ['W-r1-n3', ['p2', 'p7'], { key: 'W-r2-n2', slot: 1 }],
      ['W-r1-n4', ['p3', 'p6'], { key: 'W-r2-n2', slot: 2 }],
      ['W-r2-n1', [null, null], { key: 'W-r3-n1', slot: 1 }],
      ['W-r2-n2', [null, null], { key: 'W-r3-n1', slot: 2 }],
      ['W-r3-n1', [null, null], null],
    ]);
  });

  it('places 5 entrants with byes for seeds 1-3 directly into round 2', () => {
    const stage = generateSingleElimination(makeEntrants(5));
    expect(stage.byes).toEqual(['p1', 'p2', 'p3']);
    expect(stage.matches.map((m) => [m.key, m.participants])).toEqual([
      ['W-r1-n2', ['p4', 'p5']],
      ['W-r2-n1', ['p1', null]],
      ['W-r2-n2', ['p2', 'p3']],
      ['W-r3-n1', [null, null]],
    ]);
    expect(byKey(stage).get('W-r1-n2')?.next.winner).toEqual({ key: 'W-r2-n1', slot: 2 });
  });

  it('makes a single final for 2 entrants', () => {
    const stage = generateSingleElimination(makeEntrants(2), { thirdPlaceMatch: true });
    expect(stage.thirdPlaceMatch).toBe(false);
    expect(stage.matches).toEqual([
      {
        key: 'W-r1-n1',
        bracket: 'WINNERS',
        round: 1,
        number: 1,
        participants: ['p1', 'p2'],
        next: { winner: null, loser: null },
      },
    ]);
  });

  it('sends semi-final losers to the third-place match', () => {
    const stage = generateSingleElimination(makeEntrants(6), { thirdPlaceMatch: true });
    const matches = byKey(stage);
    expect(matches.get('W-r2-n1')?.next.loser).toEqual({ key: THIRD_PLACE_KEY, slot: 1 });
    expect(matches.get('W-r2-n2')?.next.loser).toEqual({ key: THIRD_PLACE_KEY, slot: 2 });
    expect(stage.matches.at(-1)).toEqual({
      key: 'TP',
      bracket: 'THIRD_PLACE',
      round: 3,
      number: 1,
      participants: [null, null],
      next: { winner: null, loser: null },
    });
  });

  it('ranks entrants by seed whatever their order and gaps', () => {
    const stage = generateSingleElimination([
      { id: 'c', seed: 30 },
      { id: 'a', seed: 2 },
      { id: 'd', seed: 99 },
      { id: 'b', seed: 7 },
    ]);
    expect(stage.entrants.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(stage.matches.slice(0, 2).map((m) => m.participants)).toEqual([
      ['a', 'd'],
      ['b', 'c'],
    ]);
  });
});

describe.each([false, true])('generateSingleElimination for N = 2..70 (thirdPlaceMatch %s)', (thirdPlaceMatch) => {
  it.each(SIZES)('N = %i', (n) => {
    const stage = generateSingleElimination(makeEntrants(n), { thirdPlaceMatch });
    const size = bracketSize(n);
    const totalRounds = Math.log2(size);
    const hasThirdPlace = thirdPlaceMatch && n >= 4;
    const matches = byKey(stage);
    const winners = stage.matches.filter((m) => m.bracket === 'WINNERS');

    expect(stage.bracketSize).toBe(size);
    expect(stage.totalRounds).toBe(totalRounds);
    expect(stage.thirdPlaceMatch).toBe(hasThirdPlace);
    expect(stage.matches).toHaveLength(n - 1 + (hasThirdPlace ? 1 : 0));
    expect(winners).toHaveLength(n - 1);
    expect(matches.size).toBe(stage.matches.length); // unique keys

    // Keys, rounds and numbers agree; numbers stay within the round; play order is by round then number.
    let previous: GeneratedMatch | undefined;
    for (const m of winners) {
      expect(parseMatchKey(m.key)).toEqual({ bracket: 'WINNERS', round: m.round, number: m.number });
      expect(m.number).toBeGreaterThanOrEqual(1);
      expect(m.number).toBeLessThanOrEqual(size / 2 ** m.round);
      if (previous) expect(m.round > previous.round || (m.round === previous.round && m.number > previous.number)).toBe(true);
      previous = m;
    }
    // Rounds >= 2 are complete.
    for (let round = 2; round <= totalRounds; round++) {
      expect(winners.filter((m) => m.round === round)).toHaveLength(size / 2 ** round);
    }

    // Round-1 pairings sum to P + 1; the better seed takes slot 1.
    const firstRound = winners.filter((m) => m.round === 1);
    for (const m of firstRound) {
      const [a, b] = m.participants.map(seedOf) as [number, number];
      expect(a + b).toBe(size + 1);
      expect(a).toBeLessThan(b);
    }
    // Byes go to the top seeds only, and they are exactly the seeds without a round-1 match.
    const byeSeeds = stage.byes.map(seedOf);
    expect(byeSeeds).toEqual(Array.from({ length: size - n }, (_, i) => i + 1));

    // Every entrant appears exactly once: in one round-1 match or in one round-2 slot (as a bye).
    const appearances = new Map<string, number>();
    const count = (id: string | null) => {
      if (id !== null) appearances.set(id, (appearances.get(id) ?? 0) + 1);
    };
    for (const m of stage.matches) {
      if (m.round === 1 && m.bracket === 'WINNERS') m.participants.forEach(count);
      else if (m.round === 2 && m.bracket === 'WINNERS') m.participants.forEach(count);
      else expect(m.participants).toEqual([null, null]);
    }
    expect(appearances.size).toBe(n);
    for (const count of appearances.values()) expect(count).toBe(1);
    const inRoundTwo = winners.filter((m) => m.round === 2).flatMap((m) => m.participants.filter((p) => p !== null));
    expect(inRoundTwo.map(seedOf).sort((a, b) => a - b)).toEqual(byeSeeds);

    // `next` follows the (r+1, ceil(n/2)) rule, each slot is fed once, and every match reaches the final.
    const fed = new Map<string, number>();
    for (const m of winners) {
      if (m.round === totalRounds) {
        expect(m.next.winner).toBeNull();
        expect(m.key).toBe(`W-r${totalRounds}-n1`);
      } else {
        expect(m.next.winner).toEqual({ key: `W-r${m.round + 1}-n${Math.ceil(m.number / 2)}`, slot: m.number % 2 === 1 ? 1 : 2 });
      }
      const isSemi = m.round === totalRounds - 1;
      expect(m.next.loser).toEqual(hasThirdPlace && isSemi ? { key: 'TP', slot: m.number } : null);
      for (const ref of [m.next.winner, m.next.loser]) {
        if (ref) fed.set(`${ref.key}/${ref.slot}`, (fed.get(`${ref.key}/${ref.slot}`) ?? 0) + 1);
      }
      let cursor: GeneratedMatch | undefined = m;
      let steps = 0;
      while (cursor?.next.winner) {
        cursor = matches.get(cursor.next.winner.key);
        steps++;
      }
      expect(cursor?.key).toBe(`W-r${totalRounds}-n1`);
      expect(steps).toBe(totalRounds - m.round);
    }
    for (const count of fed.values()) expect(count).toBe(1);
    // Each match of round >= 2 gets exactly two participants: from feeders plus byes placed at generation.
    for (const m of stage.matches.filter((x) => x.round >= 2 || x.bracket === 'THIRD_PLACE')) {
      const known = m.participants.filter((p) => p !== null).length;
      const incoming = (fed.has(`${m.key}/1`) ? 1 : 0) + (fed.has(`${m.key}/2`) ? 1 : 0);
      expect(known + incoming).toBe(2);
    }
  });
});

describe('generateSingleElimination: validation', () => {
  it('needs at least 2 entrants', () => {
    expect(catchDomainError(() => generateSingleElimination([])).code).toBe('NOT_ENOUGH_PARTICIPANTS');
    expect(catchDomainError(() => generateSingleElimination(makeEntrants(1))).code).toBe('NOT_ENOUGH_PARTICIPANTS');
  });

  it('accepts 65536 entrants and refuses 65537', () => {
    expect(generateSingleElimination(makeEntrants(65536)).matches).toHaveLength(65535);
    const error = catchDomainError(() => generateSingleElimination(makeEntrants(65537)));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([{ path: 'entrants', message: expect.stringContaining('65536') }]);
  });

  it('refuses duplicate ids and seeds, naming the entrant', () => {
    const dupId = catchDomainError(() =>
      generateSingleElimination([
        { id: 'a', seed: 1 },
        { id: 'b', seed: 2 },
        { id: 'a', seed: 3 },
      ]),
    );
    expect(dupId.code).toBe('VALIDATION_ERROR');
    expect(dupId.details).toEqual([{ path: 'entrants[2].id', message: 'duplicate id a' }]);

    const dupSeed = catchDomainError(() =>
      generateSingleElimination([
        { id: 'a', seed: 2 },
        { id: 'b', seed: 1 },
        { id: 'c', seed: 2 },
      ]),
    );
    expect(dupSeed.code).toBe('VALIDATION_ERROR');
    expect(dupSeed.details?.map((d) => d.path)).toEqual(['entrants[2].seed']);
  });

  it('refuses empty ids, bad seeds and a non-boolean option', () => {
    const error = catchDomainError(() =>
      generateSingleElimination([
        { id: '', seed: 1 },
        { id: 'b', seed: 0 },
        { id: 'c', seed: 1.5 },
      ]),
    );
    expect(error.details?.map((d) => d.path)).toEqual(['entrants[0].id', 'entrants[1].seed', 'entrants[2].seed']);
    const option = catchDomainError(() =>
      generateSingleElimination(makeEntrants(4), { thirdPlaceMatch: 'yes' as unknown as boolean }),
    );
    expect(option.details?.[0]?.path).toBe('options.thirdPlaceMatch');
  });

  it('does not modify its input', () => {
    const entrants = [
      { id: 'b', seed: 2 },
      { id: 'a', seed: 1 },
    ];
    const copy = structuredClone(entrants);
    generateSingleElimination(entrants);
    expect(entrants).toEqual(copy);
  });
});

describe('roundName', () => {
  it.each([
    [4, 4, 'Final'],
    [3, 4, 'Semi-finals'],
    [2, 4, 'Quarter-finals'],
    [1, 4, 'Round of 16'],
    [1, 6, 'Round of 64'],
    [1, 1, 'Final'],
  ])('winners round %i of %i is %s', (round, total, name) => {
    expect(roundName(round, total, 'WINNERS')).toBe(name);
    expect(roundName(round, total)).toBe(name);
  });

  it('names the rounds of a stepladder Ladder round n, the last one Final (R27.11)', () => {
    expect([1, 2, 3, 4].map((r) => roundName(r, 4, 'WINNERS', 'STEPLADDER'))).toEqual(['Ladder round 1', 'Ladder round 2', 'Ladder round 3', 'Final']);
    expect(roundName(1, 1, 'WINNERS', 'STEPLADDER')).toBe('Final');
    expect(roundName(3, 4, 'WINNERS', 'SINGLE_ELIMINATION')).toBe('Semi-finals');
  });

  it('names other brackets', () => {
    expect(roundName(3, 3, 'THIRD_PLACE')).toBe('Third place match');
    expect(roundName(2, 5, 'LOSERS')).toBe('Losers round 2');
    expect(roundName(1, 1, 'GRAND_FINAL')).toBe('Grand final');
    expect(roundName(2, 7, 'ROUND_ROBIN')).toBe('Round 2');
  });

  it('refuses rounds outside the stage', () => {
    expect(catchDomainError(() => roundName(5, 4, 'WINNERS')).details?.[0]?.path).toBe('round');
    expect(catchDomainError(() => roundName(0, 4, 'WINNERS')).details?.[0]?.path).toBe('round');
    expect(catchDomainError(() => roundName(1, 0, 'WINNERS')).details?.[0]?.path).toBe('totalRounds');
  });
});
