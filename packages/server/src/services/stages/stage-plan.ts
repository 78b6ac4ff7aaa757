import { checkStagePlan as checkCorePlan, type PlanIssue, type StageSettings } from '@tourney/core';
import { AppError, type ErrorDetail } from '../../errors/app-error';
import { parseStageSettings } from './stage-settings';

export type { PlanIssue } from '@tourney/core';

/** A stage as the plan sees it: its format and settings (stored JSON text or an object). */
export interface PlanStage {
  format: string;
  settings?: string | object | null;
}

function settingsOf(stage: PlanStage): StageSettings {
  if (typeof stage.settings === 'string') return parseStageSettings(stage.settings) as StageSettings;
  return (stage.settings ?? {}) as StageSettings;
}

/**
 * Checks a tournament's stages against a number of entrants (R7.14) with core's `checkStagePlan` (each format's checks
 * from the format registry, then the qualifier counts between stages); stored settings (JSON text) are parsed
 * first. With `exact` false `entrants` is an upper bound (maxParticipants at create time). Returns the issues,
 * paths `stages[i].settings.<field>` (empty when the plan is sound).
 */
export function checkStagePlan(stages: readonly PlanStage[], entrants: number, exact: boolean): PlanIssue[] {
  return checkCorePlan(
    stages.map((stage) => ({ format: stage.format, settings: settingsOf(stage) })),
    entrants,
    exact,
  );
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
 * The error of a plan refused at start for the actual number of entrants (R7.14): 409 NOT_ENOUGH_PARTICIPANTS when
 * the entrant count is what fails (kinds `tooFew`, or `tooMany`: a size cap, R7.18, which create and update already
 * check against maxParticipants, so only a plan stored before that check meets it here), else 409 CONFLICT (a setting
 * no count fixes, stored before its check); details name `stages[i].settings.<field>` or `stages[i].format`.
 */
export function planIssuesAtStart(issues: readonly PlanIssue[], entrants: number): AppError {
  const first = issues[0] as PlanIssue;
  const code = issues.every((i) => i.kind !== 'settings') ? 'NOT_ENOUGH_PARTICIPANTS' : 'CONFLICT';
  return new AppError(code, `the stages cannot be played by ${entrants} participants: ${first.path} ${first.message}`, {
    details: details(issues, ''),
  });
}
