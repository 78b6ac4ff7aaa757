import { describe, expect, it } from 'vitest';
import { checkStagePlan, FORMATS, withFormatDefaults, type StageFormat, type StageSettings } from '../src/index';
import { makeEntrants } from './helpers/entrants';

// What checkStagePlan refuses at create and update (exact false: maxParticipants as stage 1's entrants, R7.14) beyond
// each setting's own range: play-off settings that contradict each other (R27.9), format size caps (R7.18) and
// bestOfByRound keys naming rounds the stage cannot have (R25.1).

const paths = (stages: Parameters<typeof checkStagePlan>[0], entrants: number, exact = false) => checkStagePlan(stages, entrants, exact).map((i) => i.path);

describe('consolation and thirdPlaceMatch (R27.9)', () => {
  it('refuses a thirdPlaceMatch that contradicts consolation, naming thirdPlaceMatch; FULL takes either', () => {
    const se = (settings: StageSettings) => paths([{ format: 'SINGLE_ELIMINATION', settings }], 8);
    expect(se({ consolation: 'NONE', thirdPlaceMatch: true })).toEqual(['stages[0].settings.thirdPlaceMatch']);
    expect(se({ consolation: 'THIRD_PLACE', thirdPlaceMatch: false })).toEqual(['stages[0].settings.thirdPlaceMatch']);
    for (const agreeing of [
      { consolation: 'NONE', thirdPlaceMatch: false },
      { consolation: 'THIRD_PLACE', thirdPlaceMatch: true },
      { consolation: 'FULL', thirdPlaceMatch: false },
      { consolation: 'FULL', thirdPlaceMatch: true },
      { consolation: 'THIRD_PLACE' },
      { thirdPlaceMatch: true },
    ] as StageSettings[]) {
      expect(se(agreeing), JSON.stringify(agreeing)).toEqual([]);
    }
  });

  it('shows the thirdPlaceMatch consolation implies when only consolation is given', () => {
    expect(withFormatDefaults('SINGLE_ELIMINATION', { consolation: 'THIRD_PLACE' })).toMatchObject({ consolation: 'THIRD_PLACE', thirdPlaceMatch: true });
    expect(withFormatDefaults('SINGLE_ELIMINATION', { consolation: 'NONE' })).toMatchObject({ consolation: 'NONE', thirdPlaceMatch: false });
    expect(withFormatDefaults('SINGLE_ELIMINATION', { consolation: 'FULL' })).toMatchObject({ consolation: 'FULL', thirdPlaceMatch: false });
    expect(withFormatDefaults('SINGLE_ELIMINATION', {})).toMatchObject({ thirdPlaceMatch: false });
  });
});

describe('format size caps at create (R7.14, R7.18)', () => {
  it('refuses a stepladder over 256 and a round robin over 2048 with maxParticipants as the bound, naming the format', () => {
    expect(checkStagePlan([{ format: 'STEPLADDER' }], 257, false)).toEqual([
      { path: 'stages[0].format', message: 'a stepladder takes at most 256 entrants (maxParticipants allows 257 in this stage)', kind: 'tooMany' },
    ]);
    expect(paths([{ format: 'STEPLADDER' }], 256)).toEqual([]);
    expect(paths([{ format: 'ROUND_ROBIN' }], 4096)).toEqual(['stages[0].format']);
    expect(paths([{ format: 'ROUND_ROBIN' }], 2048)).toEqual([]);
  });

  it("checks later stages against the qualifiers of the stage before (advanceCount)", () => {
    expect(paths([{ format: 'SWISS', settings: { advanceCount: 300 } }, { format: 'STEPLADDER' }], 4096)).toEqual(['stages[1].format']);
    expect(paths([{ format: 'SWISS', settings: { advanceCount: 256 } }, { format: 'STEPLADDER' }], 4096)).toEqual([]);
    expect(paths([{ format: 'SWISS', settings: { advanceCount: 3000 } }, { format: 'ROUND_ROBIN' }], 4096)).toEqual(['stages[1].format']);
  });
});

