import { graphemes, padEnd, padStart, textWidth, truncate } from '../output/text';
import type { MatchView, RoundView, SideView } from './bracket-view';
import { isWinner, sideName, sideScore, WINNER_MARK } from './side-text';

/** Narrowest name column the tree accepts before the caller falls back to a list. */
export const MIN_TREE_NAME_WIDTH = 6;

/** Cells between one column's text and the next: " ─┐" then "─ ". */
const CONNECTOR_WIDTH = 5;
/** Cells of the winner mark after a score: " ✓" or two spaces. */
const MARK_WIDTH = 2;

/**
 * Draws the rounds of one elimination bracket (winners bracket) as a tree: rounds as columns, each match's two sides
 * joined by box-drawing connectors into the slot of the next round, the winner of each match marked with ✓, seeds
 * in the first column, entrants advanced by a bye shown as "bye" in round 1, and the final's winner in a last column
 * headed `options.finalLabel` (default "Champion"; a double-elimination winners bracket says "To grand final").
 *
 * Layout: round r match n occupies a block of 4·2^(r-1) rows; its sides sit at 1/4 and 3/4 of the block and its
 * connector leaves from the middle, which is exactly the row of its slot in round r+1.
 *
 * Returns the lines (without trailing spaces), or null when the rounds are not a complete halving tree (rounds must
 * be 1..R, round r positions within 1..2^(R-r), every position of rounds 2..R held) or when the tree cannot fit `width` cells with names of at least
 * {@link MIN_TREE_NAME_WIDTH} cells (names are shortened with '…' to fit).
 */
