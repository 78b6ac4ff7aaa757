import { describe, expect, it } from 'vitest';
import {
  BRACKET_KINDS,
  bracketAllowsDraws,
  BRACKETS,
  checkStagePlan,
  formatDefinition,
  FORMATS,
  generateStage,
  isStageFormat,
  STAGE_FORMATS,
  withFormatDefaults,
  type StageFormat,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants } from './helpers/entrants';

describe('FORMATS: the stage-format registry', () => {
  it('lists every format once, in contract order', () => {
    expect(STAGE_FORMATS).toEqual(['SINGLE_ELIMINATION', 'DOUBLE_ELIMINATION', 'ROUND_ROBIN', 'SWISS', 'GROUPS', 'STEPLADDER']);
    expect(isStageFormat('SWISS')).toBe(true);
    expect(isStageFormat('LADDER')).toBe(false);
    expect(isStageFormat('toString')).toBe(false);
    expect(catchDomainError(() => formatDefinition('LADDER')).code).toBe('UNSUPPORTED_FORMAT');
  });

  it.each(STAGE_FORMATS)('%s: traits agree with what the format generates and computes', (format: StageFormat) => {
    const definition = FORMATS[format];
    const entrants = makeEntrants(8);
    const settings = withFormatDefaults(format, format === 'GROUPS' ? { groupCount: 2 } : {});
    const stage = generateStage(format, entrants, settings);
    for (const m of stage.matches) expect(definition.brackets).toContain(m.bracket);
    for (const bracket of definition.brackets) expect(bracketAllowsDraws(bracket)).toBe(definition.traits.drawsAllowed);
    expect(definition.standings !== null).toBe(definition.traits.hasStandings);
    if (definition.standings !== null) expect(definition.standings(entrants, [], settings)).toHaveLength(8);
    expect(stage.matches.some((m) => m.next.winner !== null)).toBe(definition.traits.isElimination);
    expect(definition.livePlacements !== null).toBe(definition.traits.isElimination);
    expect(definition.nextRound !== null).toBe(definition.traits.generatedRoundByRound);
    const qualifiers = definition.qualifierCount({}, { entrants: 8, exact: true, countCertain: true });
    expect(qualifiers.count === null).toBe(definition.traits.requiresAdvanceCount);
  });

  it('gives every bracket a play and view rank, and draws only where a pool format plays', () => {
    expect(BRACKET_KINDS).toEqual(Object.keys(BRACKETS));
    expect(BRACKET_KINDS.filter(bracketAllowsDraws)).toEqual(['ROUND_ROBIN', 'SWISS', 'GROUP']);
    expect(bracketAllowsDraws('NOT_A_BRACKET')).toBe(false);
    const covered = new Set(STAGE_FORMATS.flatMap((f) => FORMATS[f].brackets));
    expect([...covered].sort()).toEqual([...BRACKET_KINDS].sort());
  });

  it('fills in the contract defaults; given settings win; the defaults are never shared', () => {
    expect(withFormatDefaults('SWISS', { pointsForWin: 1 })).toEqual({
      pointsForWin: 1,
      pointsForDraw: 1,
      pointsForLoss: 0,
      tiebreaks: ['POINTS', 'BUCHHOLZ', 'BUCHHOLZ_CUT1', 'SONNEBORN_BERGER'],
      byeTiebreakRule: 'FIDE_2023',
      swissPairingOrder: 'STANDINGS',
      roundIntervalMinutes: 60,
    });
    expect(withFormatDefaults('SINGLE_ELIMINATION')).toEqual({ thirdPlaceMatch: false, seedOrdering: 'inner_outer', roundIntervalMinutes: 60 });
    expect(withFormatDefaults('DOUBLE_ELIMINATION', { roundIntervalMinutes: 0 })).toEqual({
      grandFinal: 'simple',
      seedOrdering: 'inner_outer',
      skipFirstRound: false,
      roundIntervalMinutes: 0,
    });
    const first = withFormatDefaults('ROUND_ROBIN');
    (first.tiebreaks as string[] | undefined)?.reverse();
    expect(withFormatDefaults('ROUND_ROBIN').tiebreaks).toEqual(['POINTS', 'HEAD_TO_HEAD', 'SCORE_DIFFERENCE', 'SCORES_FOR']);
  });
});

describe('checkStagePlan', () => {
  it('accepts a sound plan and stops at the first stage with a problem', () => {
    expect(checkStagePlan([{ format: 'GROUPS', settings: { groupCount: 4 } }, { format: 'SINGLE_ELIMINATION' }], 16, true)).toEqual([]);
    expect(checkStagePlan([{ format: 'SWISS', settings: { advanceCount: 8 } }, { format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } }], 32, true)).toEqual([]);
  });

  it('names advanceCount: required between stages except after groups, refused on the last stage, 2..entrants', () => {
    expect(checkStagePlan([{ format: 'SWISS' }, { format: 'SINGLE_ELIMINATION' }], 16, true)).toEqual([
      { path: 'stages[0].settings.advanceCount', message: 'is required: stage 2 is seeded with this many qualifiers of stage 1', kind: 'settings' },
    ]);
    expect(checkStagePlan([{ format: 'SINGLE_ELIMINATION', settings: { advanceCount: 4 } }], 16, true)).toEqual([
      { path: 'stages[0].settings.advanceCount', message: 'applies only to a stage followed by another stage', kind: 'settings' },
    ]);
    expect(checkStagePlan([{ format: 'ROUND_ROBIN', settings: { advanceCount: 1 } }, { format: 'SWISS' }], 8, true)[0]?.message).toMatch(/at least 2/);
    expect(checkStagePlan([{ format: 'ROUND_ROBIN', settings: { advanceCount: 9 } }, { format: 'SWISS' }], 8, true)[0]).toMatchObject({
      path: 'stages[0].settings.advanceCount',
      kind: 'tooFew',
    });
    expect(checkStagePlan([{ format: 'ROUND_ROBIN', settings: { advanceCount: 9 } }, { format: 'SWISS' }], 8, false)[0]?.kind).toBe('settings');
  });

  it('runs each format check with paths under stages[i]', () => {
    expect(checkStagePlan([{ format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'triple' as 'none' } }], 8, true)[0]?.path).toBe('stages[0].settings.grandFinal');
    expect(checkStagePlan([{ format: 'GROUPS', settings: { groupCount: 5 } }], 8, true)[0]).toMatchObject({ path: 'stages[0].settings.groupCount', kind: 'tooFew' });
    expect(checkStagePlan([{ format: 'GROUPS', settings: { groupCount: 2, qualifiersPerGroup: 3 } }, { format: 'SINGLE_ELIMINATION' }], 4, true)[0]).toMatchObject({
      path: 'stages[0].settings.qualifiersPerGroup',
    });
    expect(checkStagePlan([{ format: 'SWISS', settings: { swissRounds: 9 } }], 8, true)[0]).toMatchObject({ path: 'stages[0].settings.swissRounds', kind: 'tooFew' });
    expect(checkStagePlan([{ format: 'ROUND_ROBIN' }], 3000, true)[0]).toMatchObject({ path: 'stages[0].format', kind: 'tooMany' });
    expect(checkStagePlan([{ format: 'SWISS', settings: { advanceCount: 4 } }, { format: 'ROUND_ROBIN', settings: { tiebreaks: ['POINTS', 'POINTS'] } }], 8, true)[0]?.path).toBe(
      'stages[1].settings.tiebreaks[1]',
    );
    expect(checkStagePlan([{ format: 'LADDER' }], 8, true)[0]?.path).toBe('stages[0].format');
  });
});
