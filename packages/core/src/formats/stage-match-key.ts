import type { BracketKind } from './types';

/** Key of the losers-bracket match at (round, number): "L-r{round}-n{number}". */
export function losersMatchKey(round: number, number: number): string {
  return `L-r${round}-n${number}`;
}

/** Key of a grand-final match: round 1 "GF-r1-n1", the reset (round 2) "GF-r2-n1". */
export function grandFinalMatchKey(round: 1 | 2): string {
  return `GF-r${round}-n1`;
}

/** Key of the first grand-final match of a double-elimination stage. */
export const GRAND_FINAL_KEY = 'GF-r1-n1';
/** Key of the grand-final reset match (played only when the losers-bracket champion wins the first). */
export const GRAND_FINAL_RESET_KEY = 'GF-r2-n1';

/** Key of a round-robin match: "RR-r{round}-n{number}". */
export function roundRobinMatchKey(round: number, number: number): string {
  return `RR-r${round}-n${number}`;
}

/** Key of a Swiss match: "S-r{round}-n{number}". */
export function swissMatchKey(round: number, number: number): string {
  return `S-r${round}-n${number}`;
}

/** Key under which a Swiss bye of `round` is reported back as a result: "S-r{round}-bye". */
export function swissByeKey(round: number): string {
  return `S-r${round}-bye`;
}

/** Key of a match of group `group`: "G{group}-r{round}-n{number}". */
export function groupMatchKey(group: number, round: number, number: number): string {
  return `G${group}-r${round}-n${number}`;
}

/** A stage match key decoded: bracket, round, number (0 for a Swiss bye) and group (null outside GROUPS). */
export interface ParsedStageMatchKey {
  bracket: BracketKind;
  round: number;
  number: number;
  group: number | null;
}

const INT = '([1-9]\\d{0,9})';
const STAGE_KEY = new RegExp(`^(W|L|GF|RR|S|G${INT})-r${INT}-(?:n${INT}|(bye))$`);
/** "C{low}-r{round}-n{number}": a play-off of a full consolation bracket (R27.9). */
const CONSOLATION_KEY = new RegExp(`^C${INT}-r${INT}-n${INT}$`);
const PREFIX_BRACKET: Record<string, BracketKind> = {
  W: 'WINNERS',
  L: 'LOSERS',
  GF: 'GRAND_FINAL',
  RR: 'ROUND_ROBIN',
  S: 'SWISS',
};

/**
 * Decodes a match key of any stage format: "W-r2-n3", "L-r4-n1", "GF-r2-n1", "TP", "RR-r5-n2",
 * "S-r3-n7", "S-r3-bye" (number 0), "G2-r1-n1" (group 2), "C5-r3-n1" (a consolation play-off for places
 * from 5; its number is the position within that play-off, which can differ from the match's `number`, counted
 * across every play-off of the round). Returns null for anything else (including a
 * grand-final key with a round other than 1 or 2). Unlike `parseMatchKey` (single elimination only), it
 * knows every bracket kind.
 */
export function parseStageMatchKey(key: string): ParsedStageMatchKey | null {
  if (key === 'TP') return { bracket: 'THIRD_PLACE', round: 0, number: 0, group: null };
  const playOff = CONSOLATION_KEY.exec(key);
  if (playOff !== null) return { bracket: 'CONSOLATION', round: Number(playOff[2]), number: Number(playOff[3]), group: null };
  const m = STAGE_KEY.exec(key);
  if (m === null) return null;
  const prefix = m[1] as string;
  const round = Number(m[3]);
  const isBye = m[5] !== undefined;
  const number = isBye ? 0 : Number(m[4]);
  const group = m[2] === undefined ? null : Number(m[2]);
  const bracket = group === null ? (PREFIX_BRACKET[prefix] as BracketKind) : 'GROUP';
  if (isBye && bracket !== 'SWISS') return null;
  if (bracket === 'GRAND_FINAL' && (round > 2 || number !== 1)) return null;
  return { bracket, round, number, group };
}
