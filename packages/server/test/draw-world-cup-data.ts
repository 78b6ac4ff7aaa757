/**
 * The 2022 FIFA World Cup (Qatar) as test data for the draw and slot-map tests (R23.1 to R23.4): the eight
 * groups of the draw in the official order of their positions (A1..A4, ...), all 48 group matches and the
 * knockout results; a knockout match level after extra time carries its penalty shoot-out (R25.4), e.g. the final,
 * Argentina 3-3 France, 4-2 on penalties.
 */

/** The draw: group name -> teams in their drawn positions. */
export const WORLD_CUP_GROUPS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['A', ['Qatar', 'Ecuador', 'Senegal', 'Netherlands']],
  ['B', ['England', 'Iran', 'USA', 'Wales']],
  ['C', ['Argentina', 'Saudi Arabia', 'Mexico', 'Poland']],
  ['D', ['France', 'Australia', 'Denmark', 'Tunisia']],
  ['E', ['Spain', 'Costa Rica', 'Germany', 'Japan']],
  ['F', ['Belgium', 'Canada', 'Morocco', 'Croatia']],
  ['G', ['Brazil', 'Serbia', 'Switzerland', 'Cameroon']],
  ['H', ['Portugal', 'Ghana', 'Uruguay', 'Korea Republic']],
];

/** A result: home team, home goals, away goals, away team, and the penalty shoot-out (home, away) when level. */
export type Result = readonly [string, number, number, string, (readonly [number, number])?];

/** The 48 group matches. */
export const WORLD_CUP_GROUP_RESULTS: readonly Result[] = [
  ['Qatar', 0, 2, 'Ecuador'], ['Senegal', 0, 2, 'Netherlands'], ['Qatar', 1, 3, 'Senegal'],
  ['Netherlands', 1, 1, 'Ecuador'], ['Ecuador', 1, 2, 'Senegal'], ['Netherlands', 2, 0, 'Qatar'],
  ['England', 6, 2, 'Iran'], ['USA', 1, 1, 'Wales'], ['Wales', 0, 2, 'Iran'],
  ['England', 0, 0, 'USA'], ['Wales', 0, 3, 'England'], ['Iran', 0, 1, 'USA'],
  ['Argentina', 1, 2, 'Saudi Arabia'], ['Mexico', 0, 0, 'Poland'], ['Poland', 2, 0, 'Saudi Arabia'],
  ['Argentina', 2, 0, 'Mexico'], ['Poland', 0, 2, 'Argentina'], ['Saudi Arabia', 1, 2, 'Mexico'],
  ['Denmark', 0, 0, 'Tunisia'], ['France', 4, 1, 'Australia'], ['Tunisia', 0, 1, 'Australia'],
  ['France', 2, 1, 'Denmark'], ['Australia', 1, 0, 'Denmark'], ['Tunisia', 1, 0, 'France'],
  ['Germany', 1, 2, 'Japan'], ['Spain', 7, 0, 'Costa Rica'], ['Japan', 0, 1, 'Costa Rica'],
  ['Spain', 1, 1, 'Germany'], ['Japan', 2, 1, 'Spain'], ['Costa Rica', 2, 4, 'Germany'],
  ['Morocco', 0, 0, 'Croatia'], ['Belgium', 1, 0, 'Canada'], ['Belgium', 0, 2, 'Morocco'],
  ['Croatia', 4, 1, 'Canada'], ['Croatia', 0, 0, 'Belgium'], ['Canada', 1, 2, 'Morocco'],
  ['Switzerland', 1, 0, 'Cameroon'], ['Brazil', 2, 0, 'Serbia'], ['Cameroon', 3, 3, 'Serbia'],
  ['Brazil', 1, 0, 'Switzerland'], ['Serbia', 2, 3, 'Switzerland'], ['Cameroon', 1, 0, 'Brazil'],
  ['Uruguay', 0, 0, 'Korea Republic'], ['Portugal', 3, 2, 'Ghana'], ['Korea Republic', 2, 3, 'Ghana'],
  ['Portugal', 2, 0, 'Uruguay'], ['Ghana', 0, 2, 'Uruguay'], ['Korea Republic', 2, 1, 'Portugal'],
];

/** The knockout matches (round of 16, quarter-finals, semi-finals, third place, final). */
export const WORLD_CUP_KNOCKOUT_RESULTS: readonly Result[] = [
  ['Netherlands', 3, 1, 'USA'], ['Argentina', 2, 1, 'Australia'], ['Japan', 1, 1, 'Croatia', [1, 3]], ['Brazil', 4, 1, 'Korea Republic'],
  ['England', 3, 0, 'Senegal'], ['France', 3, 1, 'Poland'], ['Morocco', 0, 0, 'Spain', [3, 0]], ['Portugal', 6, 1, 'Switzerland'],
  ['Netherlands', 2, 2, 'Argentina', [3, 4]], ['Croatia', 1, 1, 'Brazil', [4, 2]], ['England', 1, 2, 'France'], ['Morocco', 1, 0, 'Portugal'],
  ['Argentina', 3, 0, 'Croatia'], ['France', 2, 0, 'Morocco'],
  ['Croatia', 2, 1, 'Morocco'], ['Argentina', 3, 3, 'France', [4, 2]],
];

/** The round of 16 as the cross map pairs it (A1-B2, C1-D2, ...). */
export const WORLD_CUP_ROUND_OF_16: ReadonlyArray<readonly [string, string]> = [
  ['Netherlands', 'USA'], ['Argentina', 'Australia'], ['Japan', 'Croatia'], ['Brazil', 'Korea Republic'],
  ['England', 'Senegal'], ['France', 'Poland'], ['Morocco', 'Spain'], ['Portugal', 'Switzerland'],
];
