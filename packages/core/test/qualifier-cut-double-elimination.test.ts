import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkStagePlan,
  computeStagePlacements,
  FORMATS,
  generateStage,
  roundsAfterCut,
  selectQualifiers,
  slotMapEntrants,
  withFormatDefaults,
  type DoubleEliminationStage,
  type StageSettings,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants, prng } from './helpers/entrants';
import { playBracket, type PlayedMatch } from './helpers/play';

const seedOf = (id: string): number => Number(id.slice(1));
/** The better seed wins every match. */
const favourite = (a: string, b: string): string => (seedOf(a) < seedOf(b) ? a : b);
const cut = (advanceCount: number, more: StageSettings = {}): StageSettings => ({ advanceCount, stopAtQualifiers: true, ...more });
const resultsOf = (played: readonly PlayedMatch[]) => played.map((p) => ({ key: p.match.key, participants: p.participants, winnerId: p.winnerId }));
/** A double elimination generated through the registry (`generateStage`), as the server generates it. */
const de = (n: number, settings: StageSettings) => generateStage('DOUBLE_ELIMINATION', makeEntrants(n), settings) as DoubleEliminationStage;
const live = (n: number, p: PlayedMatch, settings: StageSettings) =>
  FORMATS.DOUBLE_ELIMINATION.livePlacements?.compute(n, { key: p.match.key, winnerId: p.winnerId, loserId: p.loserId }, settings) ?? [];

describe('a double elimination that stops at its qualifiers: generation (R7.21)', () => {
  it('plays 16 entrants down to 4: winners rounds 1-3 (2 unbeaten), losers rounds 1-4 (2 with one loss), no grand final', () => {
    const stage = de(16, cut(4));
    expect(stage).toMatchObject({ entrantCount: 16, bracketSize: 16, totalRounds: 3, losersRounds: 4, grandFinal: 'none', stopAt: 4, grandFinalReset: null });
    expect(stage.losersRoundMatchCounts).toEqual([4, 4, 2, 2]);
    expect(stage.matches.filter((m) => m.bracket === 'WINNERS')).toHaveLength(14);
    expect(stage.matches.filter((m) => m.bracket === 'LOSERS')).toHaveLength(12);
    expect(stage.matches.some((m) => m.bracket === 'GRAND_FINAL')).toBe(false);
    const goingNowhere = stage.matches.filter((m) => m.next.winner === null).map((m) => m.key);
    expect(goingNowhere).toEqual(['W-r3-n1', 'W-r3-n2', 'L-r4-n1', 'L-r4-n2']);
    // The winners round-3 losers drop into losers round 4, as in the full bracket.
    const full = de(16, {});
    const fullByKey = new Map(full.matches.map((m) => [m.key, m]));
    for (const m of stage.matches) {
      const same = fullByKey.get(m.key);
      expect(same?.participants).toEqual(m.participants);
      if (m.next.winner !== null) expect(same?.next.winner).toEqual(m.next.winner);
      expect(m.next.loser).toEqual(same?.next.loser ?? null);
    }
  });

  it('lets the winners round-2 losers of 9 entrants stopping at 8 qualify without a match when no one waits for them', () => {
    const stage = de(9, cut(8));
    // Winners: 8 v 9, then round 2 (4 matches); losers round 1 has one entrant (no match), round 2 one match.
    expect(stage.matches.map((m) => m.key)).toEqual(['W-r1-n2', 'W-r2-n1', 'W-r2-n2', 'W-r2-n3', 'W-r2-n4', 'L-r2-n1']);
    const played = playBracket(stage, favourite);
    const placements = computeStagePlacements('DOUBLE_ELIMINATION', makeEntrants(9), resultsOf(played), cut(8));
    expect(placements.map((p) => [p.participantId, p.placementRange])).toEqual([
      ['p1', '1-4'],
      ['p2', '1-4'],
      ['p3', '1-4'],
      ['p4', '1-4'],
      ['p5', '5-8'],
      ['p6', '5-8'],
      ['p7', '5-8'],
      ['p8', '5-8'],
      ['p9', '9'],
    ]);
    // Each winners round-2 match places its loser when the stage has no match left for it.
    const loserOnly = played.filter((p) => p.match.bracket === 'WINNERS' && p.match.round === 2 && p.match.next.loser === null);
    expect(loserOnly).toHaveLength(3);
    // Placed match by match (live), the stage comes out the same.
    const byLive = played.flatMap((p) => live(9, p, cut(8))).sort((x, y) => x.placement - y.placement || seedOf(x.participantId) - seedOf(y.participantId));
    expect(byLive).toEqual(placements);
  });

  it('with advanceCount 2 is the bracket without a grand final: one unbeaten, one with one loss', () => {
    const stage = de(12, cut(2));
    expect(stage.matches.map((m) => m.key)).toEqual(de(12, { grandFinal: 'none' }).matches.map((m) => m.key));
    const placements = computeStagePlacements('DOUBLE_ELIMINATION', makeEntrants(12), resultsOf(playBracket(stage, favourite)), cut(2));
    expect(placements.slice(0, 3).map((p) => [p.participantId, p.placementRange])).toEqual([
      ['p1', '1'],
      ['p2', '2'],
      ['p3', '3'],
    ]);
  });

  it('refuses in generation a stage that cannot stop at its qualifiers, naming settings.stopAtQualifiers', () => {
    for (const settings of [cut(6), cut(16), cut(4, { grandFinal: 'simple' }), cut(4, { grandFinal: 'double' }), { stopAtQualifiers: true }]) {
      const error = catchDomainError(() => generateStage('DOUBLE_ELIMINATION', makeEntrants(16), settings));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details?.[0]?.path).toBe('settings.stopAtQualifiers');
    }
    expect(de(16, cut(4, { grandFinal: 'none' })).matches).toHaveLength(26);
  });
});

