import { integerSetting, type StageSettings } from '../stages/stage-settings';

/** How a Swiss stage ends: after a fixed number of rounds, or (esports form) when everyone has W wins or L losses. */
export interface SwissFormat {
  mode: 'FIXED' | 'ESPORTS';
  /** Most rounds the stage plays: swissRounds (default ceil(log2 N)) or, in the esports form, W + L - 1. */
  rounds: number;
  /** Esports form: wins that advance a participant (null in FIXED mode). */
  winsToAdvance: number | null;
  /** Esports form: losses that eliminate a participant (null in FIXED mode). */
  lossesToEliminate: number | null;
}

/**
 * Reads the Swiss settings for `n` entrants. The esports form applies when `swissWinsToAdvance` or
 * `swissLossesToEliminate` is set (the other defaults to the same number; each 1..32); its round cap is
 * `swissRounds` or W + L - 1. Otherwise FIXED with `swissRounds` (1..N-1, or 1..N for odd N; default
 * ceil(log2 N)).
 * @throws DomainError VALIDATION_ERROR (paths `settings.swissRounds`, `settings.swissWinsToAdvance`,
 *   `settings.swissLossesToEliminate`).
 */
export function swissFormat(n: number, settings: StageSettings = {}): SwissFormat {
  const maxRounds = Math.max(1, n % 2 === 0 ? n - 1 : n);
  const wins = integerSetting(settings, 'swissWinsToAdvance', 1, 32, null);
  const losses = integerSetting(settings, 'swissLossesToEliminate', 1, 32, null);
  if (wins === null && losses === null) {
    const rounds = integerSetting(settings, 'swissRounds', 1, maxRounds, Math.min(maxRounds, Math.max(1, Math.ceil(Math.log2(n)))));
    return { mode: 'FIXED', rounds, winsToAdvance: null, lossesToEliminate: null };
  }
  const w = wins ?? (losses as number);
  const l = losses ?? w;
  const rounds = integerSetting(settings, 'swissRounds', 1, 64, w + l - 1);
  return { mode: 'ESPORTS', rounds, winsToAdvance: w, lossesToEliminate: l };
}
