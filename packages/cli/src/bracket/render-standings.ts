import { padEnd, padStart, textWidth } from '../output/text';
import type { StandingView } from './bracket-view';

/** Marks of an esports-form Swiss status. */
const STATUS_MARK: Readonly<Record<string, string>> = { ADVANCED: 'advanced', ELIMINATED: 'out' };

/** A number as shown in a table: integers as is, fractions (chess points) with up to 2 decimals. */
function num(value: number | undefined): string {
  if (value === undefined) return '';
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/**
 * Standings of a round-robin, Swiss or group stage as a table, one per group (`Group 2 standings`), else
 * `Standings`: rank, name, played, wins, draws, losses, scores for-against, points, and the esports-form Swiss
 * status ("advanced", "out"). Names are shortened with '…' so every line fits `width` cells. Empty when there are
 * no rows.
 */
export function renderStandings(rows: readonly StandingView[], width: number): string[] {
  if (rows.length === 0) return [];
  const groups = [...new Set(rows.map((r) => r.group ?? null))];
  const cells = rows.map((r) => ({
    rank: `${r.rank}.`,
    played: num(r.played),
    wins: num(r.wins),
    draws: num(r.draws),
    losses: num(r.losses),
    scores: r.scoreFor === undefined || r.scoreAgainst === undefined ? '' : `${r.scoreFor}-${r.scoreAgainst}`,
    points: num(r.points),
    status: r.status ? (STATUS_MARK[r.status] ?? '') : '',
  }));
  const w = (key: keyof (typeof cells)[number], header: string) => Math.max(textWidth(header), ...cells.map((c) => textWidth(c[key])));
  const widths = {
    rank: w('rank', '#'),
    played: w('played', 'P'),
    wins: w('wins', 'W'),
    draws: w('draws', 'D'),
    losses: w('losses', 'L'),
    scores: w('scores', '+/-'),
    points: w('points', 'Pts'),
  };
  const hasStatus = cells.some((c) => c.status !== '');
  const fixed =
    2 + widths.rank + 2 + 2 + widths.played + 1 + widths.wins + 1 + widths.draws + 1 + widths.losses + 2 + widths.scores + 2 + widths.points + (hasStatus ? 2 + 8 : 0);
  const nameWidth = Math.max(3, Math.min(Math.max(4, ...rows.map((r) => textWidth(r.name))), width - fixed));
  const line = (c: Omit<(typeof cells)[number], 'status'>, name: string, status: string) =>
    (
      `  ${padStart(c.rank, widths.rank)}  ${padEnd(name, nameWidth)}  ${padStart(c.played, widths.played)} ${padStart(c.wins, widths.wins)} ` +
      `${padStart(c.draws, widths.draws)} ${padStart(c.losses, widths.losses)}  ${padStart(c.scores, widths.scores)}  ${padStart(c.points, widths.points)}` +
      (hasStatus ? `  ${status}` : '')
    ).trimEnd();
  const header = line({ rank: '#', played: 'P', wins: 'W', draws: 'D', losses: 'L', scores: '+/-', points: 'Pts' }, 'Name', '');
  const out: string[] = [];
  for (const group of groups) {
    if (out.length > 0) out.push('');
    out.push(group === null ? 'Standings' : `Group ${group} standings`, header);
    rows.forEach((r, i) => {
      if ((r.group ?? null) !== group) return;
      const c = cells[i] as (typeof cells)[number];
      out.push(line(c, r.name, c.status));
    });
  }
  return out;
}
