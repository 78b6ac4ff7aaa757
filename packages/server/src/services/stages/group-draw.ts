import { snakeGroups, type Entrant } from '@tourney/core';

/** Parses the `group_draw` column of a stage (R23.3): groups of participant ids in fixture order; [] for none or malformed. */
export function parseGroupDraw(json: string | null): string[][] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every((g) => Array.isArray(g) && g.every((id) => typeof id === 'string')) ? (value as string[][]) : [];
  } catch {
    return [];
  }
}

/** The groups of a generated group stage from its entrants (stage seeds), split snake-wise as generation did (R7.9). */
export function generatedGroups(entrants: readonly Entrant[], groupCount: number): string[][] {
  return snakeGroups([...entrants].sort((a, b) => a.seed - b.seed), groupCount).map((g) => g.entrants.map((e) => e.id));
}
