import {
  CUT_FORMATS,
  computeStagePlacements,
  computeTournamentPlacements,
  formatDefinition,
  championsStillIn,
  placementsEndedAtCut,
  stopAtQualifiersSetting,
  type Entrant,
  type Placement,
  type StageFormat,
  type StagePlacementsInput,
} from '@tourney/core';
import { countStageEntrants, readStageEntrants } from './stage-entrants';
import { forfeitedParticipantIds } from '../participants/participant-rows';
import { readStageResults } from './stage-results';
import { effectiveSettings } from './stage-settings';
import type { Db } from '../../db/db';
import type { MatchRow, StageRow } from '../../db/rows';

/**
 * A stage's placements from all its results, computed by core (`computeStagePlacements`): elimination formats
 * place the participants knocked out so far (everyone once the stage is complete), round robin, Swiss and groups
 * give the current standings order. Empty for a stage without entrants (not generated). Sorted by placement.
 */
export async function readStagePlacements(db: Db, stage: StageRow, entrants?: readonly Entrant[]): Promise<Placement[]> {
  const list = entrants ?? (await readStageEntrants(db, stage.id));
  if (list.length < 2) return list.map((e) => ({ participantId: e.id, placement: 1, placementRange: '1' }));
  const { results } = await readStageResults(db, stage.id);
  return computeStagePlacements(stage.format as StageFormat, list, results, effectiveSettings(stage.format, stage.settings));
}

/**
 * Placements a just-completed match decides, as the format's `livePlacements` in core's registry says: those of
 * that match alone with the stage's entrants (stepladder), those of that match and the bracket's shape (single
 * elimination: the entrant count only, for its loser, both finalists or the sides of a play-off; double
 * elimination: none for a winners-bracket match, whose loser drops to the losers bracket, so nothing is read; the
 * entrant count for a losers-bracket match or a grand final; every result of the stage for the first match of a
 * double grand final, whose places depend on the winners final), or none (formats whose order is only final
 * with the stage). R7.6, R7.7, R7.16, R27.9.
 */
export async function placementsDecidedBy(db: Db, stage: StageRow, match: MatchRow): Promise<Placement[]> {
  const live = formatDefinition(stage.format).livePlacements;
  if (live === null) return [];
  switch (live.from) {
    case 'MATCH': {
      const entrants = await readStageEntrants(db, stage.id);
      if (entrants.length < 2) return [];
      const outcome = { key: match.key, winnerId: match.winner_id, loserId: match.loser_id };
      return live.compute(entrants, outcome, effectiveSettings(stage.format, stage.settings));
    }
    case 'SHAPE': {
      const settings = effectiveSettings(stage.format, stage.settings);
      const needs = live.needs(match.key, settings);
      if (needs === 'NOTHING') return [];
      if (needs === 'STAGE') return readStagePlacements(db, stage);
      const count = await countStageEntrants(db, stage.id);
      if (count < 2) return [];
      return live.compute(count, { key: match.key, winnerId: match.winner_id, loserId: match.loser_id }, settings);
    }
    default: {
      const unknown: never = live;
      throw new Error(`unknown live placements ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Final placements of a tournament (R7.16) with core's `computeTournamentPlacements`: the last generated
 * stage's placements as they are, then the participants who did not advance from each earlier stage, in that
 * stage's order. Only stages that have entrants count. When the last generated stage stopped at its qualifiers and
 * is complete (R7.20, R7.21: the tournament ended with it, too few were left to fill the next stage), those still in
 * whom the qualification would take come first and its disqualified and withdrawn participants after them (core
 * `placementsEndedAtCut`): they never qualify, so they are no champions (R7.15, R7.12). Nor are they anywhere else
 * while someone is still in: a disqualified or withdrawn holder of place 1 gives it to the best still in (core
 * `championsStillIn`). `stages`: the tournament's stages rows in `number` order (their statuses are not read).
 */
export async function readTournamentPlacements(db: Db, stages: readonly StageRow[]): Promise<Placement[]> {
  const generated: { stage: StageRow; entrants: Entrant[] }[] = [];
  for (const stage of stages) {
    const entrants = await readStageEntrants(db, stage.id);
    if (entrants.length === 0) break;
    generated.push({ stage, entrants });
  }
  const inputs: StagePlacementsInput[] = [];
  let forfeited: Set<string> | undefined;
  for (let i = 0; i < generated.length; i++) {
    const { stage, entrants } = generated[i] as { stage: StageRow; entrants: Entrant[] };
    const next = generated[i + 1];
    let placements = await readStagePlacements(db, stage, entrants);
    const settings = effectiveSettings(stage.format, stage.settings);
    // Complete (every entrant placed) and last generated: the tournament ended with this cut stage.
    if (!next && placements.length === entrants.length && CUT_FORMATS.includes(stage.format as StageFormat) && stopAtQualifiersSetting(settings)) {
      forfeited ??= await forfeitedParticipantIds(db, stage.tournament_id);
      placements = placementsEndedAtCut(placements, forfeited, settings.advanceCount as number);
    }
    inputs.push({ placements, advanced: next ? next.entrants.map((e) => e.id) : [] });
  }
  const placements = computeTournamentPlacements(inputs);
  const tournamentId = stages[0]?.tournament_id;
  if (tournamentId === undefined || !placements.some((p) => p.placement === 1)) return placements;
  return championsStillIn(placements, forfeited ?? (await forfeitedParticipantIds(db, tournamentId)));
}

/**
 * Tournament placements of the participants a non-final stage eliminates (those not in `qualifiers`): after the
 * `qualifiers.length` places the later stages will fill, in this stage's order (core `computeTournamentPlacements`
 * with the qualifiers standing in for the later stages).
 */
export function placementsOfEliminated(stagePlacements: readonly Placement[], qualifiers: readonly string[]): Placement[] {
  const later: Placement[] = qualifiers.map((id, i) => ({ participantId: id, placement: i + 1, placementRange: String(i + 1) }));
  const qualified = new Set(qualifiers);
  return computeTournamentPlacements([
    { placements: stagePlacements, advanced: qualifiers },
    { placements: later, advanced: [] },
  ]).filter((p) => !qualified.has(p.participantId));
}
