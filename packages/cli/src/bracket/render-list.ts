import { padEnd, padStart, textWidth, truncate } from '../output/text';
import type { MatchView, RoundView, SideView } from './bracket-view';
import { deciderText, isDecided, isWinner, sideName, sideScore, WINNER_MARK } from './side-text';

const BRACKET_ORDER = ['WINNERS', 'LOSERS', 'GRAND_FINAL', 'THIRD_PLACE', 'CONSOLATION'];

/** Sort key of a bracket kind: elimination brackets in play order, then the rest. */
function bracketRank(bracket: string): number {
  const index = BRACKET_ORDER.indexOf(bracket);
  return index === -1 ? BRACKET_ORDER.length : index;
}

/** Orders rounds for reading: winners, losers, grand final, third place, others; each by round number. */
export function sortRounds(rounds: readonly RoundView[]): RoundView[] {
  return [...rounds].sort((a, b) => bracketRank(a.bracket) - bracketRank(b.bracket) || a.round - b.round);
}

/**
 * Round-by-round listing: the round's name, then one line per match
 * `  3.  alice ✓   2-1   bob` (group matches labelled by group name and number, `B-3`, or `G2-3` without a name; undecided sides "tbd"; unplayed matches "vs"; a
 * grand-final reset closed as NOT_NEEDED says so).
 * Names are shortened with '…' so that every line fits `width` cells.
 */
export function renderRoundList(rounds: readonly RoundView[], width: number): string[] {
  const ordered = sortRounds(rounds);
  const all = ordered.flatMap((round) => round.matches);
  if (all.length === 0) return [];
  const label = (match: MatchView) =>
    match.groupNumber != null ? `${match.groupName ?? `G${match.groupNumber}`}-${match.number}` : `${match.number}.`;
  const display = (match: MatchView, side: SideView | undefined) => {
    const name = sideName(match, side) || 'tbd';
    return isWinner(match, side) ? `${name} ${WINNER_MARK}` : name;
  };
  const labelWidth = Math.max(...all.map((match) => textWidth(label(match))));
  const scoreWidth = Math.max(1, ...all.flatMap((match) => match.participants.map((side) => textWidth(sideScore(match, side, false)))));
  const nameWidth = Math.max(3, ...all.flatMap((match) => match.participants.map((side) => textWidth(display(match, side)))));
  // "  " label "  " name "  " score-score "  " name
  const fixed = 2 + labelWidth + 2 + 2 + (2 * scoreWidth + 1) + 2;
  const W = Math.max(3, Math.min(nameWidth, Math.floor((width - fixed) / 2)));

  const lines: string[] = [];
  for (const round of ordered) {
    if (lines.length > 0) lines.push('');
    lines.push(round.name);
    const matches = [...round.matches].sort((a, b) => (a.groupNumber ?? 0) - (b.groupNumber ?? 0) || a.number - b.number);
    for (const match of matches) {
      if (match.resultType === 'NOT_NEEDED') {
        lines.push(`  ${padEnd(label(match), labelWidth)}  not played: the winners-bracket champion won the grand final`);
        continue;
      }
      const [first, second] = [match.participants[0], match.participants[1]];
      const s1 = sideScore(match, first, false);
      const s2 = sideScore(match, second, false);
      const score =
        s1 !== '' || s2 !== '' || isDecided(match)
          ? `${padStart(s1, scoreWidth)}-${padEnd(s2, scoreWidth)}`
          : padEnd(padStart('vs', scoreWidth + 1), 2 * scoreWidth + 1);
      const line = `  ${padEnd(label(match), labelWidth)}  ${padEnd(display(match, first), W)}  ${score}  ${padEnd(truncate(display(match, second), W), W)}${deciderText(match.decider)}`;
      lines.push(line.trimEnd());
    }
  }
  return lines;
}
