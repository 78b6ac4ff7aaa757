import { describe, expect, it } from 'vitest';
import { consolationSetting, grandFinalSetting, seedingSetting } from '../src/index';
import { enumSetting, oneOfSetting } from '../src/stages/enum-setting';
import { catchDomainError } from './helpers/domain-error';

const MODES = ['FAST', 'SLOW'] as const;

describe('enumSetting', () => {
  it('returns the given value when it is allowed', () => {
    expect(enumSetting({ pace: 'SLOW' }, 'pace', MODES, 'FAST')).toBe('SLOW');
  });

  it('returns the fallback when the setting is undefined or null', () => {
    expect(enumSetting({}, 'pace', MODES, 'FAST')).toBe('FAST');
    expect(enumSetting({ pace: null }, 'pace', MODES, 'SLOW')).toBe('SLOW');
  });

  it('rejects another value with VALIDATION_ERROR at settings.<field>, listing the allowed values', () => {
    const error = catchDomainError(() => enumSetting({ pace: 'fast' }, 'pace', MODES, 'FAST'));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('settings.pace must be one of FAST, SLOW');
    expect(error.details).toEqual([{ path: 'settings.pace', message: 'must be one of FAST, SLOW' }]);
    expect(() => enumSetting({ pace: 3 }, 'pace', MODES, 'FAST')).toThrow('settings.pace must be one of FAST, SLOW');
  });

  it('oneOfSetting rejects null and undefined (no fallback)', () => {
    expect(oneOfSetting('pace', 'FAST', MODES)).toBe('FAST');
    expect(() => oneOfSetting('pace', null, MODES)).toThrow('settings.pace must be one of FAST, SLOW');
    expect(() => oneOfSetting('pace', undefined, MODES)).toThrow('settings.pace must be one of FAST, SLOW');
  });

  it('keeps the readers built on it as they were: defaults, null and messages', () => {
    expect(grandFinalSetting({})).toBe('simple');
    expect(() => grandFinalSetting({ grandFinal: 'triple' as never })).toThrow('settings.grandFinal must be one of none, simple, double');
    expect(seedingSetting({ seeding: null })).toBe('MANUAL');
    expect(() => seedingSetting({ seeding: 'ELO' })).toThrow('settings.seeding must be one of MANUAL, RATING');
    expect(consolationSetting({ thirdPlaceMatch: true })).toBe('THIRD_PLACE');
    expect(() => consolationSetting({ consolation: null as never })).toThrow('settings.consolation must be one of NONE, THIRD_PLACE, FULL');
  });
});
