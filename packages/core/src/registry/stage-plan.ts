import { isDomainError } from '../errors/domain-error';
import { checkSlotMap, checkSlotSettings } from '../draw/slot-map';
import { resolveSlotMap, slotMapSource } from '../draw/slot-map-qualifiers';
import { CUT_FORMATS, stopAtQualifiersSetting } from '../stages/qualifier-cut';
import type { StageSettings } from '../stages/stage-settings';
import type { StageFormat } from '../formats/types';
import { checkBestOfByRound } from './best-of-keys';
import { isStageFormat, FORMATS, STAGE_FORMATS } from './formats';
import type { PlanContext, PlanIssue } from './plan-checks';

/** A stage as the plan sees it: its format and settings (contract `StageInput`). */
export interface PlanStage {
  format: string;
  settings?: StageSettings | null;
}

/** The most entrants a stage can have (the contract's `maxParticipants` bound): what "more entrants" can reach. */
const LARGEST_FIELD = 4096;

/**
 * Checks a tournament's stages against a number of entrants, stage by stage (R7.14): each format's own
 * checks from the registry (`FORMATS[format].checkPlan`: points, tiebreaks, grand final, cycles, Swiss rounds
 * and esports form, group counts and sizes; types and ranges are the contract's, checked before), then
 * `advanceCount`: required on every stage followed by another unless the format has a default number of
 * qualifiers (`traits.requiresAdvanceCount` false: GROUPS, groupCount x qualifiersPerGroup), at least 2, at
 * most the stage's entrants (and what the format can qualify, `qualifierCount`), and refused on the last stage.
 * Stage 1 has `entrants` entrants, stage i + 1 the qualifiers of stage i. With `exact` false `entrants` is an
 * upper bound (maxParticipants at create time): rules that only fail for fewer entrants are then checked again
 * at start (kind `settings` now, `tooFew` then); size caps (R7.18: a round robin of more than 2048, a stepladder of
 * more than 256, groups over 2048) hold for the bound already (kind `tooMany`), so a plan is never refused at the start
 * for too many entrants when it was accepted at create. The `bestOfByRound` keys are checked against the rounds each
 * bracket can have for the bound (`checkBestOfByRound`, R25.1) only then, never at the start: fewer entrants than
 * planned leave rounds out, which is no error.
 * Returns the issues with paths `stages[i].settings.<field>` or `stages[i].format` (empty when the plan is
 * sound); checking stops at the first stage whose qualifier count is unknown or that has a problem. A stage
 * with a slot map (`slotMap` or `slotMapPreset`, R23.1) takes exactly the qualifiers it names: the map is
 * checked against the stage before (`checkSlotMap`), the stage before's `advanceCount`, when set, must equal
 * its slots, the stage's own settings must let slots 2i-1 and 2i meet in round-1 match i (`checkSlotSettings`:
 * no `skipFirstRound`), and stage 1 may not have one. `stopAtQualifiers` true (R7.20, R7.21) is refused on another format
 * than SINGLE_ELIMINATION or DOUBLE_ELIMINATION and on the last stage (`stopAtQualifiersIssues`). Pure.
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
    add(stopAtQualifiersIssues(stage.format, s, i === stages.length - 1));
    if (!exact) add(checkBestOfByRound(s.bestOfByRound, () => definition.rounds(s, n), n));
    const advance = s.advanceCount;
    if (i === 0 && (s.slotMap !== undefined || s.slotMapPreset !== undefined)) {
      issues.push({ path: at(s.slotMap !== undefined ? 'slotMap' : 'slotMapPreset'), message: 'applies only to a stage after another stage', kind: 'settings' });
      break;
    }
    if (i === stages.length - 1) {
      if (advance !== undefined) issues.push({ path: at('advanceCount'), message: 'applies only to a stage followed by another stage', kind: 'settings' });
      break;
    }
    const qualifiers = definition.qualifierCount(s, ctx);
    const mapped = slotMapCount(stage.format, s, stages[i + 1] as PlanStage, n, exact);
    issues.push(...mapped.issues.map((issue) => ({ ...issue, path: `stages[${i + 1}].${issue.path}` })));
    if (mapped.count !== null && s.advanceCount !== undefined && s.advanceCount !== mapped.count) {
      issues.push({ path: at('advanceCount'), message: `must be ${mapped.count}, the slots of stage ${i + 2}'s slot map (or left out)`, kind: 'settings' });
    }
    if (mapped.count !== null && s.advanceCount === undefined && s.stopAtQualifiers === true) {
      // The cut is read from advanceCount (R7.20): a slot map giving the count does not make it optional here.
      issues.push({ path: at('stopAtQualifiers'), message: `needs advanceCount (${mapped.count}, the slots of stage ${i + 2}'s slot map): the number left unbeaten when the stage stops`, kind: 'settings' });
    }
    if (mapped.count === null) add(qualifiers.issues);
    const next = mapped.count ?? qualifiers.count;
    if (next === null) {
      issues.push({ path: at('advanceCount'), message: `is required: stage ${i + 2} is seeded with this many qualifiers of stage ${i + 1}`, kind: 'settings' });
    } else if (next < 2 && advance === undefined && mapped.count === null) {
      // The count follows from the stage's settings and entrants (groups: groupCount x qualifiersPerGroup): at the
      // start, more entrants fix it when a full field would qualify 2.
      const full = definition.qualifierCount(s, { ...ctx, entrants: LARGEST_FIELD }).count;
      const message = `is not set, and this stage would qualify only ${next} of its ${n} entrants: stage ${i + 2} needs 2`;
      issues.push({ path: at('advanceCount'), message, kind: exact && full !== null && full >= 2 ? 'tooFew' : 'settings' });
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

/**
 * Where `stopAtQualifiers` may be true (R7.20, R7.21): a SINGLE_ELIMINATION or DOUBLE_ELIMINATION stage followed by another (its own conditions
 * are the format's check, `checkSingleEliminationPlan`). Issues at path `settings.stopAtQualifiers`, kind `settings`:
 * a non-boolean, true on another format or on the last stage (nothing follows the cut). False is accepted anywhere.
 */
