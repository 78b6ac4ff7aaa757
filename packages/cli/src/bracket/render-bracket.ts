import { stageFormatInfo } from '@tourney/sdk';
import { safeData } from '../output/safe-text';
import { humanize } from '../output/text';
import type { BracketView, RoundView, StageView } from './bracket-view';
import { renderRoundList } from './render-list';
import { renderPlacements } from './render-placements';
import { renderStandings } from './render-standings';
import { renderTree } from './render-tree';
import { isWinner, sideName } from './side-text';

/** Options of {@link renderBracket}. */
export interface RenderBracketOptions {
  /** Terminal width in cells; every line fits it (except names of 3 cells or fewer on absurdly narrow widths). */
  width: number;
  /** `tree` draws elimination brackets as trees when they fit, else lists; `list` always lists (default `tree`). */
  layout?: 'tree' | 'list';
}

/**
 * Renders a tournament's bracket for the terminal: per stage, the winners bracket as a tree (rounds as columns,
 * connectors, scores, ✓ after each match winner, champion column) or, when it does not fit `width`, round by round;
 * losers bracket, grand final and the third-place match listed below the tree; round robin, Swiss and group stages
 * round by round followed by their standings table(s); then the placements table. Returns text ending with a newline.
 * Names and other strings are drawn with their control characters neutralised (safeData), so a name can neither break
 * a line nor drive the terminal (R20.7).
 */
export function renderBracket(unsafe: BracketView, options: RenderBracketOptions): string {
  const bracket = safeData(unsafe);
  const sections: string[][] = [];
  const multiStage = bracket.stages.length > 1;
  for (const stage of bracket.stages) {
    const lines: string[] = [];
    if (multiStage) lines.push(`Stage ${stage.stage.number}: ${stage.stage.name} (${humanize(stage.stage.format)})`, '');
    lines.push(...renderStage(stage, options));
    sections.push(lines);
  }
  const placements = renderPlacements(bracket.placements, options.width);
  if (placements.length > 0) sections.push(placements);
  const champion = findChampion(bracket);
  if (champion) sections.push([`Champion: ${champion}`]);
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

function renderStage(stage: StageView, options: RenderBracketOptions): string[] {
  const rounds = stage.rounds.filter((round) => round.matches.length > 0);
  if (rounds.length === 0) return ['(no matches yet)'];
  const format = stageFormatInfo(stage.stage.format);
  if (format?.isElimination !== true) {
    const standings = renderStandings(stage.standings ?? [], options.width);
    return standings.length > 0 ? [...renderRoundList(rounds, options.width), '', ...standings] : renderRoundList(rounds, options.width);
  }
  if (options.layout === 'list') return renderRoundList(rounds, options.width);
  const winners = rounds.filter((round) => round.bracket === 'WINNERS');
  const others = rounds.filter((round) => round.bracket !== 'WINNERS');
  // In double elimination the winners-bracket final decides who reaches the grand final, not the champion.
  const finalLabel = stage.stage.format === 'DOUBLE_ELIMINATION' ? 'To grand final' : 'Champion';
  const tree = renderTree(winners, options.width, { finalLabel });
  if (tree === null) return renderRoundList(rounds, options.width);
  const lines = format.hasLosersBracket ? ['Winners bracket', '', ...tree] : [...tree];
  const losers = others.filter((round) => round.bracket === 'LOSERS');
  const rest = others.filter((round) => round.bracket !== 'LOSERS');
  if (losers.length > 0) lines.push('', 'Losers bracket', '', ...renderRoundList(losers, options.width));
  if (rest.length > 0) lines.push('', ...renderRoundList(rest, options.width));
  return lines;
}

/**
 * The champion's name once the tournament is COMPLETED: the participant placed 1st, else the winner of the last
 * stage's deciding match (the grand final reset when it was played, else the grand final; the winners-bracket final
 * only without a grand final). Null while the tournament is not completed: before the grand final, the winner of
 * the winners bracket is not the champion.
 */
export function findChampion(bracket: BracketView): string | null {
  if (bracket.status !== 'COMPLETED') return null;
  const first = bracket.placements.filter((p) => p.placement === 1);
  if (first.length === 1) return (first[0] as { name: string }).name;
  const last = bracket.stages[bracket.stages.length - 1];
  if (!last || stageFormatInfo(last.stage.format)?.isElimination !== true) return null;
  const final = decidingMatch(last.rounds);
  const side = final?.participants.find((s) => isWinner(final, s));
  return final && side ? sideName(final, side) : null;
}

/** The last match with a winner among the grand-final rounds, else the winners-bracket final. */
function decidingMatch(rounds: readonly RoundView[]) {
  const grand = rounds
    .filter((r) => r.bracket === 'GRAND_FINAL')
    .sort((a, b) => b.round - a.round)
    .flatMap((r) => r.matches)
    .find((m) => m.winnerId !== null);
  if (grand) return grand;
  return rounds.filter((r) => r.bracket === 'WINNERS').sort((a, b) => b.round - a.round)[0]?.matches[0];
}
