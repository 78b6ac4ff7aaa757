import { computeStandings, generateDoubleElimination, generateGroups, type StageMatchResult } from '@tourney/core';
import { describe, expect, it } from 'vitest';
import { playRounds } from '../src/services/brackets/bracket-rows';
import { selectStageQualifiers } from '../src/services/stages/qualifiers';
import { checkStagePlan, planIssuesAtStart } from '../src/services/stages/stage-plan';

const entrants = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));

describe('play rounds', () => {
  it('puts each losers round after the winners round feeding it and the grand finals last (8-player double elimination)', () => {
    const stage = generateDoubleElimination(entrants(8), { grandFinal: 'double' });
    const slots = playRounds(stage.matches);
    const slotOf = (bracket: string, round: number) => [...new Set(stage.matches.filter((m) => m.bracket === bracket && m.round === round).map((m) => slots.get(m.key)))];
    expect([1, 2, 3].map((r) => slotOf('WINNERS', r))).toEqual([[1], [2], [3]]);
    expect([1, 2, 3, 4].map((r) => slotOf('LOSERS', r))).toEqual([[2], [3], [4], [5]]);
    expect([slotOf('GRAND_FINAL', 1), slotOf('GRAND_FINAL', 2)]).toEqual([[6], [7]]);
  });
});

describe('qualifiers without disqualified participants', () => {
  const eight = entrants(8);
  const groups = generateGroups(eight, { groupCount: 2 });
  // The better seed wins every group match 2-0.
  const results: StageMatchResult[] = groups.matches.map((m) => {
    const [a, b] = m.participants as [string, string];
    const aWins = Number(a.slice(1)) < Number(b.slice(1));
    return { key: m.key, participants: [a, b], winnerId: aWins ? a : b, scores: aWins ? [2, 0] : [0, 2] };
  });

  it('matches core when nobody is excluded, and promotes the next of the same group otherwise', () => {
    const plain = selectStageQualifiers('GROUPS', eight, results, { groupCount: 2 }, new Set());
    // Group winners p1 (group 1) and p2 (group 2) first, then runners-up p4 (group 1) and p3 (group 2): seed 1 meets
    // seed 4 and 2 meets 3, so each winner meets the other group's runner-up.
    expect(plain.map((e) => e.id)).toEqual(['p1', 'p2', 'p4', 'p3']);
    const rows = computeStandings('GROUPS', eight, results, { groupCount: 2 });
    expect(rows.filter((r) => r.group === 1).map((r) => r.participantId)).toEqual(['p1', 'p4', 'p5', 'p8']);
    // Group 1's winner is out: its runner-up p4 now heads the group and p5 is its runner-up; the winners' tier orders
    // p2 (3 points a match) before p4 (2), the runners-up tier p3 (2) before p5 (1).
    const without = selectStageQualifiers('GROUPS', eight, results, { groupCount: 2 }, new Set(['p1']));
    expect(without.map((e) => e.id)).toEqual(['p2', 'p4', 'p3', 'p5']);
    expect(without.map((e) => e.seed)).toEqual([1, 2, 3, 4]);
  });

  it('takes the next best of the standings in other formats, keeping the count', () => {
    const rrResults = results.map((r, i) => ({ ...r, key: `RR-r1-n${i + 1}` }));
    const ranked = computeStandings('ROUND_ROBIN', eight, rrResults, {}).map((r) => r.participantId);
    const rr = selectStageQualifiers('ROUND_ROBIN', eight, rrResults, { advanceCount: 3 }, new Set([ranked[1]!]));
    // The second is out: the first, the third and the fourth of the standings go through, re-seeded 1..3 in that order.
    expect(rr.map((e) => e.id)).toEqual([ranked[0], ranked[2], ranked[3]]);
    expect(rr.map((e) => e.seed)).toEqual([1, 2, 3]);
  });
});

describe('stage plan', () => {
  it('follows the qualifier count from stage to stage and stops at the first stage it cannot size', () => {
    const stages = [
      { format: 'GROUPS', settings: { groupCount: 4 } },
      { format: 'SWISS', settings: { advanceCount: 4 } },
      { format: 'DOUBLE_ELIMINATION', settings: '{"grandFinal":"double"}' },
    ];
    expect(checkStagePlan(stages, 16, true)).toEqual([]);
    expect(checkStagePlan(stages, 6, true)).toEqual([
      { path: 'stages[0].settings.groupCount', message: "must be at most 3: every group needs 2 of the stage's 6 entrants", kind: 'tooFew' },
    ]);
    expect(checkStagePlan([{ format: 'SINGLE_ELIMINATION' }, { format: 'ROUND_ROBIN', settings: { advanceCount: 2 } }, { format: 'SWISS' }], 8, false)).toEqual([
      expect.objectContaining({ path: 'stages[0].settings.advanceCount', kind: 'settings' }),
    ]);
  });
});

describe('a plan refused at the start', () => {
  it('is 409 NOT_ENOUGH_PARTICIPANTS when the entrant count fails it (too few, or a size cap of a plan stored before create checked it), CONFLICT otherwise', () => {
    const tooMany = planIssuesAtStart(checkStagePlan([{ format: 'STEPLADDER' }], 300, true), 300);
    expect([tooMany.code, tooMany.details]).toEqual(['NOT_ENOUGH_PARTICIPANTS', [{ path: 'stages[0].format', message: expect.stringContaining('at most 256') }]]);
    expect(planIssuesAtStart(checkStagePlan([{ format: 'SWISS', settings: { swissRounds: 9 } }], 8, true), 8).code).toBe('NOT_ENOUGH_PARTICIPANTS');
    expect(planIssuesAtStart([{ path: 'stages[0].settings.grandFinal', message: 'must be one of none, simple, double', kind: 'settings' }], 8).code).toBe('CONFLICT');
  });
});
