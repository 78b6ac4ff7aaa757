import { DomainError } from '../errors/domain-error';
import { generateDoubleElimination, type DoubleEliminationStage } from '../formats/double-elimination';
import { generateGroups, type GroupsStage } from '../formats/groups';
import { generateRoundRobin, type RoundRobinStage } from '../formats/round-robin';
import { generateSingleElimination } from '../formats/single-elimination';
import type { Entrant, GeneratedStage, StageFormat } from '../formats/types';
import { generateSwiss, type SwissStage } from '../swiss/swiss-round';
import { integerSetting, settingsObject, thirdPlaceSetting, type StageSettings } from './stage-settings';

/** A generated single-elimination stage, narrowed to its format. */
export type SingleEliminationStage = GeneratedStage & { format: 'SINGLE_ELIMINATION' };

/** What `generateStage` returns, told apart by `format`. */
export type StageGeneration = SingleEliminationStage | DoubleEliminationStage | RoundRobinStage | SwissStage | GroupsStage;

/** Every stage format. */
export const STAGE_FORMATS: readonly StageFormat[] = ['SINGLE_ELIMINATION', 'DOUBLE_ELIMINATION', 'ROUND_ROBIN', 'SWISS', 'GROUPS'];

/**
 * Generates a stage of any format from its entrants (seeded 1..N by rank) and settings (contract
 * `StageSettings`; fields of other formats are ignored): SINGLE_ELIMINATION (`thirdPlaceMatch`),
 * DOUBLE_ELIMINATION (`grandFinal`), ROUND_ROBIN (`roundRobinCycles`), SWISS (round 1 only; later rounds
 * from `generateSwissRound`), GROUPS (`groupCount`, `roundRobinCycles`). `advanceCount`, when set, must be
 * an integer from 1 to N.
 * @throws DomainError UNSUPPORTED_FORMAT for an unknown format; NOT_ENOUGH_PARTICIPANTS and
 *   VALIDATION_ERROR (paths `entrants...`, `settings.<field>`) as the format's generator.
 */
export function generateStage(format: StageFormat, entrants: readonly Entrant[], settings: StageSettings = {}): StageGeneration {
  const s = settingsObject(settings);
  if (!STAGE_FORMATS.includes(format)) {
    throw new DomainError('UNSUPPORTED_FORMAT', `Unknown stage format ${String(format)}`);
  }
  if (Array.isArray(entrants) && entrants.length >= 1) integerSetting(s, 'advanceCount', 1, entrants.length, null);
  switch (format) {
    case 'SINGLE_ELIMINATION':
      return generateSingleElimination(entrants, { thirdPlaceMatch: thirdPlaceSetting(s) }) as SingleEliminationStage;
    case 'DOUBLE_ELIMINATION':
      return generateDoubleElimination(entrants, s);
    case 'ROUND_ROBIN':
      return generateRoundRobin(entrants, s);
    case 'SWISS':
      return generateSwiss(entrants, s);
    case 'GROUPS':
      return generateGroups(entrants, s);
  }
  throw new DomainError('UNSUPPORTED_FORMAT', `Unknown stage format ${String(format)}`);
}
