import type { StageSettings } from '../stages/stage-settings';
import { isStageFormat, FORMATS, STAGE_FORMATS } from './formats';
import type { PlanContext, PlanIssue } from './plan-checks';

/** A stage as the plan sees it: its format and settings (contract `StageInput`). */
export interface PlanStage {
  format: string;
  settings?: StageSettings | null;
}

/**
 * Checks a tournament's stages against a number of entrants, stage by stage (R7.14): each format's own
 * checks from the registry (`FORMATS[format].checkPlan`: points, tiebreaks, grand final, cycles, Swiss rounds
 * and esports form, group counts and sizes; types and ranges are the contract's, checked before), then
 * `advanceCount`: required on every stage followed by another unless the format has a default number of
 * qualifiers (`traits.requiresAdvanceCount` false: GROUPS, groupCount x qualifiersPerGroup), at least 2, at
 * most the stage's entrants (and what the format can qualify, `qualifierCount`), and refused on the last stage.
 * Stage 1 has `entrants` entrants, stage i + 1 the qualifiers of stage i. With `exact` false `entrants` is an
 * upper bound (maxParticipants at create time): rules that only fail for fewer entrants are then checked again
 * at start (kind `settings` now, `tooFew` then), and a round robin of more than 2048 is only refused then.
 * Returns the issues with paths `stages[i].settings.<field>` or `stages[i].format` (empty when the plan is
 * sound); checking stops at the first stage whose qualifier count is unknown or that has a problem. Pure.
 */
export function checkStagePlan(stages: readonly PlanStage[], entrants: number, exact: boolean): PlanIssue[] {
  const issues: PlanIssue[] = [];
  let n = entrants;
  for (let i = 0; i < stages.length; i++) {
    const stage = stages[i] as PlanStage;
    const s: StageSettings = stage.settings ?? {};
    const prefix = `stages[${i}].`;
    const at = (field: string) => `${prefix}settings.${field}`;
    const add = (list: readonly PlanIssue[]) => issues.push(...list.map((issue) => ({ ...issue, path: `${prefix}${issue.path}` })));
    const before = issues.length;
    if (!isStageFormat(stage.format)) {
      issues.push({ path: `${prefix}format`, message: `must be one of ${STAGE_FORMATS.join(', ')}`, kind: 'settings' });
      break;
    }
    const definition = FORMATS[stage.format];
    const ctx: PlanContext = { entrants: n, exact, countCertain: exact || i > 0 };
    add(definition.checkPlan(s, ctx));
    const advance = s.advanceCount;
    if (i === stages.length - 1) {
      if (advance !== undefined) issues.push({ path: at('advanceCount'), message: 'applies only to a stage followed by another stage', kind: 'settings' });
      break;
    }
    const qualifiers = definition.qualifierCount(s, ctx);
    add(qualifiers.issues);
    const next = qualifiers.count;
    if (next === null) {
      issues.push({ path: at('advanceCount'), message: `is required: stage ${i + 2} is seeded with this many qualifiers of stage ${i + 1}`, kind: 'settings' });
    } else if (next < 2) {
      issues.push({ path: at('advanceCount'), message: `must be at least 2: stage ${i + 2} needs 2 entrants (this stage would qualify ${next})`, kind: 'settings' });
    } else if (next > n) {
      issues.push({ path: at('advanceCount'), message: `must be at most ${n}, the entrants of stage ${i + 1}`, kind: exact ? 'tooFew' : 'settings' });
    }
    if (next === null || issues.length > before) break;
    n = next;
  }
  return issues;
}
