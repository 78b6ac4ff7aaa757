import { describe, expect, it } from 'vitest';
import { checkStagePlan, computeStagePlacements, FORMATS, outcomesOf, parseStageMatchKey } from '../src/index';
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
