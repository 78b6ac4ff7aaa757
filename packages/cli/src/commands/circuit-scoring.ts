import { InvalidArgumentError } from 'commander';
import type { ScoringConfig } from '@tourney/sdk';
import { CliError } from '../errors';

/** The parsed scoring flags of `tourney circuit season create` (exactly one of them). */
export interface ScoringFlags {
  placements?: Record<string, number>;
  linear?: { maxPoints: number; step: number; minPoints?: number };
  exponential?: { maxPoints: number; decay: number };
}

const NUMBER = /^\d+(\.\d+)?$/;

/**
 * Parses `--placements "1=100,2=70,3-4=40"` into a PLACEMENT table (keys are places or ranges, values integer
 * points); the server checks ranges and overlaps. @throws InvalidArgumentError for a malformed entry.
 */
export function parsePlacements(value: string): Record<string, number> {
  const table: Record<string, number> = {};
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^(\d+(?:-\d+)?)\s*[=:]\s*(\d+)$/.exec(entry);
    if (!match) throw new InvalidArgumentError(`expected PLACE=POINTS entries like 1=100,2=70,3-4=40 (got "${entry}")`);
    table[match[1]!] = Number(match[2]);
  }
  if (Object.keys(table).length === 0) throw new InvalidArgumentError('expected at least one PLACE=POINTS entry');
  return table;
}

/** Splits `a:b[:c]` (or with commas) into numbers. @throws InvalidArgumentError */
function numbers(value: string, count: readonly number[], shape: string): number[] {
  const parts = value.split(/[:,]/).map((p) => p.trim());
  if (!count.includes(parts.length) || parts.some((p) => !NUMBER.test(p))) throw new InvalidArgumentError(`expected ${shape}`);
  return parts.map(Number);
}

/** Parses `--linear MAX:STEP[:MIN]`. @throws InvalidArgumentError */
export function parseLinear(value: string): { maxPoints: number; step: number; minPoints?: number } {
  const [maxPoints, step, minPoints] = numbers(value, [2, 3], 'MAX:STEP[:MIN], e.g. 100:10:5') as [number, number, number?];
  return { maxPoints, step, ...(minPoints !== undefined ? { minPoints } : {}) };
}

/** Parses `--exponential MAX:DECAY`. @throws InvalidArgumentError */
export function parseExponential(value: string): { maxPoints: number; decay: number } {
  const [maxPoints, decay] = numbers(value, [2], 'MAX:DECAY, e.g. 100:0.8') as [number, number];
  return { maxPoints, decay };
}

/**
 * The season scoring configuration from exactly one of --placements, --linear, --exponential.
 * @throws CliError MISSING_VALUE without one, INVALID_OPTION with several.
 */
export function scoringFromFlags(flags: ScoringFlags): ScoringConfig {
  const given = (['placements', 'linear', 'exponential'] as const).filter((k) => flags[k] !== undefined);
  if (given.length === 0) throw new CliError('MISSING_VALUE', 'must provide the scoring: --placements, --linear or --exponential');
  if (given.length > 1) throw new CliError('INVALID_OPTION', `choose one scoring: --${given.join(', --')} were given`);
  if (flags.placements !== undefined) return { strategy: 'PLACEMENT', placements: flags.placements };
  if (flags.linear !== undefined) return { strategy: 'LINEAR', ...flags.linear };
  return { strategy: 'EXPONENTIAL', ...(flags.exponential as { maxPoints: number; decay: number }) };
}

/** One-line description of a scoring configuration: `placement 1=100 2=70 3-4=40`, `linear 100 -10/place (min 5)`. */
export function describeScoring(scoring: ScoringConfig): string {
  switch (scoring.strategy) {
    case 'PLACEMENT':
      return `placement ${Object.entries(scoring.placements).map(([k, v]) => `${k}=${v}`).join(' ')}`;
    case 'LINEAR':
      return `linear ${scoring.maxPoints} -${scoring.step}/place (min ${scoring.minPoints ?? 0})`;
    case 'EXPONENTIAL':
      return `exponential ${scoring.maxPoints} x${scoring.decay}/place`;
  }
}
