import type { DoubleEliminationStage } from '../formats/double-elimination';
import type { GroupsStage } from '../formats/groups';
import type { RoundRobinStage } from '../formats/round-robin';
import type { StepladderStage } from '../formats/stepladder';
import type { Entrant, GeneratedStage, StageFormat } from '../formats/types';
import { formatDefinition } from '../registry/formats';
import type { SwissStage } from '../swiss/swiss-round';
import { integerSetting, settingsObject, type StageSettings } from './stage-settings';

/** A generated single-elimination stage, narrowed to its format. */
export type SingleEliminationStage = GeneratedStage & { format: 'SINGLE_ELIMINATION' };

/** What `generateStage` returns, told apart by `format`. */
export type StageGeneration = SingleEliminationStage | DoubleEliminationStage | RoundRobinStage | SwissStage | GroupsStage | StepladderStage;

/**
 * Generates a stage of any format from its entrants (seeded 1..N by rank) and settings (contract
 * `StageSettings`; fields of other formats are ignored) by the format's `generate` in the registry:
 * SINGLE_ELIMINATION (`thirdPlaceMatch`), DOUBLE_ELIMINATION (`grandFinal`), ROUND_ROBIN (`roundRobinCycles`),
 * SWISS (round 1 only; later rounds from `generateSwissRound`), GROUPS (`groupCount`, `roundRobinCycles`).
 * `advanceCount`, when set, must be an integer from 1 to N.
 * @throws DomainError UNSUPPORTED_FORMAT for an unknown format; NOT_ENOUGH_PARTICIPANTS and
 *   VALIDATION_ERROR (paths `entrants...`, `settings.<field>`) as the format's generator.
 */
export function generateStage(format: StageFormat, entrants: readonly Entrant[], settings: StageSettings = {}): StageGeneration {
  const s = settingsObject(settings);
  const definition = formatDefinition(format);
  if (Array.isArray(entrants) && entrants.length >= 1) integerSetting(s, 'advanceCount', 1, entrants.length, null);
  return definition.generate(entrants, s);
}
