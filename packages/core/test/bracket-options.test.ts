import { describe, expect, it } from 'vitest';
import {
  bracketSize,
  bracketSlots,
  checkStagePlan,
  computeDoubleEliminationPlacements,
  FORMATS,
  generateDoubleElimination,
  generateSingleElimination,
  type GeneratedMatch,
} from '../src/index';
import { makeEntrants, prng } from './helpers/entrants';
import { pairHashPick, playBracket } from './helpers/play';

const firstRound = (matches: readonly GeneratedMatch[]) =>
  matches.filter((m) => m.bracket === 'WINNERS' && m.round === 1).map((m) => m.participants);

describe('seedOrdering (R27.5)', () => {
  it('places seeds slot by slot with balanced byes: natural gives the byes to the last seeds, reverse to the first', () => {
    expect(bracketSlots('natural', 6, 8)).toEqual([1, 2, 3, 4, 5, 7, 6, 8]);
    expect(bracketSlots('reverse', 6, 8)).toEqual([6, 5, 4, 3, 2, 7, 1, 8]);
    expect(bracketSlots('inner_outer', 6, 8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it('never pairs two byes and places every rank once, for every N up to 300', () => {
    for (const ordering of ['inner_outer', 'natural', 'reverse'] as const) {
      for (let n = 2; n <= 300; n++) {
        const size = bracketSize(n);
        const slots = bracketSlots(ordering, n, size);
        const sorted = [...slots].sort((a, b) => a - b);
        if (sorted.some((rank, i) => rank !== i + 1)) throw new Error(`${ordering} ${n}: not a permutation of 1..${size}`);
        for (let i = 0; i < size; i += 2) {
          if ((slots[i] as number) > n && (slots[i + 1] as number) > n) throw new Error(`${ordering} ${n}: two byes in slots ${i}, ${i + 1}`);
        }
      }
    }
  });

  it('draws single and double elimination in the chosen order (natural: seed 1 meets seed 2)', () => {
    const se = generateSingleElimination(makeEntrants(8), { seedOrdering: 'natural' });
    expect(firstRound(se.matches)).toEqual([['p1', 'p2'], ['p3', 'p4'], ['p5', 'p6'], ['p7', 'p8']]);
    const de = FORMATS.DOUBLE_ELIMINATION.generate(makeEntrants(6), { seedOrdering: 'reverse' });
    expect(firstRound(de.matches)).toEqual([['p6', 'p5'], ['p4', 'p3']]);
    expect(de.byes).toEqual(['p1', 'p2']);
    const viaRegistry = FORMATS.SINGLE_ELIMINATION.generate(makeEntrants(6), { seedOrdering: 'natural' });
    expect(firstRound(viaRegistry.matches)).toEqual([['p1', 'p2'], ['p3', 'p4']]);
    expect(viaRegistry.byes).toEqual(['p5', 'p6']);
  });

  it('plays every ordering to a champion with N - 1 single-elimination matches', () => {
    const random = prng(7);
    for (const ordering of ['natural', 'reverse'] as const) {
      for (let n = 2; n <= 70; n++) {
        const stage = generateSingleElimination(makeEntrants(n), { seedOrdering: ordering });
        const played = playBracket(stage, (a, b) => (random() < 0.5 ? a : b));
        expect(played).toHaveLength(n - 1);
      }
    }
  });

  it('is refused with the field named when unknown', () => {
    const issues = checkStagePlan([{ format: 'SINGLE_ELIMINATION', settings: { seedOrdering: 'random' as never } }], 8, true);
    expect(issues).toEqual([expect.objectContaining({ path: 'stages[0].settings.seedOrdering' })]);
  });
});

describe('skipFirstRound of double elimination (R27.6)', () => {
  it('starts the lower half in the losers bracket: no winners round 1', () => {
    const stage = generateDoubleElimination(makeEntrants(8), { skipFirstRound: true });
    expect(firstRound(stage.matches)).toEqual([]);
    const w2 = stage.matches.filter((m) => m.bracket === 'WINNERS' && m.round === 2).map((m) => m.participants);
    expect(w2).toEqual([['p1', 'p4'], ['p2', 'p3']]);
    const l1 = stage.matches.filter((m) => m.bracket === 'LOSERS' && m.round === 1).map((m) => m.participants);
    expect(l1.flat().sort()).toEqual(['p5', 'p6', 'p7', 'p8']);
    // 3 winners, 6 losers matches and the grand final (14 without the option).
    expect(stage.matches).toHaveLength(10);
  });

  it('plays to a placement for every participant, byes too (N = 2..40)', () => {
    for (let n = 2; n <= 40; n++) {
      const entrants = makeEntrants(n);
      const options = { skipFirstRound: true } as const;
      const stage = generateDoubleElimination(entrants, options);
      const played = playBracket(stage, pairHashPick(n));
      const placements = computeDoubleEliminationPlacements(entrants, played.map((p) => ({ key: p.match.key, winnerId: p.winnerId, loserId: p.loserId })), options);
      expect(placements).toHaveLength(n);
      expect(placements[0]?.placement).toBe(1);
      expect(new Set(placements.map((p) => p.participantId)).size).toBe(n);
    }
  });

  it('is refused unless a boolean', () => {
    const issues = checkStagePlan([{ format: 'DOUBLE_ELIMINATION', settings: { skipFirstRound: 'yes' as never } }], 8, true);
    expect(issues).toEqual([expect.objectContaining({ path: 'stages[0].settings.skipFirstRound' })]);
  });
});
