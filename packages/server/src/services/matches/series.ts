import { bestOfFor, type BestOfSettings, type BracketKind, type Decider, type GameScore } from '@tourney/core';
import type { MatchRow } from '../../db/rows';
import type { MatchDecider, GameScore as ApiGameScore } from '../../contract-types';
import { parseStageSettings } from '../stages/stage-settings';

/**
 * The best-of of a match (R25.1): its stage's `bestOfByRound` for its bracket and round, its bracket or its round,
 * else `bestOf`, else 1 (core `bestOfFor`). `settingsJson` is the stage's stored settings column.
 */
export function bestOfOfRow(row: Pick<MatchRow, 'round' | 'bracket'>, settingsJson: string | null | undefined): number {
  return bestOfFor(parseStageSettings(settingsJson ?? '{}') as BestOfSettings, row.round, row.bracket as BracketKind);
}

/** The series columns of a decided result (R25.2, R25.4): games and decider as JSON, null when absent. */
export function seriesColumns(result: { games?: readonly GameScore[] | undefined; decider?: Decider | undefined }): { games: string | null; decider: string | null } {
  return {
    games: result.games && result.games.length > 0 ? JSON.stringify(result.games) : null,
    decider: result.decider ? JSON.stringify(result.decider) : null,
  };
}

function parseJson(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

/** The `games` column as the API's GameScore list, null when absent or malformed. */
export function parseGames(json: string | null): ApiGameScore[] | null {
  const value = parseJson(json);
  return Array.isArray(value) ? (value as ApiGameScore[]) : null;
}

/** The `decider` column as the API's MatchDecider, null when absent or malformed. */
export function parseDecider(json: string | null): MatchDecider | null {
  const value = parseJson(json);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as MatchDecider) : null;
}

/** The series part of a history entry or event (R25.2, R25.4): `games` and `decider`, each only when present. */
export function seriesData(result: { games?: readonly GameScore[] | null; decider?: Decider | MatchDecider | null }): Record<string, unknown> {
  return { ...(result.games && result.games.length > 0 ? { games: result.games } : {}), ...(result.decider ? { decider: result.decider } : {}) };
}
