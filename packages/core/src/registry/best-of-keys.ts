import { isDomainError } from '../errors/domain-error';
import { isBracketKind } from './brackets';
import type { RoundSpan, StageRounds } from './format-rounds';
import type { PlanIssue } from './plan-checks';

/** A `bestOfByRound` key read: a round of every bracket ("3"), a bracket ("GRAND_FINAL"), or both ("WINNERS:3"). */
interface BestOfKey {
  bracket: string | null;
  round: number | null;
}

/** Reads a key of the contract's pattern; null for anything else (the contract refuses it before). */
function parseKey(key: string): BestOfKey | null {
  const match = /^(?:([A-Z_]+)(?::([1-9][0-9]*))?|([1-9][0-9]*))$/.exec(key);
  if (match === null) return null;
  if (match[3] !== undefined) return { bracket: null, round: Number(match[3]) };
  return { bracket: match[1] as string, round: match[2] === undefined ? null : Number(match[2]) };
}

function within(span: RoundSpan | undefined, round: number): boolean {
  return span !== undefined && round >= span.first && round <= span.last;
}

function describe(rounds: StageRounds): string {
  const parts = Object.entries(rounds).map(([bracket, span]) => `${bracket} ${span.first === span.last ? span.first : `${span.first}-${span.last}`}`);
  return parts.join(', ');
}

/**
 * Checks the keys of `settings.bestOfByRound` (R25.1) against the rounds a stage of at most `entrants` entrants can
 * have (`rounds`, the format's `FORMATS[format].rounds`): a round number must be a round of some bracket of the stage,
 * a bracket one the stage has (with its settings: THIRD_PLACE only with a third-place match, CONSOLATION only with
 * FULL, GRAND_FINAL only with a grand final), a bracket and round a round of that bracket. A key naming a round the
 * stage cannot have would be ignored silently. Returns one issue per such key, path
 * `settings.bestOfByRound.<key>`, kind `settings`; none when `rounds` throws (the format's own check names the bad
 * setting) or `bestOfByRound` is not an object (the contract refuses it).
 */
export function checkBestOfByRound(bestOfByRound: unknown, rounds: () => StageRounds, entrants: number): PlanIssue[] {
  if (bestOfByRound === undefined || bestOfByRound === null || typeof bestOfByRound !== 'object' || Array.isArray(bestOfByRound)) return [];
  const keys = Object.keys(bestOfByRound);
  if (keys.length === 0) return [];
  let spans: StageRounds;
  try {
    spans = rounds();
  } catch (error) {
    if (isDomainError(error)) return [];
    throw error;
  }
  const issues: PlanIssue[] = [];
  const of = `up to ${entrants} entrants give ${describe(spans)}`;
  for (const key of keys) {
    const parsed = parseKey(key);
    if (parsed === null) continue;
    const issue = (message: string) => issues.push({ path: `settings.bestOfByRound.${key}`, message, kind: 'settings' });
    if (parsed.bracket === null) {
      const round = parsed.round as number;
      if (!Object.values(spans).some((span) => within(span, round))) issue(`names round ${round}, which the stage cannot have (${of})`);
      continue;
    }
    const span = isBracketKind(parsed.bracket) ? spans[parsed.bracket] : undefined;
    if (span === undefined) {
      issue(`names the bracket ${parsed.bracket}, which the stage does not have (${of})`);
    } else if (parsed.round !== null && !within(span, parsed.round)) {
      issue(`names round ${parsed.round} of ${parsed.bracket}, which the stage cannot have (${of})`);
    }
  }
  return issues;
}
