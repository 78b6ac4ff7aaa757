import {
  cyclesSetting,
  grandFinalSetting,
  isDomainError,
  pointsSystem,
  resolveTiebreaks,
  ROUND_ROBIN_MAX_ENTRANTS,
  swissFormat,
  type StageFormat,
  type StageSettings,
} from '@tourney/core';
import { AppError, type ErrorDetail } from '../../errors/app-error';
import { parseStageSettings } from './stage-settings';

/**
 * One problem of a stage plan. `path` is relative to the request (`stages[1].settings.advanceCount`); `kind`
 * says whether it is wrong whatever the entrants (`settings`) or only for this many entrants (`tooFew`,
 * `tooMany`).
 */
export interface PlanIssue {
  path: string;
  message: string;
  kind: 'settings' | 'tooFew' | 'tooMany';
}

/** A stage as the plan sees it: its format and settings (stored JSON text or an object). */
export interface PlanStage {
  format: string;
  settings?: string | object | null;
}

function settingsOf(stage: PlanStage): StageSettings {
  if (typeof stage.settings === 'string') return parseStageSettings(stage.settings) as StageSettings;
  return (stage.settings ?? {}) as StageSettings;
}

/** Runs one of core's setting readers, turning its VALIDATION_ERROR details into issues of stage `i`. */
function read(i: number, issues: PlanIssue[], kind: PlanIssue['kind'], fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const details = error.details ?? [{ path: 'settings', message: error.message }];
    for (const d of details) issues.push({ path: d.path.replace(/^settings/, `stages[${i}].settings`), message: d.message, kind });
    return false;
  }
}

/**
 * Checks a tournament's stages against a number of entrants, stage by stage (spec 2.2): the settings core reads
 * for each format (points, tiebreaks, grand final, cycles, Swiss rounds and esports form; types and ranges are
 * the contract's, checked before), group counts (at most
 * N/2 groups, so every group has 2), `qualifiersPerGroup` (at most the smallest group), and `advanceCount`:
 * required on every stage followed by another except GROUPS (default groupCount x qualifiersPerGroup, 2 per
 * group), at least 2, at most the stage's entrants (and, in groups, qualifiersPerGroup x groupCount), and
 * refused on the last stage. Stage 1 has `entrants` entrants, stage i + 1 the qualifiers of stage i.
 * With `exact` false `entrants` is an upper bound (maxParticipants at create time): rules that only fail for
 * fewer entrants are then checked again at start, and a round robin of more than 2048 is only refused then.
 * Returns the issues (empty when the plan is sound); checking stops at the first stage whose qualifier count is
 * unknown.
 */
