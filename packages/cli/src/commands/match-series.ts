import type { Match } from '../api-types';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { canPrompt } from '../prompts/ask';

/** One game (map) of a result body: scores in the match's side order, and its map. */
export interface GameInput {
  scores: [number, number];
  map?: string;
}

/** A decider of a result body (contract MatchDecider). */
export interface DeciderInput {
  kind: 'EXTRA_TIME' | 'PENALTIES' | 'GOLDEN_GOAL' | 'OTHER';
  scores: [number, number];
}

const DECIDER_ALIASES: Readonly<Record<string, DeciderInput['kind']>> = {
  EXTRA_TIME: 'EXTRA_TIME',
  ET: 'EXTRA_TIME',
  AET: 'EXTRA_TIME',
  PENALTIES: 'PENALTIES',
  P: 'PENALTIES',
  PENS: 'PENALTIES',
  GOLDEN_GOAL: 'GOLDEN_GOAL',
  GG: 'GOLDEN_GOAL',
  OTHER: 'OTHER',
};

const PAIR = /^\s*(\d{1,6})\s*[-:]\s*(\d{1,6})\s*$/;

function pair(value: string, flag: string, example: string): [number, number] {
  const match = PAIR.exec(value);
  if (!match) throw new CliError('INVALID_SCORE', `invalid ${flag} "${value}": expected A-B in side order, e.g. ${example}`);
  return [Number(match[1]), Number(match[2])];
}

/**
 * Parses `--games 13-9,7-13,13-11` (each game A-B in the match's side order, optionally `@map`: `13-9@Inferno`),
 * R25.2. @throws CliError INVALID_SCORE naming the game.
 */
export function parseGames(value: string): GameInput[] {
  const parts = value.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length === 0) throw new CliError('INVALID_SCORE', 'invalid --games "": expected A-B per game, e.g. 13-9,7-13,13-11');
  return parts.map((part, i) => {
    const [score, ...map] = part.split('@');
    const scores = pair(score ?? '', `--games (game ${i + 1})`, '13-9');
    const name = map.join('@').trim();
    return name === '' ? { scores } : { scores, map: name };
  });
}

/**
 * Parses `--decider KIND:A-B` (KIND PENALTIES/P, EXTRA_TIME/ET, GOLDEN_GOAL/GG or OTHER; A-B in side order), R25.4.
 * @throws CliError INVALID_DECIDER naming the value.
 */
function parseDecider(value: string): DeciderInput {
  const at = value.indexOf(':');
  const kind = DECIDER_ALIASES[value.slice(0, at).trim().toUpperCase()];
  if (at < 0 || kind === undefined) {
    throw new CliError('INVALID_DECIDER', `invalid --decider "${value}": expected KIND:A-B with KIND one of PENALTIES, EXTRA_TIME, GOLDEN_GOAL, OTHER, e.g. PENALTIES:4-2`);
  }
  return { kind, scores: pair(value.slice(at + 1), '--decider', 'PENALTIES:4-2') };
}

/** The decider of `--decider` or `--penalties A-B` (both given: an error). @throws CliError INVALID_DECIDER. */
export function deciderOf(flags: { decider?: string; penalties?: string }): DeciderInput | undefined {
  if (flags.decider !== undefined && flags.penalties !== undefined) throw new CliError('INVALID_DECIDER', 'give either --decider or --penalties, not both');
  if (flags.penalties !== undefined) return { kind: 'PENALTIES', scores: pair(flags.penalties, '--penalties', '4-2') };
  return flags.decider !== undefined ? parseDecider(flags.decider) : undefined;
}

/** `13-9 Inferno, 7-13 Nuke`: the games of a match in side order; empty without games. */
export function gamesText(games: readonly { scores: readonly number[]; map?: string }[] | null | undefined): string {
  return (games ?? []).map((g) => `${g.scores.join('-')}${g.map ? ` ${g.map}` : ''}`).join(', ');
}

/**
 * Asks for the games of a best-of-N match one by one on a terminal (R25.2): game k's score (A-B in side order) and
 * map, until a side has won (N + 1) / 2 games. @throws CliError MISSING_VALUE without a terminal.
 */
export async function askGames(deps: CliDeps, match: Match): Promise<GameInput[]> {
  if (!canPrompt(deps)) throw new CliError('MISSING_VALUE', 'must provide --games or --score when not running interactively');
  const need = Math.floor(match.bestOf / 2) + 1;
  const [a, b] = [match.participants[0]?.name ?? 'side 1', match.participants[1]?.name ?? 'side 2'];
  const wins: [number, number] = [0, 0];
  const games: GameInput[] = [];
  while (wins[0] < need && wins[1] < need) {
    const answer = await deps.prompter.input({
      message: `game ${games.length + 1} of best-of-${match.bestOf} (${a}-${b}, e.g. 13-9; add @map: 13-9@Inferno)`,
      validate: (value: string) => {
        const [score] = value.split('@');
        const m = PAIR.exec(score ?? '');
        if (!m) return 'expected A-B, e.g. 13-9';
        return m[1] === m[2] ? 'a game of a series needs a winner' : true;
      },
    });
    const [game] = parseGames(answer);
    games.push(game as GameInput);
    wins[(game as GameInput).scores[0] > (game as GameInput).scores[1] ? 0 : 1] += 1;
  }
  return games;
}