export function renderTree(rounds: readonly RoundView[], width: number, options: { finalLabel?: string } = {}): string[] | null {
  const ordered = [...rounds].sort((a, b) => a.round - b.round);
  const totalRounds = ordered.length;
  if (totalRounds === 0 || totalRounds > 12) return null;
  const positions: Map<number, MatchView>[] = [];
  for (let r = 1; r <= totalRounds; r++) {
    const round = ordered[r - 1] as RoundView;
    if (round.round !== r) return null;
    const slots = new Map<number, MatchView>();
    for (const match of round.matches) {
      const valid = Number.isInteger(match.number) && match.number >= 1 && match.number <= 2 ** (totalRounds - r);
      if (!valid || slots.has(match.number)) return null;
      slots.set(match.number, match);
    }
    // Rounds after the first are full in a halving tree (a stepladder's one match per round is not one).
    if (r >= 2 && slots.size !== 2 ** (totalRounds - r)) return null;
    positions.push(slots);
  }
  const matchAt = (r: number, n: number) => positions[r - 1]?.get(n);

  /** The entrant of round-1 position n when that position was a bye: the round-2 side it was placed in. */
  const byeEntrant = (n: number): { match: MatchView; side: SideView } | undefined => {
    if (totalRounds < 2 || matchAt(1, n) !== undefined) return undefined;
    const next = matchAt(2, Math.ceil(n / 2));
    const side = next?.participants[n % 2 === 1 ? 0 : 1];
    return next && side?.participantId ? { match: next, side } : undefined;
  };

  // Measure names, scores and seeds.
  let nameWidth = 4;
  let scoreWidth = 1;
  let seedWidth = 0;
  for (let r = 1; r <= totalRounds; r++) {
    for (const match of positions[r - 1]?.values() ?? []) {
      for (const side of match.participants) {
        nameWidth = Math.max(nameWidth, textWidth(sideName(match, side)));
        scoreWidth = Math.max(scoreWidth, textWidth(sideScore(match, side)));
        if (r === 1 && side.seed != null) seedWidth = Math.max(seedWidth, String(side.seed).length);
      }
    }
  }
  for (let n = 1; n <= 2 ** (totalRounds - 1); n++) {
    const bye = byeEntrant(n);
    if (bye?.side.seed != null) seedWidth = Math.max(seedWidth, String(bye.side.seed).length);
  }
  const seedField = seedWidth > 0 ? seedWidth + 1 : 0;
  const fixed = seedField + totalRounds * (1 + scoreWidth + MARK_WIDTH + CONNECTOR_WIDTH);
  const W = Math.min(nameWidth, Math.floor((width - fixed) / (totalRounds + 1)));
  if (W < Math.min(nameWidth, MIN_TREE_NAME_WIDTH)) return null;

  // Column positions.
  const textWidthOf = (r: number) => (r === 1 ? seedField : 0) + W + 1 + scoreWidth + MARK_WIDTH;
  const columnX: number[] = [0];
  for (let r = 1; r <= totalRounds; r++) columnX.push((columnX[r - 1] as number) + textWidthOf(r) + CONNECTOR_WIDTH);
  const championX = columnX[totalRounds] as number;
  const totalWidth = championX + W;
  const height = 4 * 2 ** (totalRounds - 1) - 1;
  const grid = Array.from({ length: height }, () => new Array<string>(totalWidth).fill(' '));
  const put = (y: number, x: number, text: string) => {
    const row = grid[y];
    if (row) placeCells(row, x, text, totalWidth);
  };

  const seedText = (side: SideView) =>
    seedField === 0 ? '' : `${side.seed != null ? padStart(String(side.seed), seedWidth) : ' '.repeat(seedWidth)} `;
  const sideText = (r: number, match: MatchView, side: SideView | undefined) =>
    (r === 1 && side ? seedText(side) : r === 1 ? ' '.repeat(seedField) : '') +
    padEnd(sideName(match, side), W) +
    ' ' +
    padStart(sideScore(match, side), scoreWidth) +
    (isWinner(match, side) ? ` ${WINNER_MARK}` : '  ');

  for (let r = 1; r <= totalRounds; r++) {
    const x = columnX[r - 1] as number;
    const textEnd = x + textWidthOf(r);
    const corner = textEnd + 2;
    const blockHeight = 4 * 2 ** (r - 1);
    for (let n = 1; n <= 2 ** (totalRounds - r); n++) {
      const start = (n - 1) * blockHeight;
      const top = start + blockHeight / 4 - 1;
      const bottom = start + (3 * blockHeight) / 4 - 1;
      const middle = start + blockHeight / 2 - 1;
      const match = matchAt(r, n);
      if (match) {
        put(top, x, sideText(r, match, match.participants[0]));
        put(bottom, x, sideText(r, match, match.participants[1]));
        put(top, textEnd, ' ─┐');
        put(bottom, textEnd, ' ─┘');
        for (let y = top + 1; y < bottom; y++) put(y, corner, '│');
        put(middle, corner, '├─');
        continue;
      }
      const bye = r === 1 ? byeEntrant(n) : undefined;
      if (bye) {
        put(middle, x, seedText(bye.side) + padEnd(sideName(bye.match, bye.side), W) + ' ' + padEnd('bye', scoreWidth + MARK_WIDTH));
        put(middle, textEnd, ' ───');
      }
    }
  }

  const final = matchAt(totalRounds, 1);
  const championSide = final?.participants.find((side) => isWinner(final, side));
  if (final && championSide) put(2 ** totalRounds - 1, championX, truncate(sideName(final, championSide), W));

  const finalLabel = options.finalLabel ?? 'Champion';
  const header = new Array<string>(Math.max(totalWidth, Math.min(width, championX + textWidth(finalLabel)))).fill(' ');
  const label = (x: number, text: string, room: number) => placeCells(header, x, truncate(text, room), header.length);
  for (let r = 1; r <= totalRounds; r++) {
    label(columnX[r - 1] as number, (ordered[r - 1] as RoundView).name, textWidthOf(r) + CONNECTOR_WIDTH - 2);
  }
  label(championX, finalLabel, Math.max(W, Math.min(textWidth(finalLabel), width - championX)));
  const rows = grid.map((row) => row.join('').trimEnd());
  while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
  return [header.join('').trimEnd(), ...rows];
}

/**
 * Writes `text` into a row of one-cell slots from slot `x` on, stopping at `limit`: each character takes as many
 * slots as terminal cells (a zero-width one joins the slot before), the extra slots of a wide character hold '' so
 * that joining the row keeps columns aligned.
 */
function placeCells(row: string[], x: number, text: string, limit: number): void {
  let at = x;
  for (const g of graphemes(text)) {
    if (g.width === 0) {
      if (at > x) row[at - 1] += g.text; // takes no cell of its own
      continue;
    }
    if (at + g.width > limit) break;
    row[at] = g.text;
    for (let k = 1; k < g.width; k++) row[at + k] = '';
    at += g.width;
  }
}