export function checkStagePlan(stages: readonly PlanStage[], entrants: number, exact: boolean): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const countKind: PlanIssue['kind'] = exact ? 'tooFew' : 'settings';
  let n = entrants;
  for (let i = 0; i < stages.length; i++) {
    const stage = stages[i] as PlanStage;
    const s = settingsOf(stage);
    const at = (field: string) => `stages[${i}].settings.${field}`;
    const before = issues.length;
    const last = i === stages.length - 1;
    const format = stage.format as StageFormat;
    let groupCount = 1;
    let smallest = n;
    switch (format) {
      case 'DOUBLE_ELIMINATION':
        read(i, issues, 'settings', () => grandFinalSetting(s));
        break;
      case 'ROUND_ROBIN':
      case 'GROUPS':
      case 'SWISS':
        read(i, issues, 'settings', () => pointsSystem(s));
        read(i, issues, 'settings', () => resolveTiebreaks(format, s));
        if (format !== 'SWISS') read(i, issues, 'settings', () => cyclesSetting(s));
        break;
    }
    if (format === 'SWISS') read(i, issues, countKind, () => swissFormat(n, s));
    if (format === 'ROUND_ROBIN' && (exact || i > 0) && n > ROUND_ROBIN_MAX_ENTRANTS) {
      issues.push({ path: `stages[${i}].format`, message: `a round robin takes at most ${ROUND_ROBIN_MAX_ENTRANTS} entrants (this stage would have ${n})`, kind: 'tooMany' });
    }
    if (format === 'GROUPS') {
      const maxGroups = Math.max(1, Math.floor(n / 2));
      if (s.groupCount !== undefined && s.groupCount > maxGroups) {
        issues.push({ path: at('groupCount'), message: `must be at most ${maxGroups}: every group needs 2 of the stage's ${n} entrants`, kind: countKind });
      }
      groupCount = Math.min(s.groupCount ?? Math.max(1, Math.ceil(n / 4)), maxGroups);
      smallest = Math.floor(n / groupCount);
      if (Math.ceil(n / groupCount) > ROUND_ROBIN_MAX_ENTRANTS) {
        issues.push({ path: at('groupCount'), message: `gives groups over ${ROUND_ROBIN_MAX_ENTRANTS} entrants`, kind: 'tooMany' });
      }
      if (s.qualifiersPerGroup !== undefined && s.qualifiersPerGroup > smallest) {
        issues.push({ path: at('qualifiersPerGroup'), message: `must be at most ${smallest}, the size of the smallest group`, kind: countKind });
      }
    }
    const advance = s.advanceCount;
    if (last) {
      if (advance !== undefined) issues.push({ path: at('advanceCount'), message: 'applies only to a stage followed by another stage', kind: 'settings' });
      break;
    }
    let next: number | null = advance ?? null;
    if (format === 'GROUPS') {
      const perGroup = s.qualifiersPerGroup ?? (advance === undefined ? Math.min(2, smallest) : Math.min(smallest, Math.ceil(advance / groupCount)));
      const cap = Math.min(perGroup, smallest) * groupCount;
      if (advance !== undefined && advance > cap) {
        issues.push({ path: at('advanceCount'), message: `must be at most ${cap} (qualifiersPerGroup x groupCount)`, kind: countKind });
      }
      next = advance ?? cap;
    } else if (advance === undefined) {
      issues.push({ path: at('advanceCount'), message: `is required: stage ${i + 2} is seeded with this many qualifiers of stage ${i + 1}`, kind: 'settings' });
    }
    if (next !== null && next < 2) {
      issues.push({ path: at('advanceCount'), message: `must be at least 2: stage ${i + 2} needs 2 entrants (this stage would qualify ${next})`, kind: 'settings' });
    } else if (next !== null && next > n) {
      issues.push({ path: at('advanceCount'), message: `must be at most ${n}, the entrants of stage ${i + 1}`, kind: countKind });
    }
    if (next === null || issues.length > before) break;
    n = next;
  }
  return issues;
}

function details(issues: readonly PlanIssue[], prefix: string): ErrorDetail[] {
  return issues.map((issue) => ({ path: `${prefix}${issue.path}`, message: issue.message }));
}

/** 400 VALIDATION_ERROR for a plan refused at create or update, naming `body.stages[i].settings.<field>`. */
export function planIssuesAtCreate(issues: readonly PlanIssue[]): AppError {
  const first = issues[0] as PlanIssue;
  return new AppError('VALIDATION_ERROR', `body.${first.path} ${first.message}`, { details: details(issues, 'body.') });
}

/**
 * The error of a plan refused at start for the actual number of entrants: 409 NOT_ENOUGH_PARTICIPANTS when
 * more entrants would make it work, else 409 CONFLICT; details name `stages[i].settings.<field>`.
 */
export function planIssuesAtStart(issues: readonly PlanIssue[], entrants: number): AppError {
  const first = issues[0] as PlanIssue;
  const code = issues.every((i) => i.kind === 'tooFew') ? 'NOT_ENOUGH_PARTICIPANTS' : 'CONFLICT';
  return new AppError(code, `the stages cannot be played by ${entrants} participants: ${first.path} ${first.message}`, {
    details: details(issues, ''),
  });
}
