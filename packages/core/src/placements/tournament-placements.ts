import { rangesFromOrder } from './placement-range';
import type { Placement } from './types';

/** One stage of a tournament for the final placements: its placements and who advanced from it. */
export interface StagePlacementsInput {
  placements: readonly Placement[];
  /** Participants seeded into the next stage (empty for the last stage). */
  advanced: readonly string[];
}

/**
 * Final placements of a multi-stage tournament (R7.16): the last stage's placements as they are,
 * then, stage by stage backwards, the participants who did not advance from that stage, after everyone
 * of the later stages and in that stage's placement order, participants sharing a placement there
 * sharing one here (16 in groups, 8 advancing to an elimination: the elimination's 1..8, then the group
 * stage's eliminated as "9-12", "13-16"). Sorted by placement.
 */
export function computeTournamentPlacements(stages: readonly StagePlacementsInput[]): Placement[] {
  if (stages.length === 0) return [];
  const last = stages[stages.length - 1] as StagePlacementsInput;
  const out: Placement[] = [...last.placements];
  let offset = out.length;
  const seen = new Set(out.map((p) => p.participantId));
  for (let s = stages.length - 2; s >= 0; s--) {
    const stage = stages[s] as StagePlacementsInput;
    const advanced = new Set(stage.advanced);
    const rest = stage.placements.filter((p) => !advanced.has(p.participantId) && !seen.has(p.participantId));
    rest.sort((a, b) => a.placement - b.placement);
    const ranked = rangesFromOrder(
      rest.map((p) => p.participantId),
      (i) => (rest[i] as Placement).placement === (rest[i - 1] as Placement).placement,
      offset,
    );
    for (const p of ranked) seen.add(p.participantId);
    out.push(...ranked);
    offset += ranked.length;
  }
  return out.sort((a, b) => a.placement - b.placement);
}
