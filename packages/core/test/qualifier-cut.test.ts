import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkStagePlan,
  computeStagePlacements,
  FORMATS,
  generateStage,
  roundName,
  roundsAfterCut,
  selectQualifiers,
  singleEliminationMatchPlacements,
  slotMapEntrants,
  type GeneratedMatch,
  type SingleEliminationStage,
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
/** A single elimination generated through the registry (`generateStage`), as the server generates it. */
const se = (entrants: ReturnType<typeof makeEntrants>, settings: StageSettings) => generateStage('SINGLE_ELIMINATION', entrants, settings) as SingleEliminationStage;
const summary = (matches: readonly GeneratedMatch[]) => matches.map((m) => [m.key, m.participants, m.next.winner?.key ?? null]);

describe('a single elimination that stops at its qualifiers: generation', () => {
  it('plays 16 entrants down to 4 unbeaten: rounds 1 and 2, 12 matches, the round-2 winners going nowhere', () => {
    const stage = se(makeEntrants(16), cut(4));
    expect(stage).toMatchObject({ entrantCount: 16, bracketSize: 16, totalRounds: 2, thirdPlaceMatch: false, byes: [] });
    expect(stage.matches).toHaveLength(12);
    expect(stage.matches.filter((m) => m.round === 1)).toHaveLength(8);
    const last = stage.matches.filter((m) => m.round === 2);
    expect(last.map((m) => m.key)).toEqual(['W-r2-n1', 'W-r2-n2', 'W-r2-n3', 'W-r2-n4']);
    expect(last.every((m) => m.next.winner === null && m.next.loser === null)).toBe(true);
    // Round 1 is the full bracket's round 1: 1 v 16, 8 v 9, ...
    expect(stage.matches[0]?.participants).toEqual(['p1', 'p16']);
    expect(stage.matches[1]?.participants).toEqual(['p8', 'p9']);
  });

  it('gives 13 entrants byes as usual (seeds 1-3 into round 2) and stops at 4 after 9 matches', () => {
    const stage = se(makeEntrants(13), cut(4));
    expect(stage.byes).toEqual(['p1', 'p2', 'p3']);
    expect(summary(stage.matches)).toEqual([
      ['W-r1-n2', ['p8', 'p9'], 'W-r2-n1'],
      ['W-r1-n3', ['p4', 'p13'], 'W-r2-n2'],
      ['W-r1-n4', ['p5', 'p12'], 'W-r2-n2'],
      ['W-r1-n6', ['p7', 'p10'], 'W-r2-n3'],
      ['W-r1-n8', ['p6', 'p11'], 'W-r2-n4'],
      ['W-r2-n1', ['p1', null], null],
      ['W-r2-n2', [null, null], null],
      ['W-r2-n3', ['p2', null], null],
      ['W-r2-n4', ['p3', null], null],
    ]);
    const placements = computeStagePlacements('SINGLE_ELIMINATION', makeEntrants(13), resultsOf(playBracket(stage, favourite)), cut(4));
    expect(placements.map((p) => [p.participantId, p.placementRange])).toEqual([
      ['p1', '1-4'],
      ['p2', '1-4'],
      ['p3', '1-4'],
      ['p4', '1-4'],
      ['p5', '5-8'],
      ['p6', '5-8'],
      ['p7', '5-8'],
      ['p8', '5-8'],
      ['p9', '9-13'],
      ['p10', '9-13'],
      ['p11', '9-13'],
      ['p12', '9-13'],
      ['p13', '9-13'],
    ]);
  });

  it('plays 64 entrants down to 8: rounds 1-3, 56 matches, 8 matches in the last round', () => {
    const stage = se(makeEntrants(64), cut(8));
    expect(stage.totalRounds).toBe(3);
    expect(stage.matches).toHaveLength(56);
    expect([1, 2, 3].map((r) => stage.matches.filter((m) => m.round === r).length)).toEqual([32, 16, 8]);
    expect(stage.matches.filter((m) => m.next.winner === null).map((m) => m.round)).toEqual(Array.from({ length: 8 }, () => 3));
  });

  it('stops after round 1 when half the bracket qualifies: the seeds a bye put past it qualify without a match', () => {
    const stage = se(makeEntrants(13), cut(8));
    expect(stage.totalRounds).toBe(1);
    expect(stage.matches).toHaveLength(5);
    expect(stage.matches.every((m) => m.round === 1 && m.next.winner === null)).toBe(true);
    // Before any result the bye seeds already hold their place, "1-8".
    expect(computeStagePlacements('SINGLE_ELIMINATION', makeEntrants(13), [], cut(8)).map((p) => [p.participantId, p.placementRange])).toEqual([
      ['p1', '1-8'],
      ['p2', '1-8'],
      ['p3', '1-8'],
    ]);
    const results = resultsOf(playBracket(stage, (a, b) => (seedOf(a) > seedOf(b) ? a : b))); // upsets: the worse seed wins
    expect(selectQualifiers('SINGLE_ELIMINATION', makeEntrants(13), results, cut(8)).map((q) => q.id)).toEqual(['p1', 'p2', 'p3', 'p9', 'p10', 'p11', 'p12', 'p13']);
  });

  it('leaves the stage as it was without the setting, or with it false', () => {
    const whole = se(makeEntrants(16), { advanceCount: 4 });
    expect(whole.matches).toHaveLength(15);
    expect(whole.totalRounds).toBe(4);
    expect(se(makeEntrants(16), { advanceCount: 4, stopAtQualifiers: false })).toEqual(whole);
    const played = resultsOf(playBracket(whole, favourite));
    expect(computeStagePlacements('SINGLE_ELIMINATION', makeEntrants(16), played, { advanceCount: 4 }).slice(0, 4).map((p) => p.placementRange)).toEqual(['1', '2', '3-4', '3-4']);
  });
});

