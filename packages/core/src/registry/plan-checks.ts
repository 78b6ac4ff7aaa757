import { checkGroupNames, groupCountOf } from '../draw/group-names';
import { isDomainError } from '../errors/domain-error';
import { stageGroupCount } from '../formats/groups';
import { ROUND_ROBIN_MAX_ENTRANTS } from '../formats/round-robin';
import { STEPLADDER_MAX_ENTRANTS } from '../formats/stepladder';
import type { StageFormat } from '../formats/types';
import { byeTiebreakRuleSetting, givenConsolationSetting, cyclesSetting, swissPairingOrderSetting, seedOrderingSetting, skipFirstRoundSetting, grandFinalSetting, pointsSystem, resolveTiebreaks, type StageSettings } from '../stages/stage-settings';
import { qualifierCutProblem } from '../stages/qualifier-cut';
import { swissFormat } from '../swiss/swiss-format';

/**
 * Whether a plan problem holds whatever the entrants (`settings`), or only for this many entrants: more would
 * fix it (`tooFew`) or fewer would (`tooMany`).
 */
export type PlanIssueKind = 'settings' | 'tooFew' | 'tooMany';

/**
 * One problem of a stage plan. `path` names the field: relative to the stage (`settings.groupCount`, `format`)
 * when a format's check returns it, relative to the plan (`stages[1].settings.advanceCount`) from `checkStagePlan`.
 */
export interface PlanIssue {
  path: string;
  message: string;
  kind: PlanIssueKind;
}

/** What a format's plan check knows about the stage. */
export interface PlanContext {
  /** Entrants of the stage: exact, or an upper bound (maxParticipants) for stage 1 before the start. */
  entrants: number;
  /** `entrants` is the real count (at start) rather than an upper bound (at create or update). */
  exact: boolean;
  /** The count is certain: the plan is checked at start, or the stage is seeded by the one before it. */
  countCertain: boolean;
}

/** Kind of a problem that only this many entrants cause: `tooFew` at start, a settings problem before. */
export function countKind(ctx: PlanContext): PlanIssueKind {
  return ctx.exact ? 'tooFew' : 'settings';
}

/** Runs one of core's setting readers, turning its VALIDATION_ERROR details into issues of `kind`. */
function read(issues: PlanIssue[], kind: PlanIssueKind, fn: () => unknown): void {
  try {
    fn();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const details = error.details ?? [{ path: 'settings', message: error.message }];
    for (const d of details) issues.push({ path: d.path, message: d.message, kind });
  }
}

/** Points and standings criteria of a format with standings. */
function checkStandingsSettings(format: StageFormat, s: StageSettings, issues: PlanIssue[]): void {
  read(issues, 'settings', () => pointsSystem(s));
  read(issues, 'settings', () => resolveTiebreaks(format, s));
}

/**
 * Single elimination: `seedOrdering`, `consolation` and a `thirdPlaceMatch` agreeing with it (R27.9), and with
 * `stopAtQualifiers` true an `advanceCount` the stage can stop at, without play-offs (`cutIssues`, R7.20).
 */
export function checkSingleEliminationPlan(s: StageSettings, ctx: PlanContext): PlanIssue[] {
  const issues: PlanIssue[] = [];
  read(issues, 'settings', () => seedOrderingSetting(s));
  read(issues, 'settings', () => givenConsolationSetting(s));
  if (issues.length === 0) issues.push(...cutIssues('SINGLE_ELIMINATION', s, ctx));
  return issues;
}

/**
 * With `stopAtQualifiers` true, what keeps an elimination stage from stopping at its qualifiers (`qualifierCutProblem`,
 * R7.20, R7.21) as an issue at path `settings.stopAtQualifiers`, kind `tooFew` at start when only the count fails. A
 * missing `advanceCount`, or one over the entrants, is left to `checkStagePlan`, which names `advanceCount`.
 */
function cutIssues(format: StageFormat, s: StageSettings, ctx: PlanContext): PlanIssue[] {
  const advance: unknown = s.advanceCount;
  const advanceChecked = advance !== undefined && !(typeof advance === 'number' && advance > ctx.entrants);
  if (s.stopAtQualifiers !== true || !advanceChecked) return [];
  const problem = qualifierCutProblem(s, ctx.entrants, format);
  return problem === null ? [] : [{ path: 'settings.stopAtQualifiers', message: problem.message, kind: problem.byCount ? countKind(ctx) : 'settings' }];
}

/**
 * Double elimination: `grandFinal`, `seedOrdering`, `skipFirstRound`, and with `stopAtQualifiers` true an
 * `advanceCount` the stage can stop at, without a grand final (`cutIssues`, R7.21).
 */
export function checkDoubleEliminationPlan(s: StageSettings, ctx: PlanContext): PlanIssue[] {
  const issues: PlanIssue[] = [];
  read(issues, 'settings', () => grandFinalSetting(s));
  read(issues, 'settings', () => seedOrderingSetting(s));
  read(issues, 'settings', () => skipFirstRoundSetting(s));
  if (issues.length === 0) issues.push(...cutIssues('DOUBLE_ELIMINATION', s, ctx));
  return issues;
}

/**
 * A format's size cap (R7.18) against the stage's entrants (path `format`, kind `tooMany`): checked whether the count
 * is certain or only an upper bound, since a plan the cap refuses at create (maxParticipants as stage 1's entrants,
 * R7.14) would otherwise be refused only at the start, once everyone signed up.
 */
