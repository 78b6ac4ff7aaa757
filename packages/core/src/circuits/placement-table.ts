import { throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import { SINGLE_ELIMINATION_MAX_ENTRANTS } from '../formats/single-elimination';
import type { PlacementBand } from './scoring-types';

/**
 * Largest position a PLACEMENT key may name: every place a stage format can produce (the largest elimination
 * bracket, 65,536 entrants; Swiss and groups hold fewer), R27.4.
 */
export const MAX_PLACEMENT_POSITION = SINGLE_ELIMINATION_MAX_ENTRANTS;

/** Largest number of points one position may award before the multiplier. */
export const MAX_BASE_POINTS = 1_000_000;

const KEY = /^([1-9][0-9]*)(?:-([1-9][0-9]*))?$/;

/** `placements` + `3-4` -> `placements["3-4"]` (the server prefixes it, e.g. `body.scoring.placements["3-4"]`). */
export function placementKeyPath(path: string, key: string): string {
  return `${path}[${JSON.stringify(key)}]`;
}

/**
 * Parses a PLACEMENT table (R9.8: a place "1" or an inclusive range "3-4" mapped to integer points) into bands
 * sorted by position. Every problem is reported with the path of the offending key under `path`:
 * a key that is not `N` or `LOW-HIGH` (1-based, LOW <= HIGH, at most `MAX_PLACEMENT_POSITION`, 65,536), points that are not an integer in
 * 0..1,000,000, and two keys whose positions overlap ("3-4" and "4", "9-16" and "12-20").
 * @throws DomainError VALIDATION_ERROR listing every problem (message names the first).
 */
export function parsePlacementTable(placements: Readonly<Record<string, unknown>>, path = 'placements'): PlacementBand[] {
  const details: DomainErrorDetail[] = [];
  const bands: PlacementBand[] = [];
  const keys = Object.keys(placements);
  if (keys.length === 0) details.push({ path, message: 'must map at least one place to points' });
  for (const key of keys) {
    const at = placementKeyPath(path, key);
    const match = KEY.exec(key);
    if (!match) {
      details.push({ path: at, message: 'must be a place like "1" or a range like "3-4"' });
      continue;
    }
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from > to) {
      details.push({ path: at, message: `range must go from the better place to the worse one ("${to}-${from}")` });
      continue;
    }
    if (to > MAX_PLACEMENT_POSITION) {
      details.push({ path: at, message: `places go up to ${MAX_PLACEMENT_POSITION}` });
      continue;
    }
    const points = placements[key];
    if (typeof points !== 'number' || !Number.isInteger(points) || points < 0 || points > MAX_BASE_POINTS) {
      details.push({ path: at, message: `points must be an integer from 0 to ${MAX_BASE_POINTS}` });
      continue;
    }
    bands.push({ key, from, to, points });
  }
  bands.sort((a, b) => a.from - b.from || a.to - b.to);
  for (let i = 1; i < bands.length; i++) {
    const previous = bands[i - 1] as PlacementBand;
    const band = bands[i] as PlacementBand;
    if (band.from <= previous.to) {
      details.push({ path: placementKeyPath(path, band.key), message: `overlaps "${previous.key}" (place ${band.from} is in both)` });
    }
  }
  throwIfInvalid(details, 'scoring configuration');
  return bands;
}

/** Points of `position` in bands sorted by position (binary search); 0 when no band holds it. */
export function bandPoints(bands: readonly PlacementBand[], position: number): number {
  let low = 0;
  let high = bands.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const band = bands[mid] as PlacementBand;
    if (position < band.from) high = mid - 1;
    else if (position > band.to) low = mid + 1;
    else return band.points;
  }
  return 0;
}