describe('a single elimination that stops at its qualifiers: placements and qualifiers', () => {
  it('shares 1-4 among the unbeaten, who qualify by seed; quarter-final losers 5-8, round-1 losers 9-16', () => {
    const entrants = makeEntrants(16);
    const stage = se(entrants, cut(4));
    // Seed 16 beats seeds 1 and 8, seed 10 beats seed 7; otherwise the better seed wins.
    const upsets = new Set(['p1|p16', 'p8|p16', 'p7|p10']);
    const played = playBracket(stage, (a, b) => (upsets.has([a, b].sort((x, y) => seedOf(x) - seedOf(y)).join('|')) ? (seedOf(a) > seedOf(b) ? a : b) : favourite(a, b)));
    const results = resultsOf(played);
    const placements = computeStagePlacements('SINGLE_ELIMINATION', entrants, results, cut(4));
    const range = new Map(placements.map((p) => [p.participantId, p.placementRange]));
    expect(placements).toHaveLength(16);
    const unbeaten = played.filter((p) => p.match.round === 2).map((p) => p.winnerId);
    expect(unbeaten.sort()).toEqual(['p16', 'p2', 'p3', 'p4'].sort());
    for (const id of unbeaten) expect(range.get(id)).toBe('1-4');
    for (const p of played.filter((m) => m.match.round === 2)) expect(range.get(p.loserId)).toBe('5-8');
    for (const p of played.filter((m) => m.match.round === 1)) expect(range.get(p.loserId)).toBe('9-16');
    // By placement, then seed: the four unbeaten in their seed order.
    expect(selectQualifiers('SINGLE_ELIMINATION', entrants, results, cut(4))).toEqual([
      { id: 'p2', seed: 1 },
      { id: 'p3', seed: 2 },
      { id: 'p4', seed: 3 },
      { id: 'p16', seed: 4 },
    ]);
    // A disqualified qualifier: the best-seeded quarter-final loser takes the place.
    const qfLosers = played.filter((p) => p.match.round === 2).map((p) => p.loserId).sort((a, b) => seedOf(a) - seedOf(b));
    expect(selectQualifiers('SINGLE_ELIMINATION', entrants, results, cut(4), new Set(['p3'])).map((q) => q.id)).toEqual(['p2', 'p4', 'p16', qfLosers[0]]);
    // A later stage's slot map by rank reads the same order.
    const next = slotMapEntrants({ format: 'SINGLE_ELIMINATION', entrants, results, settings: cut(4) }, [{ rank: 1 }, { rank: 4 }, { rank: 2 }, { rank: 3 }], 'ROUND_ROBIN');
    expect(next.map((e) => e.id)).toEqual(['p2', 'p16', 'p3', 'p4']);
  });

  it('places each match of the last round on its own as the stage placements do (live placements)', () => {
    const outcome = { key: 'W-r2-n3', winnerId: 'a', loserId: 'b' };
    expect(singleEliminationMatchPlacements(16, outcome, cut(4))).toEqual([
      { participantId: 'a', placement: 1, placementRange: '1-4' },
      { participantId: 'b', placement: 5, placementRange: '5-8' },
    ]);
    expect(singleEliminationMatchPlacements(16, { key: 'W-r1-n1', winnerId: 'a', loserId: 'b' }, cut(4))).toEqual([{ participantId: 'b', placement: 9, placementRange: '9-16' }]);
    expect(catchDomainError(() => singleEliminationMatchPlacements(16, { key: 'W-r3-n1', winnerId: 'a', loserId: 'b' }, cut(4))).details?.[0]?.path).toBe('result.key');
  });

  it('plays N - A matches and places everyone, the A unbeaten sharing 1..A (N = 3..90, every A, every seed ordering)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 90 }), fc.nat(), fc.constantFrom('inner_outer', 'natural', 'reverse'), fc.integer({ min: 1, max: 2 ** 30 }), (n, pick, seedOrdering, salt) => {
        const choices: number[] = [];
        for (let a = 2; a < n; a *= 2) choices.push(a);
        const a = choices[pick % choices.length] as number;
        const entrants = makeEntrants(n);
        const settings = cut(a, { seedOrdering: seedOrdering as StageSettings['seedOrdering'] });
        const stage = se(entrants, settings);
        expect(stage.matches).toHaveLength(n - a);
        const random = prng(salt);
        const played = playBracket(stage, (x, y) => (random() < 0.5 ? x : y));
        const losers = new Set(played.map((p) => p.loserId));
        const unbeaten = entrants.filter((e) => !losers.has(e.id)).map((e) => e.id);
        expect(unbeaten).toHaveLength(a);
        const placements = computeStagePlacements('SINGLE_ELIMINATION', entrants, resultsOf(played), settings);
        expect(placements).toHaveLength(n);
        expect(placements.slice(0, a).map((p) => p.participantId)).toEqual(unbeaten);
        expect(placements.slice(0, a).every((p) => p.placementRange === `1-${a}`)).toBe(true);
        expect(placements.slice(a).every((p) => p.placement > a)).toBe(true);
        // Each match of the last round places its winner and loser alone exactly as the whole stage does.
        for (const p of played.filter((m) => m.match.next.winner === null)) {
          const live = singleEliminationMatchPlacements(n, { key: p.match.key, winnerId: p.winnerId, loserId: p.loserId }, settings);
          expect(live).toEqual(placements.filter((q) => q.participantId === p.winnerId || q.participantId === p.loserId));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a single elimination that stops at its qualifiers: round names', () => {
  it('names its rounds as in the full bracket: 16 stopping at 4 plays the round of 16 and the quarter-finals', () => {
    const stage = se(makeEntrants(16), cut(4));
    const total = stage.totalRounds + roundsAfterCut(cut(4), 'SINGLE_ELIMINATION');
    expect([1, 2].map((r) => roundName(r, total))).toEqual(['Round of 16', 'Quarter-finals']);
    expect(roundsAfterCut(cut(8), 'SINGLE_ELIMINATION')).toBe(3);
    expect([{}, { advanceCount: 4 }, cut(6), { ...cut(4), stopAtQualifiers: false }].map((s) => roundsAfterCut(s, 'SINGLE_ELIMINATION'))).toEqual([0, 0, 0, 0]);
  });
});

describe('a single elimination that stops at its qualifiers: the plan', () => {
  const plan = (first: { format?: string; settings: StageSettings }, next: { format: string } | null = { format: 'ROUND_ROBIN' }) => [
    { format: first.format ?? 'SINGLE_ELIMINATION', settings: first.settings },
    ...(next === null ? [] : [next]),
  ];
  const issues = (stages: ReturnType<typeof plan>, entrants: number, exact = false) => checkStagePlan(stages, entrants, exact).map((i) => [i.path, i.kind]);

  it('accepts a power of two below the entrants on a single elimination followed by another stage', () => {
    expect(issues(plan({ settings: cut(4) }), 16)).toEqual([]);
    expect(issues(plan({ settings: cut(8) }), 128, true)).toEqual([]);
    expect(issues(plan({ settings: { advanceCount: 4, stopAtQualifiers: false } }, null), 16)).toEqual([['stages[0].settings.advanceCount', 'settings']]);
  });

  it('refuses it elsewhere, with play-offs, without a power of two, or without more entrants than advanceCount', () => {
    const stop = 'stages[0].settings.stopAtQualifiers';
    expect(issues(plan({ settings: { stopAtQualifiers: true } }, null), 16)).toEqual([[stop, 'settings']]);
    expect(issues(plan({ format: 'ROUND_ROBIN', settings: cut(4) }), 16)).toEqual([[stop, 'settings']]);
    expect(issues(plan({ settings: cut(4, { thirdPlaceMatch: true }) }), 16)).toEqual([[stop, 'settings']]);
    expect(issues(plan({ settings: cut(4, { consolation: 'FULL' }) }), 16)).toEqual([[stop, 'settings']]);
    expect(issues(plan({ settings: cut(6) }), 16)).toEqual([[stop, 'settings']]);
    expect(issues(plan({ settings: { stopAtQualifiers: 'yes' } as unknown as StageSettings }), 16)).toEqual([
      [stop, 'settings'],
      ['stages[0].settings.advanceCount', 'settings'],
    ]);
    // maxParticipants 16 can never be cut at 16; at the start 8 players for advanceCount 8 is too few.
    expect(issues(plan({ settings: cut(16) }), 16)).toEqual([[stop, 'settings']]);
    expect(issues(plan({ settings: cut(8) }), 8, true)).toEqual([[stop, 'tooFew']]);
    // A missing advanceCount, or one over the entrants, is named as advanceCount.
    expect(issues(plan({ settings: { stopAtQualifiers: true } }), 16)).toEqual([['stages[0].settings.advanceCount', 'settings']]);
    expect(issues(plan({ settings: cut(32) }), 16)).toEqual([['stages[0].settings.advanceCount', 'settings']]);
    // A slot map of the next stage makes advanceCount optional, not for the cut.
    const mapped = [{ format: 'SINGLE_ELIMINATION', settings: { stopAtQualifiers: true } }, { format: 'ROUND_ROBIN', settings: { slotMap: [{ rank: 1 }, { rank: 2 }] } }];
    expect(issues(mapped, 16)).toEqual([[stop, 'settings']]);
    expect(issues([{ ...mapped[0]!, settings: cut(2) }, mapped[1]!], 16)).toEqual([]);
    const message = checkStagePlan(plan({ settings: cut(4, { thirdPlaceMatch: true }) }), 16, false)[0]?.message;
    expect(message).toMatch(/third-place match/);
  });

  it('lets bestOfByRound name only the rounds played before the cut', () => {
    expect(FORMATS.SINGLE_ELIMINATION.rounds(cut(4), 16)).toEqual({ WINNERS: { first: 1, last: 2 } });
    expect(issues(plan({ settings: cut(4, { bestOfByRound: { '2': 3 } }) }), 16)).toEqual([]);
    expect(issues(plan({ settings: cut(4, { bestOfByRound: { '3': 3 } }) }), 16)).toEqual([['stages[0].settings.bestOfByRound.3', 'settings']]);
  });

  it('refuses in generation a stage that cannot stop at its qualifiers, naming settings.stopAtQualifiers', () => {
    for (const settings of [cut(6), cut(16), cut(4, { consolation: 'THIRD_PLACE' }), { stopAtQualifiers: true }, { advanceCount: 4, stopAtQualifiers: 1 } as unknown as StageSettings]) {
      const error = catchDomainError(() => generateStage('SINGLE_ELIMINATION', makeEntrants(16), settings));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details?.[0]?.path).toBe('settings.stopAtQualifiers');
    }
  });
});
