import type { BracketKind } from './types';

/** Key of the third-place match of a single-elimination stage. */
export const THIRD_PLACE_KEY = 'TP';

/** Key of the winners-bracket match at (round, number): "W-r{round}-n{number}". */
export function winnersMatchKey(round: number, number: number): string {
  return `W-r${round}-n${number}`;
}

/** A match key decoded into its bracket, round and number. */
export interface ParsedMatchKey {
  bracket: BracketKind;
  round: number;
  number: number;
}

const WINNERS_KEY = /^W-r([1-9]\d{0,5})-n([1-9]\d{0,9})$/;

/**
 * Decodes a single-elimination match key ("W-r2-n3" -> WINNERS round 2 number 3; "TP" -> THIRD_PLACE,
 * round and number 0 because they depend on the stage). Returns null for anything else.
 */
export function parseMatchKey(key: string): ParsedMatchKey | null {
  if (key === THIRD_PLACE_KEY) return { bracket: 'THIRD_PLACE', round: 0, number: 0 };
  const m = WINNERS_KEY.exec(key);
  if (m === null) return null;
  return { bracket: 'WINNERS', round: Number(m[1]), number: Number(m[2]) };
}
