import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeStagePlacements,
  eliminatedParticipants,
  generateStage,
  isFinalMatchStatus,
  rewireCorrectedMatch,
  applyAdvancementPatches,
  type BracketMatch,
  type GeneratedMatch,
  type StageFormat,
  type StageSettings,
} from '../src/index';
import { completeInState, expectedSides, readyMatches, resultsOf, survivors, toBracketState, type BracketState } from './helpers/bracket-state';
import { makeEntrants, prng } from './helpers/entrants';

/** A random elimination bracket: format, settings and entrant count. */
const bracketArb = fc.oneof(
  fc.record({ format: fc.constant<StageFormat>('SINGLE_ELIMINATION'), settings: fc.record({ thirdPlaceMatch: fc.boolean() }) }),
  fc.record({
    format: fc.constant<StageFormat>('DOUBLE_ELIMINATION'),
    settings: fc.record({
      grandFinal: fc.constantFrom<'none' | 'simple' | 'double'>('none', 'simple', 'double'),
      seedOrdering: fc.constantFrom<'inner_outer' | 'natural' | 'reverse'>('inner_outer', 'natural', 'reverse'),
      skipFirstRound: fc.boolean(),
    }),
  }),
  fc.record({
    format: fc.constant<StageFormat>('SINGLE_ELIMINATION'),
    settings: fc.record({
      seedOrdering: fc.constantFrom<'natural' | 'reverse' | 'inner_outer'>('natural', 'reverse', 'inner_outer'),
      consolation: fc.constantFrom<'NONE' | 'FULL'>('NONE', 'FULL'),
    }),
  }),
  fc.record({ format: fc.constant<StageFormat>('STEPLADDER'), settings: fc.constant({}) }),
);

interface Run {
  generated: GeneratedMatch[];
  state: BracketState;
  /** Participants eliminated by completions, in order. */
  eliminated: string[];
}

function generate(format: StageFormat, settings: StageSettings, n: number): Run {
  const stage = generateStage(format, makeEntrants(n), settings);
  return { generated: stage.matches, state: toBracketState(stage.matches), eliminated: [] };
}

/** Completes up to `limit` ready matches picked at random, with random winners. */
function play(run: Run, random: () => number, limit = Infinity): Run {
  let { state } = run;
  const eliminated = [...run.eliminated];
  for (let played = 0; played < limit; played++) {
    const ready = readyMatches(state);
    if (ready.length === 0) break;
    const id = ready[Math.floor(random() * ready.length)] as string;
    const step = completeInState(state, id, random() < 0.5 ? 1 : 2);
    state = step.state;
    eliminated.push(...step.eliminated);
  }
  return { ...run, state, eliminated };
}

function sidesOf(state: BracketState): Map<string, readonly [string | null, string | null]> {
  return new Map([...state.values()].map((m) => [m.id, m.participants]));
}

/** The bracket is consistent: sides follow the decided results, and nobody waits in two open matches at once. */
function expectConsistent(run: Run): void {
  expect(sidesOf(run.state)).toEqual(expectedSides(run.generated, run.state));
  const waiting = [...run.state.values()].filter((m) => !isFinalMatchStatus(m.status)).flatMap((m) => m.participants.filter((p) => p !== null));
  expect(new Set(waiting).size).toBe(waiting.length);
}

function expectFinished(run: Run, n: number): void {
  for (const m of run.state.values()) expect(m.status).toBe('COMPLETED');
  const out = eliminatedParticipants(run.state);
  const kept = survivors(run.state);
  expect([...out].filter((id) => kept.has(id))).toEqual([]);
  expect(out.size + kept.size).toBe(n);
}

