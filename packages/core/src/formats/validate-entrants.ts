import { DomainError, throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import type { Entrant } from './types';

/** Most details listed in one VALIDATION_ERROR about entrants. */
const MAX_DETAILS = 20;

/**
 * Checks a stage's entrants and returns them sorted by seed in a new array (the entries themselves are
 * not copied). Ids must be unique non-empty strings, seeds unique positive safe integers.
 * @throws DomainError NOT_ENOUGH_PARTICIPANTS below `min`; VALIDATION_ERROR (paths `entrants`,
 *   `entrants[i].id`, `entrants[i].seed`) for too many entrants or bad/duplicate ids and seeds.
 */
export function validateEntrants(entrants: readonly Entrant[], min: number, max: number): Entrant[] {
  if (!Array.isArray(entrants)) {
    throw new DomainError('VALIDATION_ERROR', 'entrants must be an array', [
      { path: 'entrants', message: 'must be an array' },
    ]);
  }
  const n = entrants.length;
  if (n < min) {
    throw new DomainError('NOT_ENOUGH_PARTICIPANTS', `At least ${min} entrants are needed (got ${n})`);
  }
  if (n > max) {
    throw new DomainError('VALIDATION_ERROR', `At most ${max} entrants are supported (got ${n})`, [
      { path: 'entrants', message: `must have at most ${max} items` },
    ]);
  }
  const details: DomainErrorDetail[] = [];
  const ids = new Set<string>();
  let sorted = true;
  let previousSeed = 0;
  for (let i = 0; i < n && details.length < MAX_DETAILS; i++) {
    const e = entrants[i] as Entrant;
    if (typeof e !== 'object' || e === null) {
      details.push({ path: `entrants[${i}]`, message: 'must be an object { id, seed }' });
      continue;
    }
    if (typeof e.id !== 'string' || e.id.length === 0) {
      details.push({ path: `entrants[${i}].id`, message: 'must be a non-empty string' });
    } else if (ids.has(e.id)) {
      details.push({ path: `entrants[${i}].id`, message: `duplicate id ${e.id}` });
    } else {
      ids.add(e.id);
    }
    if (!Number.isSafeInteger(e.seed) || e.seed < 1) {
      details.push({ path: `entrants[${i}].seed`, message: 'must be a positive integer' });
    } else {
      if (e.seed <= previousSeed) sorted = false;
      previousSeed = e.seed;
    }
  }
  throwIfInvalid(details, 'entrants');

  const bySeed = sorted ? entrants.slice() : [...entrants].sort((a, b) => a.seed - b.seed);
  if (!sorted) {
    for (let i = 1; i < n; i++) {
      const seed = (bySeed[i] as Entrant).seed;
      if (seed === (bySeed[i - 1] as Entrant).seed) {
        const index = entrants.lastIndexOf(bySeed[i] as Entrant);
        details.push({ path: `entrants[${index}].seed`, message: `duplicate seed ${seed}` });
        if (details.length >= MAX_DETAILS) break;
      }
    }
    throwIfInvalid(details, 'entrants');
  }
  return bySeed;
}
