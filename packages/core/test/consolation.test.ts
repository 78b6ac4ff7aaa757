import { describe, expect, it } from 'vitest';
import { BRACKET_SEED_ORDERINGS, checkStagePlan, computeStagePlacements, FORMATS, outcomesOf, parseStageMatchKey } from '../src/index';
import { makeEntrants, prng } from './helpers/entrants';
import { playBracket } from './helpers/play';

describe('full consolation bracket of single elimination (R27.9)', () => {
  it('plays off 5th-8th among the quarter-final losers and 3rd-4th among the semi-final losers (N = 8)', () => {
    const stage = FORMATS.SINGLE_ELIMINATION.generate(makeEntrants(8), { consolation: 'FULL' });
    const consolation = stage.matches.filter((m) => m.bracket === 'CONSOLATION');
    expect(consolation.map((m) => [m.key, m.round])).toEqual([
      ['C5-r2-n1', 2],
      ['C5-r2-n2', 2],
      ['C3-r3-n1', 3],
      ['C5-r3-n1', 3],
      ['C7-r3-n1', 3],
    ]);
    expect(stage.matches.filter((m) => m.bracket === 'THIRD_PLACE')).toEqual([]);
    expect(parseStageMatchKey('C5-r3-n1')).toEqual({ bracket: 'CONSOLATION', round: 3, number: 1, group: null });
    // Every quarter-final loser goes on to the 5th-8th play-offs.
    const quarterFinals = stage.matches.filter((m) => m.bracket === 'WINNERS' && m.round === 1);
    expect(quarterFinals.map((m) => m.next.loser?.key)).toEqual(['C5-r2-n1', 'C5-r2-n1', 'C5-r2-n2', 'C5-r2-n2']);
  });

  it('numbers the play-offs of a round 1..k across its sub-brackets, better places first, keys unchanged (N = 8)', () => {
    const stage = FORMATS.SINGLE_ELIMINATION.generate(makeEntrants(8), { consolation: 'FULL' });
    const consolation = stage.matches.filter((m) => m.bracket === 'CONSOLATION');
    expect(consolation.map((m) => [m.key, m.round, m.number])).toEqual([
      ['C5-r2-n1', 2, 1],
      ['C5-r2-n2', 2, 2],
      ['C3-r3-n1', 3, 1],
      ['C5-r3-n1', 3, 2],
      ['C7-r3-n1', 3, 3],
    ]);
    // The places each round-3 match decides, in number order: 3rd/4th, 5th/6th, 7th/8th.
    const places = stage.consolationPlaces ?? [];
    const round3 = consolation.filter((m) => m.round === 3);
    expect(round3.map((m) => places.filter((p) => p.key === m.key).map((p) => p.place))).toEqual([
      [3, 4],
      [5, 6],
      [7, 8],
    ]);
  });

  it('gives every play-off match a distinct (round, number), numbered 1..k in each round (N = 2..70, every seed ordering)', () => {
    for (const seedOrdering of BRACKET_SEED_ORDERINGS) {
      for (let n = 2; n <= 70; n++) {
        const stage = FORMATS.SINGLE_ELIMINATION.generate(makeEntrants(n), { consolation: 'FULL', seedOrdering });
        const byRound = new Map<number, number[]>();
        for (const m of stage.matches.filter((x) => x.bracket === 'CONSOLATION')) byRound.set(m.round, [...(byRound.get(m.round) ?? []), m.number]);
        for (const [round, numbers] of byRound) {
          if (numbers.join() !== numbers.map((_, i) => i + 1).join()) throw new Error(`N = ${n}, ${seedOrdering}, round ${round}: numbers ${numbers.join()}`);
        }
        // The better places are played for first: the lowest place a match can decide never decreases along a round.
        const low = (key: string) => Number(key.slice(1, key.indexOf('-')));
        for (const [round] of byRound) {
          const lows = stage.matches.filter((m) => m.bracket === 'CONSOLATION' && m.round === round).map((m) => low(m.key));
          expect(lows).toEqual([...lows].sort((a, b) => a - b));
        }
      }
    }
  });

  it('gives every participant a distinct place 1..N, byes included (N = 2..70, random results)', () => {
    const random = prng(11);
    for (let n = 2; n <= 70; n++) {
      const entrants = makeEntrants(n);
      const settings = { consolation: 'FULL' as const };
      const stage = FORMATS.SINGLE_ELIMINATION.generate(entrants, settings);
      const played = playBracket(stage, (a, b) => (random() < 0.5 ? a : b));
      const results = played.map((p) => ({ key: p.match.key, participants: p.participants, winnerId: p.winnerId }));
      const placements = computeStagePlacements('SINGLE_ELIMINATION', entrants, results, settings);
      if (placements.map((p) => p.placementRange).join() !== Array.from({ length: n }, (_, i) => String(i + 1)).join()) {
        throw new Error(`N = ${n}: ${placements.map((p) => p.placementRange).join()}`);
      }
      if (new Set(placements.map((p) => p.participantId)).size !== n) throw new Error(`N = ${n}: a participant placed twice`);
      // Each place is known as soon as its own match is decided (live placements from one outcome).
      const live = FORMATS.SINGLE_ELIMINATION.livePlacements;
      const fromEach = outcomesOf(results).flatMap((o) => live.compute(n, o, settings));
      expect(fromEach.sort((a, b) => a.placement - b.placement)).toEqual(placements);
    }
  });

  it('keeps NONE and THIRD_PLACE as thirdPlaceMatch false and true, and refuses other values', () => {
    const third = FORMATS.SINGLE_ELIMINATION.generate(makeEntrants(8), { consolation: 'THIRD_PLACE' });
    expect(third.matches.filter((m) => m.bracket === 'THIRD_PLACE')).toHaveLength(1);
    const none = FORMATS.SINGLE_ELIMINATION.generate(makeEntrants(8), { consolation: 'NONE', thirdPlaceMatch: true });
    expect(none.matches).toHaveLength(7);
    expect(checkStagePlan([{ format: 'SINGLE_ELIMINATION', settings: { consolation: 'ALL' as never } }], 8, true)).toEqual([
      expect.objectContaining({ path: 'stages[0].settings.consolation' }),
    ]);
  });
});