describe('advancement over random single- and double-elimination brackets', () => {
  it('lets every participant but the champion leave the stage once its last match is decided, placement matches included', () => {
    for (const settings of [{ thirdPlaceMatch: true }, { consolation: 'FULL' as const }]) {
      const run = play(generate('SINGLE_ELIMINATION', settings, 8), prng(7));
      const champion = [...run.state.values()].find((m) => m.bracket === 'WINNERS' && m.next.winner === null)!.winnerId;
      expect(new Set(run.eliminated), JSON.stringify(settings)).toEqual(new Set(makeEntrants(8).map((e) => e.id).filter((id) => id !== champion)));
      const thirdPlace = [...run.state.values()].find((m) => m.bracket !== 'WINNERS' && m.next.winner === null)!;
      expect(run.eliminated).toContain(thirdPlace.winnerId);
    }
  });

  it('applying completion patches until nothing is ready decides every match and eliminates each participant at most once', () => {
    fc.assert(
      fc.property(bracketArb, fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 2 ** 30 }), ({ format, settings }, n, salt) => {
        const run = play(generate(format, settings, n), prng(salt));
        expectConsistent(run);
        expectFinished(run, n);
        expect(new Set(run.eliminated).size).toBe(run.eliminated.length);
        expect(new Set(run.eliminated)).toEqual(eliminatedParticipants(run.state));
        const placements = computeStagePlacements(format, makeEntrants(n), resultsOf(run.state), settings);
        expect(placements).toHaveLength(n);
      }),
      { numRuns: 300 },
    );
  });

  it('a corrected winner keeps the bracket consistent, its inverse restores an unreset bracket, and play still finishes', () => {
    fc.assert(
      fc.property(
        bracketArb,
        fc.integer({ min: 2, max: 32 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ({ format, settings }, n, salt, fraction) => {
          const random = prng(salt);
          const fresh = generate(format, settings, n);
          const total = fresh.state.size;
          const before = play(fresh, random, Math.max(1, Math.ceil(fraction * total)));
          const decided = [...before.state.values()].filter((m) => isFinalMatchStatus(m.status) && m.resultType === 'NORMAL');
          const target = decided[Math.floor(random() * decided.length)] as BracketMatch;

          const flip = (state: BracketState, id: string): { state: BracketState; previous: string | null } => {
            const m = state.get(id) as BracketMatch;
            return { state: new Map(state).set(id, { ...m, winnerId: m.loserId, loserId: m.winnerId }), previous: m.winnerId };
          };
          const corrected = flip(before.state, target.id);
          const rewire = rewireCorrectedMatch(corrected.state, target.id, corrected.previous);
          const after: Run = { ...before, state: applyAdvancementPatches(corrected.state, rewire.patches) };
          expectConsistent(after);
          for (const id of rewire.reset) expect((before.state.get(id) as BracketMatch).status).not.toBe('SCHEDULED');
          // A reset match is SCHEDULED again, except a grand-final reset no longer needed: closed as NOT_NEEDED.
          for (const id of rewire.reset) {
            const m = after.state.get(id) as BracketMatch;
            expect(m.status === 'SCHEDULED' || (m.status === 'COMPLETED' && m.resultType === 'NOT_NEEDED')).toBe(true);
          }

          const undone = flip(after.state, target.id);
          const inverse = rewireCorrectedMatch(undone.state, target.id, undone.previous);
          const restored: Run = { ...after, state: applyAdvancementPatches(undone.state, inverse.patches) };
          expectConsistent(restored);
          if (rewire.reset.length === 0) expect(restored.state).toEqual(before.state);

          const finished = play({ ...after, eliminated: [...eliminatedParticipants(after.state)] }, random);
          expectConsistent(finished);
          expectFinished(finished, n);
          expect(new Set(finished.eliminated).size).toBe(finished.eliminated.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a corrected first grand final opens, fills or closes the reset and the stage still finishes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), fc.integer({ min: 1, max: 2 ** 30 }), fc.boolean(), (n, salt, playReset) => {
        const random = prng(salt);
        const run = generate('DOUBLE_ELIMINATION', { grandFinal: 'double' }, n);
        let state = run.state;
        // Play everything before the grand final, then the grand final and (when needed, if asked) its reset.
        for (;;) {
          const ready = readyMatches(state).filter((id) => !id.startsWith('GF'));
          if (ready.length === 0) break;
          state = completeInState(state, ready[0] as string, random() < 0.5 ? 1 : 2).state;
        }
        state = completeInState(state, 'GF-r1-n1', random() < 0.5 ? 1 : 2).state;
        if (playReset && readyMatches(state).includes('GF-r2-n1')) state = completeInState(state, 'GF-r2-n1', 1).state;
        const first = state.get('GF-r1-n1') as BracketMatch;
        const resetBefore = state.get('GF-r2-n1') as BracketMatch;
        const flipped = new Map(state).set(first.id, { ...first, winnerId: first.loserId, loserId: first.winnerId });
        const rewire = rewireCorrectedMatch(flipped, first.id, first.winnerId);
        const after: Run = { ...run, state: applyAdvancementPatches(flipped, rewire.patches) };
        expectConsistent(after);
        const resetAfter = after.state.get('GF-r2-n1') as BracketMatch;
        if (first.winnerId === first.participants[0]) {
          // The losers-bracket champion wins now: the reset is reopened, both finalists keeping their sides.
          expect(resetBefore.resultType).toBe('NOT_NEEDED');
          expect(resetAfter).toMatchObject({ status: 'SCHEDULED', resultType: null, participants: [first.participants[0], first.participants[1]] });
        } else {
          // The winners-bracket champion wins now: the reset is closed again, without sides.
          expect(resetAfter).toMatchObject({ status: 'COMPLETED', resultType: 'NOT_NEEDED', participants: [null, null] });
          expect(rewire.reset).toEqual(resetBefore.status === 'COMPLETED' ? ['GF-r2-n1'] : []);
        }
        expectFinished(play(after, random), n);
      }),
      { numRuns: 200 },
    );
  });
});