function capIssue(what: string, cap: number, ctx: PlanContext): PlanIssue[] {
  if (ctx.entrants <= cap) return [];
  const count = ctx.countCertain ? `this stage would have ${ctx.entrants}` : `maxParticipants allows ${ctx.entrants} in this stage`;
  return [{ path: 'format', message: `${what} takes at most ${cap} entrants (${count})`, kind: 'tooMany' }];
}

/** Stepladder: at most 256 entrants (path `format`), R27.7, R7.18. */
export function checkStepladderPlan(ctx: PlanContext): PlanIssue[] {
  return capIssue('a stepladder', STEPLADDER_MAX_ENTRANTS, ctx);
}

/** Round robin: points, tiebreaks, cycles, and at most 2048 entrants (path `format`), R7.18. */
export function checkRoundRobinPlan(s: StageSettings, ctx: PlanContext): PlanIssue[] {
  const issues: PlanIssue[] = [];
  checkStandingsSettings('ROUND_ROBIN', s, issues);
  read(issues, 'settings', () => cyclesSetting(s));
  issues.push(...capIssue('a round robin', ROUND_ROBIN_MAX_ENTRANTS, ctx));
  return issues;
}

/** Swiss: points, tiebreaks, and the rounds or esports form for this many entrants (`swissFormat`). */
export function checkSwissPlan(s: StageSettings, ctx: PlanContext): PlanIssue[] {
  const issues: PlanIssue[] = [];
  checkStandingsSettings('SWISS', s, issues);
  read(issues, 'settings', () => byeTiebreakRuleSetting(s));
  read(issues, 'settings', () => swissPairingOrderSetting(s));
  read(issues, countKind(ctx), () => swissFormat(ctx.entrants, s));
  return issues;
}

/** Groups of a group stage of `n` entrants: how many, and the size of the smallest. */
export function groupSizes(s: StageSettings, n: number): { groupCount: number; smallest: number; maxGroups: number } {
  const maxGroups = Math.max(1, Math.floor(n / 2));
  const groupCount = Math.min(groupCountOf(s, n), maxGroups);
  return { groupCount, smallest: Math.floor(n / groupCount), maxGroups };
}

/**
 * Groups: points, tiebreaks, cycles; `groupCount` at most N/2 (every group has 2; without `groupCount`, the
 * number of `groupNames` at most N/2, path `settings.groupNames`, R7.9) and groups of at most 2048;
 * `groupNames` one unique name per group (R23.2); `qualifiersPerGroup` at most the smallest group.
 */
export function checkGroupsPlan(s: StageSettings, ctx: PlanContext): PlanIssue[] {
  const issues: PlanIssue[] = [];
  checkStandingsSettings('GROUPS', s, issues);
  read(issues, 'settings', () => cyclesSetting(s));
  const n = ctx.entrants;
  const { groupCount, smallest, maxGroups } = groupSizes(s, n);
  if (s.groupCount !== undefined && s.groupCount > maxGroups) {
    issues.push({ path: 'settings.groupCount', message: `must be at most ${maxGroups}: every group needs 2 of the stage's ${n} entrants`, kind: countKind(ctx) });
  }
  // Without groupCount, stageGroupCount refuses more groupNames than groups of 2 (path settings.groupNames).
  if (s.groupCount === undefined) read(issues, countKind(ctx), () => stageGroupCount(s, n));
  if (Math.ceil(n / groupCount) > ROUND_ROBIN_MAX_ENTRANTS) {
    issues.push({ path: 'settings.groupCount', message: `gives groups over ${ROUND_ROBIN_MAX_ENTRANTS} entrants`, kind: 'tooMany' });
  }
  if (s.groupNames !== undefined) {
    const issue = checkGroupNames(s.groupNames, s.groupCount ?? null);
    if (issue !== null) issues.push({ path: `settings.${issue.path}`, message: issue.message, kind: 'settings' });
  }
  if (s.qualifiersPerGroup !== undefined && s.qualifiersPerGroup > smallest) {
    issues.push({ path: 'settings.qualifiersPerGroup', message: `must be at most ${smallest}, the size of the smallest group`, kind: countKind(ctx) });
  }
  return issues;
}

/** How many qualifiers a stage followed by another seeds into it; `count` null when `advanceCount` is required and absent. */
export interface QualifierCount {
  count: number | null;
  issues: PlanIssue[];
}

/** Qualifiers of a stage whose format has no default: `advanceCount`. */
export function advanceCountQualifiers(s: StageSettings): QualifierCount {
  return { count: s.advanceCount ?? null, issues: [] };
}

/**
 * Qualifiers of a group stage: `advanceCount`, by default groupCount x qualifiersPerGroup (qualifiersPerGroup
 * default 2, or ceil(advanceCount / groupCount), at most the smallest group); `advanceCount` may not exceed that.
 */
export function groupQualifiers(s: StageSettings, ctx: PlanContext): QualifierCount {
  const { groupCount, smallest } = groupSizes(s, ctx.entrants);
  const advance = s.advanceCount;
  const perGroup = s.qualifiersPerGroup ?? (advance === undefined ? Math.min(2, smallest) : Math.min(smallest, Math.ceil(advance / groupCount)));
  const cap = Math.min(perGroup, smallest) * groupCount;
  const issues: PlanIssue[] = [];
  if (advance !== undefined && advance > cap) {
    issues.push({ path: 'settings.advanceCount', message: `must be at most ${cap} (qualifiersPerGroup x groupCount)`, kind: countKind(ctx) });
  }
  return { count: advance ?? cap, issues };
}
