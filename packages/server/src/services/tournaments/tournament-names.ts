import { storedName } from '../stored-name';
import type { StageInput } from '../../contract-types';

/** The named parts of a createTournament or updateTournament body. */
interface NamedInput {
  name?: string;
  stages?: StageInput[];
}

/**
 * The body with the tournament's name and each stage's name trimmed, as participant and team names are (R5.2):
 * a name of spaces only would show as nothing in lists, pages and brackets. Fields left out stay left out.
 * @throws AppError 400 VALIDATION_ERROR naming `body.name` or `body.stages[i].name` when blank after trimming.
 */
export function withTrimmedNames<T extends NamedInput>(input: T): T {
  const out: T = { ...input };
  if (input.name !== undefined) out.name = storedName(input.name, 'body.name');
  if (input.stages !== undefined) out.stages = input.stages.map((s, i) => ({ ...s, name: storedName(s.name, `body.stages[${i}].name`) }));
  return out;
}
