import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addStageOptions, settingsFromFlags, type StageFlags } from '../src/commands/stage-options';
import { fieldLabel } from '../src/error-text';

/** Parses `args` with the stage flags of `tournament create` and returns the flags. */
function parse(args: string[]): StageFlags {
  const command = addStageOptions(new Command('create').exitOverride().configureOutput({ writeErr: () => {} }));
  command.parse(args, { from: 'user' });
  return command.opts<StageFlags>();
}

describe('format-option flags (R27.3)', () => {
  it('turns the format-option flags into stage settings and refuses them for other formats', () => {
    const swiss = parse(['--format', 'swiss', '--tiebreaks', 'points,median-buchholz,buchholz-cut2,cumulative-score,koya,head-to-head-mini-league', '--bye-tiebreaks', 'none', '--swiss-pairing', 'seed']);
    expect(settingsFromFlags('SWISS', swiss)).toEqual({
      tiebreaks: ['POINTS', 'MEDIAN_BUCHHOLZ', 'BUCHHOLZ_CUT2', 'CUMULATIVE_SCORE', 'KOYA', 'HEAD_TO_HEAD_MINI_LEAGUE'],
      byeTiebreakRule: 'NONE',
      swissPairingOrder: 'SEED',
    });
    const de = parse(['--format', 'double-elimination', '--seed-ordering', 'inner-outer', '--skip-first-round']);
    expect(settingsFromFlags('DOUBLE_ELIMINATION', de)).toEqual({ seedOrdering: 'inner_outer', skipFirstRound: true });
    expect(settingsFromFlags('SINGLE_ELIMINATION', parse(['--seed-ordering', 'natural', '--consolation', 'full']))).toEqual({ seedOrdering: 'natural', consolation: 'FULL' });
    expect(() => settingsFromFlags('SINGLE_ELIMINATION', parse(['--skip-first-round']))).toThrow(/--skip-first-round does not apply to single elimination/);
    expect(() => settingsFromFlags('ROUND_ROBIN', parse(['--bye-tiebreaks', 'fide-2023']))).toThrow(/--bye-tiebreaks does not apply to round robin/);
    expect(() => parse(['--seed-ordering', 'random'])).toThrow(/expected one of inner_outer, natural, reverse/);
    expect(() => parse(['--tiebreaks', 'points,game-win-percentage,opponent-game-win-percentage'])).not.toThrow();
  });

  it('puts --seeding rating in the settings of any format (R27.10)', () => {
    expect(settingsFromFlags('SWISS', parse(['--format', 'swiss', '--seeding', 'rating', '--swiss-pairing', 'seed']))).toEqual({ seeding: 'RATING', swissPairingOrder: 'SEED' });
    expect(settingsFromFlags('SINGLE_ELIMINATION', parse(['--seeding', 'manual']))).toEqual({ seeding: 'MANUAL' });
    expect(() => parse(['--seeding', 'elo'])).toThrow(/expected one of manual, rating/);
    expect(fieldLabel('body.stages[0].settings.seeding', addStageOptions(new Command('create')))).toBe('--seeding');
  });

  it('names the flag of a refused format option', () => {
    const command = addStageOptions(new Command('create'));
    expect(fieldLabel('body.stages[0].settings.byeTiebreakRule', command)).toBe('--bye-tiebreaks');
    expect(fieldLabel('body.stages[0].settings.swissPairingOrder', command)).toBe('--swiss-pairing');
    expect(fieldLabel('body.stages[0].settings.seedOrdering', command)).toBe('--seed-ordering');
    expect(fieldLabel('body.stages[0].settings.skipFirstRound', command)).toBe('--skip-first-round');
  });
});