describe('a double elimination that stops at its qualifiers: placements and qualifiers (R7.21)', () => {
  it('places the unbeaten 1-2, those with one loss 3-4, then by losers round; the unbeaten qualify first', () => {
    const entrants = makeEntrants(16);
    const stage = de(16, cut(4));
    const played = playBracket(stage, favourite);
    const results = resultsOf(played);
    const placements = computeStagePlacements('DOUBLE_ELIMINATION', entrants, results, cut(4));
    expect(placements).toHaveLength(16);
    const ranges = placements.map((p) => [p.participantId, p.placementRange]);
    expect(ranges.slice(0, 4)).toEqual([
      ['p1', '1-2'],
      ['p2', '1-2'],
      ['p3', '3-4'],
      ['p4', '3-4'],
    ]);
    expect(placements.slice(4).map((p) => p.placementRange)).toEqual(['5-6', '5-6', '7-8', '7-8', ...Array(4).fill('9-12'), ...Array(4).fill('13-16')]);
    expect(selectQualifiers('DOUBLE_ELIMINATION', entrants, results, cut(4)).map((q) => q.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    // A disqualified qualifier: the best placed of the others (a losers round-4 loser) takes the place.
    expect(selectQualifiers('DOUBLE_ELIMINATION', entrants, results, cut(4), new Set(['p2'])).map((q) => q.id)).toEqual(['p1', 'p3', 'p4', 'p5']);
    // A slot map by rank ranks only the four qualifiers.
    const next = slotMapEntrants({ format: 'DOUBLE_ELIMINATION', entrants, results, settings: cut(4) }, [{ rank: 1 }, { rank: 4 }, { rank: 2 }, { rank: 3 }], 'ROUND_ROBIN');
    expect(next.map((e) => e.id)).toEqual(['p1', 'p4', 'p2', 'p3']);
  });

  it('plays N - A/2 winners and N - A losers matches and places everyone in its tier (N = 3..90, every A, orderings, skipFirstRound)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 90 }),
        fc.nat(),
        fc.constantFrom('inner_outer', 'natural', 'reverse'),
        fc.boolean(),
        fc.integer({ min: 1, max: 2 ** 30 }),
        (n, pick, seedOrdering, skipFirstRound, salt) => {
          const choices: number[] = [];
          for (let a = 2; a < n; a *= 2) choices.push(a);
          const a = choices[pick % choices.length] as number;
          const settings = cut(a, { seedOrdering: seedOrdering as StageSettings['seedOrdering'], skipFirstRound });
          const stage = de(n, settings);
          const full = de(n, { seedOrdering: seedOrdering as StageSettings['seedOrdering'], skipFirstRound });
          const skipped = full.matches.filter((m) => m.bracket === 'WINNERS').length - (n - 1);
          expect(stage.matches.filter((m) => m.bracket === 'WINNERS')).toHaveLength(n - a / 2 + skipped);
          expect(stage.matches.filter((m) => m.bracket === 'LOSERS')).toHaveLength(n - a);
          const random = prng(salt);
          const played = playBracket(stage, (x, y) => (random() < 0.5 ? x : y));
          const placements = computeStagePlacements('DOUBLE_ELIMINATION', makeEntrants(n), resultsOf(played), settings);
          expect(placements).toHaveLength(n);
          const lostIn = new Set(played.map((p) => p.loserId));
          const unbeaten = played.filter((p) => p.match.bracket === 'WINNERS' && p.match.next.winner === null).map((p) => p.winnerId);
          expect(unbeaten).toHaveLength(a / 2);
          for (const id of unbeaten) expect(lostIn.has(id)).toBe(false);
          const top = placements.slice(0, a);
          expect(top.slice(0, a / 2).map((p) => p.participantId).sort()).toEqual([...unbeaten].sort());
          expect(top.slice(0, a / 2).every((p) => p.placement === 1 && p.placementRange === (a === 2 ? '1' : `1-${a / 2}`))).toBe(true);
          const second = a === 2 ? '2' : `${a / 2 + 1}-${a}`;
          expect(top.slice(a / 2).every((p) => p.placement === a / 2 + 1 && p.placementRange === second)).toBe(true);
          // Every participant out of the top A lost a losers match; no one in it did.
          const outInLosers = new Set(played.filter((p) => p.match.bracket === 'LOSERS').map((p) => p.loserId));
          expect(placements.slice(a).every((p) => outInLosers.has(p.participantId) && p.placement > a)).toBe(true);
          expect(top.every((p) => !outInLosers.has(p.participantId))).toBe(true);
          // Each match places alone exactly what the whole stage places for its sides.
          for (const p of played) {
            const own = placements.filter((q) => q.participantId === p.winnerId || q.participantId === p.loserId);
            const decided = live(n, p, settings);
            for (const q of decided) expect(own).toContainEqual(q);
          }
          const byLive = new Map(played.flatMap((p) => live(n, p, settings)).map((q) => [q.participantId, q]));
          expect(placements.every((q) => byLive.get(q.participantId)?.placementRange === q.placementRange)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a double elimination that stops at its qualifiers: the plan, rounds and names (R7.21)', () => {
  const plan = (settings: StageSettings, next = true) => [{ format: 'DOUBLE_ELIMINATION', settings }, ...(next ? [{ format: 'SINGLE_ELIMINATION' }] : [])];
  const issues = (stages: ReturnType<typeof plan>, entrants: number, exact = false) => checkStagePlan(stages, entrants, exact).map((i) => [i.path, i.kind]);
  const stop = 'stages[0].settings.stopAtQualifiers';

  it('accepts a power of two below the entrants without a grand final, before another stage', () => {
    expect(issues(plan(cut(4)), 16)).toEqual([]);
    expect(issues(plan(cut(8, { grandFinal: 'none', skipFirstRound: true })), 64, true)).toEqual([]);
  });

  it('refuses it with a grand final, without a power of two below the entrants, or on the last stage', () => {
    expect(issues(plan(cut(4, { grandFinal: 'simple' })), 16)).toEqual([[stop, 'settings']]);
    expect(issues(plan(cut(4, { grandFinal: 'double' })), 16)).toEqual([[stop, 'settings']]);
    expect(checkStagePlan(plan(cut(4, { grandFinal: 'double' })), 16, false)[0]?.message).toMatch(/a double grand final/);
    expect(issues(plan(cut(6)), 16)).toEqual([[stop, 'settings']]);
    expect(issues(plan(cut(16)), 16)).toEqual([[stop, 'settings']]);
    expect(issues(plan(cut(8)), 8, true)).toEqual([[stop, 'tooFew']]);
    expect(issues(plan(cut(4), false), 16)).toEqual([
      [stop, 'settings'],
      ['stages[0].settings.advanceCount', 'settings'],
    ]);
  });

  it('shows grandFinal none in its settings, has only the rounds it plays, and names them as in the full bracket', () => {
    expect(withFormatDefaults('DOUBLE_ELIMINATION', cut(4)).grandFinal).toBe('none');
    expect(withFormatDefaults('DOUBLE_ELIMINATION', {}).grandFinal).toBe('simple');
    expect(FORMATS.DOUBLE_ELIMINATION.rounds(cut(4), 16)).toEqual({ WINNERS: { first: 1, last: 3 }, LOSERS: { first: 1, last: 4 } });
    expect(issues(plan(cut(4, { bestOfByRound: { 'LOSERS:4': 3 } })), 16)).toEqual([]);
    expect(issues(plan(cut(4, { bestOfByRound: { GRAND_FINAL: 3 } })), 16)).toEqual([['stages[0].settings.bestOfByRound.GRAND_FINAL', 'settings']]);
    expect([roundsAfterCut(cut(4), 'DOUBLE_ELIMINATION', 'WINNERS'), roundsAfterCut(cut(4), 'DOUBLE_ELIMINATION', 'LOSERS')]).toEqual([1, 2]);
    expect([roundsAfterCut(cut(2), 'DOUBLE_ELIMINATION', 'WINNERS'), roundsAfterCut(cut(8), 'DOUBLE_ELIMINATION', 'LOSERS')]).toEqual([0, 4]);
  });
});