function stopAtQualifiersIssues(format: StageFormat, s: StageSettings, last: boolean): PlanIssue[] {
  const issue = (message: string): PlanIssue[] => [{ path: 'settings.stopAtQualifiers', message, kind: 'settings' }];
  try {
    if (!stopAtQualifiersSetting(s)) return [];
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return issue(error.details?.[0]?.message ?? error.message);
  }
  if (!CUT_FORMATS.includes(format)) return issue('applies only to a SINGLE_ELIMINATION or DOUBLE_ELIMINATION stage');
  if (last) return issue('applies only to a stage followed by another stage: it stops the stage once the qualifiers for the next one are known');
  return [];
}

/**
 * The qualifiers the slot map of `next` takes from a stage of `format` with `n` entrants (R23.1): `count` null when
 * `next` has no slot map; issues with paths relative to `next` (`settings.slotMap[2].group`, or
 * `settings.skipFirstRound` from `checkSlotSettings`).
 */
function slotMapCount(format: string, s: StageSettings, next: PlanStage, n: number, exact: boolean): { count: number | null; issues: PlanIssue[] } {
  const ns: StageSettings = next.settings ?? {};
  if (ns.slotMap === undefined && ns.slotMapPreset === undefined) return { count: null, issues: [] };
  try {
    const source = slotMapSource(format as StageFormat, s, n);
    const refs = resolveSlotMap(ns, source);
    if (refs === null) return { count: null, issues: [] };
    const countBound = (path: string) => exact && (path.endsWith('.position') || path.endsWith('.rank'));
    const issues = [...checkSlotMap(refs, source), ...checkSlotSettings(next.format as StageFormat, ns, refs.length)].map((issue) => ({
      ...issue,
      kind: (countBound(issue.path) ? 'tooFew' : 'settings') as PlanIssue['kind'],
    }));
    return { count: refs.length, issues };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const details = error.details ?? [{ path: 'settings', message: error.message }];
    return { count: null, issues: details.map((d) => ({ path: d.path, message: d.message, kind: 'settings' as const })) };
  }
}