describe('bestOfByRound keys (R25.1)', () => {
  const keyIssues = (format: StageFormat, settings: StageSettings, entrants: number, exact = false) =>
    paths([{ format, settings: { ...settings, bestOfByRound: settings.bestOfByRound ?? {} } }], entrants, exact);

  it('refuses a round an 8-player single elimination cannot have, naming the key, and accepts its 3 rounds', () => {
    const issues = checkStagePlan([{ format: 'SINGLE_ELIMINATION', settings: { bestOfByRound: { '9': 3, '3': 5 } } }], 8, false);
    expect(issues).toEqual([{ path: 'stages[0].settings.bestOfByRound.9', message: expect.stringContaining('round 9'), kind: 'settings' }]);
    expect(keyIssues('SINGLE_ELIMINATION', { bestOfByRound: { '1': 3, '2': 3, '3': 5, 'WINNERS:3': 7 } }, 8)).toEqual([]);
    expect(keyIssues('SINGLE_ELIMINATION', { bestOfByRound: { '4': 3 } }, 9)).toEqual([]);
  });

  it('refuses brackets the stage does not have and rounds outside a bracket, per format and settings', () => {
    const cases: [StageFormat, StageSettings, number, string[]][] = [
      ['SINGLE_ELIMINATION', { bestOfByRound: { THIRD_PLACE: 3, SWISS: 3, CONSOLATION: 3 } }, 8, ['THIRD_PLACE', 'SWISS', 'CONSOLATION']],
      ['SINGLE_ELIMINATION', { consolation: 'THIRD_PLACE', bestOfByRound: { THIRD_PLACE: 3, 'THIRD_PLACE:3': 5, 'THIRD_PLACE:4': 5 } }, 8, ['THIRD_PLACE:4']],
      ['SINGLE_ELIMINATION', { consolation: 'FULL', bestOfByRound: { 'CONSOLATION:1': 3, 'CONSOLATION:3': 3 } }, 8, ['CONSOLATION:1']],
      ['DOUBLE_ELIMINATION', { bestOfByRound: { 'GRAND_FINAL:2': 5, 'LOSERS:4': 3, 'LOSERS:5': 3, '4': 3, '5': 3 } }, 8, ['GRAND_FINAL:2', 'LOSERS:5', '5']],
      ['DOUBLE_ELIMINATION', { grandFinal: 'double', bestOfByRound: { GRAND_FINAL: 5, 'GRAND_FINAL:2': 5, 'GRAND_FINAL:3': 5 } }, 8, ['GRAND_FINAL:3']],
      ['DOUBLE_ELIMINATION', { grandFinal: 'none', bestOfByRound: { GRAND_FINAL: 5 } }, 8, ['GRAND_FINAL']],
      ['ROUND_ROBIN', { bestOfByRound: { '7': 3, '8': 3 } }, 8, ['8']],
      ['ROUND_ROBIN', { bestOfByRound: { '7': 3, '8': 3 } }, 7, ['8']],
      ['ROUND_ROBIN', { roundRobinCycles: 2, bestOfByRound: { '14': 3, '15': 3, WINNERS: 3 } }, 8, ['15', 'WINNERS']],
      ['SWISS', { bestOfByRound: { '3': 3, '4': 3 } }, 8, ['4']],
      ['SWISS', { swissRounds: 5, bestOfByRound: { '5': 3, 'SWISS:6': 3 } }, 8, ['SWISS:6']],
      ['SWISS', { swissWinsToAdvance: 3, bestOfByRound: { '5': 3, '6': 3 } }, 16, ['6']],
      ['GROUPS', { groupCount: 2, bestOfByRound: { '3': 3, 'GROUP:4': 3 } }, 8, ['GROUP:4']],
      ['GROUPS', { bestOfByRound: { '3': 3, '4': 3 } }, 64, ['4']],
      ['STEPLADDER', { bestOfByRound: { '4': 5, '5': 5 } }, 5, ['5']],
    ];
    for (const [format, settings, entrants, refused] of cases) {
      expect(keyIssues(format, settings, entrants).sort(), `${format} ${JSON.stringify(settings)} ${entrants}`).toEqual(refused.map((k) => `stages[0].settings.bestOfByRound.${k}`).sort());
    }
  });

  it('checks later stages against their qualifiers, and nothing at the start (fewer entrants leave rounds out)', () => {
    const plan = [
      { format: 'SWISS', settings: { advanceCount: 4 } },
      { format: 'SINGLE_ELIMINATION', settings: { bestOfByRound: { '2': 5, '3': 5 } } },
    ];
    expect(paths(plan, 32)).toEqual(['stages[1].settings.bestOfByRound.3']);
    expect(keyIssues('SINGLE_ELIMINATION', { bestOfByRound: { '3': 5 } }, 8)).toEqual([]);
    expect(keyIssues('SINGLE_ELIMINATION', { bestOfByRound: { '3': 5 } }, 4, true)).toEqual([]);
  });

  it('lets every round generation makes be named: each (bracket, round) of every format lies within its rounds (N = 2..40)', () => {
    const variants: [StageFormat, StageSettings][] = [
      ['SINGLE_ELIMINATION', {}],
      ['SINGLE_ELIMINATION', { consolation: 'THIRD_PLACE' }],
      ['SINGLE_ELIMINATION', { consolation: 'FULL' }],
      ['DOUBLE_ELIMINATION', { grandFinal: 'double' }],
      ['DOUBLE_ELIMINATION', { grandFinal: 'none', skipFirstRound: true }],
      ['ROUND_ROBIN', { roundRobinCycles: 2 }],
      ['GROUPS', {}],
      ['GROUPS', { groupCount: 3 }],
      ['STEPLADDER', {}],
    ];
    for (const [format, settings] of variants) {
      const seen: [string, number][] = [];
      for (let n = 2; n <= 40; n++) {
        if (format === 'GROUPS' && settings.groupCount !== undefined && settings.groupCount > n / 2) continue;
        for (const m of FORMATS[format].generate(makeEntrants(n), settings).matches) seen.push([m.bracket, m.round]);
        const spans = FORMATS[format].rounds(settings, n) as Record<string, { first: number; last: number }>;
        const outside = seen.filter(([bracket, round]) => !spans[bracket] || round < spans[bracket].first || round > spans[bracket].last);
        expect(outside, `${format} ${JSON.stringify(settings)} N = ${n}`).toEqual([]);
      }
    }
  });
});
