import { padEnd, padStart, textWidth } from '../output/text';
import type { StandingView } from './bracket-view';

/** Marks of an esports-form Swiss status. */
const STATUS_MARK: Readonly<Record<string, string>> = { ADVANCED: 'advanced', ELIMINATED: 'out' };

/** Short headers of the tiebreak criteria shown after the points (POINTS is the Pts column, SCORE_DIFFERENCE the +/-). */
const TIEBREAK_HEADERS: Readonly<Record<string, string>> = {
  HEAD_TO_HEAD: 'H2H',
  SCORES_FOR: 'SF',
  SONNEBORN_BERGER: 'SB',
  BUCHHOLZ: 'BH',
  BUCHHOLZ_CUT1: 'BH-1',
  OPPONENT_MATCH_WIN_PERCENTAGE: 'OMW%',
  BUCHHOLZ_CUT2: 'BH-2',
  MEDIAN_BUCHHOLZ: 'MBH',
  CUMULATIVE_SCORE: 'Cum',
  KOYA: 'Koya',
  GAME_WIN_PERCENTAGE: 'GW%',
  OPPONENT_GAME_WIN_PERCENTAGE: 'OGW%',
  HEAD_TO_HEAD_MINI_LEAGUE: 'H2H',
};

/** A number as shown in a table: integers as is, fractions (chess points) with up to 2 decimals. */
function num(value: number | undefined): string {
  if (value === undefined) return '';
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** A score difference with its sign: +4, -2, 0. */
function signed(value: number | undefined): string {
  if (value === undefined) return '';
  return value > 0 ? `+${value}` : String(value);
}

/**
 * Standings of a round-robin, Swiss or group stage as a table, one per group (`Group B standings` by the group's
 * name, else its number), else
 * `Standings`: rank, name, played, wins, draws, losses, score difference (+4), points, the value of each tiebreak
 * criterion after points (Buchholz BH, Sonneborn-Berger SB, ...), and the esports-form Swiss status ("advanced",
 * "out"). Names are shortened with '…' so every line fits `width` cells. Empty when there are no rows.
 */
export function renderStandings(rows: readonly StandingView[], width: number): string[] {
  if (rows.length === 0) return [];
  const groups = [...new Set(rows.map((r) => r.group ?? null))];
  const criteria = [...new Set(rows.flatMap((r) => Object.keys(r.tiebreaks ?? {})))].filter((name) => name in TIEBREAK_HEADERS);
  const difference = (r: StandingView) =>
    r.scoreDifference ?? (r.scoreFor !== undefined && r.scoreAgainst !== undefined ? r.scoreFor - r.scoreAgainst : undefined);
  const cells = rows.map((r) => [
    `${r.rank}.`,
    num(r.played),
    num(r.wins),
    num(r.draws),
    num(r.losses),
    signed(difference(r)),
    num(r.points),
    ...criteria.map((c) => num(r.tiebreaks?.[c])),
  ]);
  const headers = ['#', 'P', 'W', 'D', 'L', '+/-', 'Pts', ...criteria.map((c) => TIEBREAK_HEADERS[c] as string)];
  const widths = headers.map((h, i) => Math.max(textWidth(h), ...cells.map((c) => textWidth(c[i] ?? ''))));
  const statuses = rows.map((r) => (r.status ? (STATUS_MARK[r.status] ?? '') : ''));
  const hasStatus = statuses.some((s) => s !== '');
  // "  " rank "  " name "  " P W D L "  " +/- "  " Pts ("  " criterion)* ("  " status)
  const numbersWidth = widths.slice(1).reduce((sum, w) => sum + w, 0) + 3 + 2 * (widths.length - 4);
  const fixed = 2 + (widths[0] ?? 0) + 2 + 2 + numbersWidth + (hasStatus ? 2 + 8 : 0);
  const nameWidth = Math.max(3, Math.min(Math.max(4, ...rows.map((r) => textWidth(r.name))), width - fixed));
  const line = (c: readonly string[], name: string, status: string) => {
    const cell = (i: number) => padStart(c[i] ?? '', widths[i] ?? 0);
    const extra = criteria.map((_, k) => `  ${cell(7 + k)}`).join('');
    return (
      `  ${cell(0)}  ${padEnd(name, nameWidth)}  ${cell(1)} ${cell(2)} ${cell(3)} ${cell(4)}  ${cell(5)}  ${cell(6)}${extra}` +
      (hasStatus ? `  ${status}` : '')
    ).trimEnd();
  };
  const header = line(headers, 'Name', '');
  const out: string[] = [];
  for (const group of groups) {
    if (out.length > 0) out.push('');
    const name = rows.find((r) => (r.group ?? null) === group)?.groupName ?? group;
    out.push(group === null ? 'Standings' : `Group ${name} standings`, header);
    rows.forEach((r, i) => {
      if ((r.group ?? null) !== group) return;
      out.push(line(cells[i] as string[], r.name, statuses[i] as string));
    });
  }
  return out;
}
