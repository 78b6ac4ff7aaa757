import type { Bracket, BracketMatch } from '../contract-types';
import { esc, name, time, words } from './html';
import { playOffLabel, playOffPlaces } from './play-off-places';

type BracketStage = Bracket['stages'][number];
type Round = BracketStage['rounds'][number];
type Row = BracketStage['standings'][number];

/**
 * What stands for a side without a participant (R28.5): "Bye" on a Swiss bye (a free win, no opponent), "—" on a
 * grand-final reset not needed, else "TBD" (not known yet).
 */
export function emptySide(resultType: BracketMatch['resultType']): string {
  return resultType === 'BYE' ? 'Bye' : resultType === 'NOT_NEEDED' ? '—' : 'TBD';
}

/** One side of a match box: name (isolated, R28.5) or what stands for an empty side, score, winner in bold. */
function side(match: BracketMatch, slot: 0 | 1): string {
  const s = match.participants[slot]!;
  const won = match.winnerId !== null && s.participantId === match.winnerId;
  const shown = s.name !== null ? name(s.name) : `<span class="muted">${esc(emptySide(match.resultType))}</span>`;
  const seed = s.seed !== null ? `<span class="muted">${s.seed}</span> ` : '';
  return `<span class="s${won ? ' w' : ''}"><span class="n">${seed}${shown}</span><span>${s.score ?? ''}</span></span>`;
}

/**
 * A match box linking to its match page (R28.5): an optional label on top (the place a play-off decides), both sides,
 * scores, and its status when not scheduled ("Bye" for a Swiss bye, "Not needed" for a reset not played).
 */
export function matchBox(match: BracketMatch, label?: string): string {
  const status =
    match.resultType === 'NOT_NEEDED' ? 'Not needed' : match.resultType === 'BYE' ? 'Bye' : match.status === 'SCHEDULED' ? '' : words(match.status);
  return `<a class="m" href="/m/${esc(match.id)}" data-match="${esc(match.id)}" data-status="${esc(match.status)}" >${
    label ? `<span class="meta label">${esc(label)}</span>` : ''
  }${side(match, 0)}${side(match, 1)}${status ? `<span class="meta">${esc(status)}</span>` : ''}</a>`;
}

/**
 * Rounds side by side, each a column of match boxes spread evenly: an elimination tree (R28.5). `labels` by match id;
 * `key` names its scroll box across redraws (the page script keeps its horizontal scroll, R28.6).
 */
function tree(rounds: readonly Round[], key: string, labels: ReadonlyMap<string, string> = new Map()): string {
  return `<div class="scroll" data-key="${esc(key)}"><div class="tree">${rounds
    .map((r) => `<section class="round"><h4>${esc(r.name)}</h4><div class="ms">${r.matches.map((m) => matchBox(m, labels.get(m.id))).join('')}</div></section>`)
    .join('')}</div></div>`;
}

const PART_TITLES: Record<string, string> = {
  WINNERS: 'Winners bracket',
  LOSERS: 'Losers bracket',
  GRAND_FINAL: 'Grand final',
  THIRD_PLACE: 'Third place',
  CONSOLATION: 'Play-offs',
};

/** The parts of an elimination stage in the order shown; a bracket kind not listed would follow them. */
const PARTS = ['WINNERS', 'LOSERS', 'GRAND_FINAL', 'THIRD_PLACE', 'CONSOLATION'];

/**
 * An elimination stage: its winners tree, then losers tree, grand final (and reset), third-place match and the
 * play-offs of a full consolation bracket (R27.9), each play-off deciding a single place labelled "Match for 5th
 * place". Every match of the stage appears: rounds of any other bracket follow under their bracket's name.
 */
function elimination(stage: BracketStage, single: boolean): string {
  const places = playOffPlaces(stage.rounds.flatMap((r) => r.matches));
  const labels = new Map([...places].map(([id, place]) => [id, playOffLabel(place)]));
  const parts = [...PARTS, ...new Set(stage.rounds.map((r) => r.bracket).filter((b) => !PARTS.includes(b)))];
  return `<div class="parts">${parts
    .map((kind) => {
      const rounds = stage.rounds.filter((r) => r.bracket === kind);
      if (rounds.length === 0) return '';
      const title = single && kind === 'WINNERS' ? '' : `<h3>${esc(PART_TITLES[kind] ?? words(kind))}</h3>`;
      return `<div class="part">${title}${tree(rounds, `${stage.stage.id}:${kind}`, labels)}</div>`;
    })
    .join('')}</div>`;
}

/** The tiebreak names of a standings table, in the order of its rows' `tiebreaks` (POINTS has its own column). */
function tiebreakNames(rows: readonly Row[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row.tiebreaks ?? {})) if (name !== 'POINTS') names.add(name);
  return [...names];
}

const num = (value: unknown): string => (typeof value === 'number' ? String(Math.round(value * 100) / 100) : esc(value));

/** Column headers of the tiebreaks whose names are not plain words (the FIDE spellings); the others read as words. */
const TIEBREAK_LABELS: Readonly<Record<string, string>> = {
  SONNEBORN_BERGER: 'Sonneborn-Berger',
  BUCHHOLZ_CUT1: 'Buchholz Cut-1',
  BUCHHOLZ_CUT2: 'Buchholz Cut-2',
  MEDIAN_BUCHHOLZ: 'Median Buchholz',
  HEAD_TO_HEAD_MINI_LEAGUE: 'Head to head mini-league',
  OPPONENT_MATCH_WIN_PERCENTAGE: 'Opponent match-win %',
  GAME_WIN_PERCENTAGE: 'Game-win %',
  OPPONENT_GAME_WIN_PERCENTAGE: 'Opponent game-win %',
};

/** The column header of a tiebreak (`SONNEBORN_BERGER` -> `Sonneborn-Berger`, `SCORES_FOR` -> `Scores for`). */
export function tiebreakLabel(tiebreak: string): string {
  return TIEBREAK_LABELS[tiebreak] ?? words(tiebreak);
}

/**
 * A standings table with points and one column per tiebreak (R28.5). When a row has a Swiss bye, a Byes column
 * follows Played: wins count byes and Played does not, so without it W could read as more than Played. `key` names
 * its scroll box across redraws (R28.6).
 */
export function standingsTable(rows: readonly Row[], caption: string, key: string): string {
  const tiebreaks = tiebreakNames(rows);
  const withByes = rows.some((r) => (r.byes ?? 0) > 0);
  const head = ['#', 'Name', 'Played', ...(withByes ? ['Byes'] : []), 'W', 'D', 'L', 'Points', ...tiebreaks.map(tiebreakLabel)]
    .map((h) => `<th scope="col">${esc(h)}</th>`)
    .join('');
  const body = rows
    .map(
      (r) =>
        `<tr><td>${r.tiedWithPrevious ? '=' : r.rank}</td><td>${name(r.name)}</td><td>${r.played}</td>${withByes ? `<td>${r.byes ?? 0}</td>` : ''}<td>${r.wins}</td><td>${r.draws}</td><td>${r.losses}</td><td>${num(r.points)}</td>${tiebreaks
          .map((t) => `<td>${num((r.tiebreaks as Record<string, unknown>)[t])}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `<div class="scroll" data-key="${esc(key)}"><table><caption>${esc(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** A group's table caption (R28.5): "Group A" for a short name (the default A, B, ...), else its own name ("Europe"). */
function groupCaption(name: string | null, number: number): string {
  if (name === null || name === '') return `Group ${number}`;
  return name.length <= 2 ? `Group ${name}` : name;
}

/** A pool stage (round robin, Swiss, groups): standings (one table per group), then results round by round. */
function pools(stage: BracketStage, broadcast: boolean): string {
  const groups = [...new Set(stage.standings.map((r) => r.group ?? 0))];
  const tables = groups
    .map((g) => {
      const rows = stage.standings.filter((r) => (r.group ?? 0) === g);
      return standingsTable(rows, g ? groupCaption(rows[0]?.groupName ?? null, g) : 'Standings', `${stage.stage.id}:table:${g}`);
    })
    .join('');
  if (broadcast) return tables;
  const rounds = stage.rounds
    .map((r) => `<details data-key="${esc(`${stage.stage.id}:${r.bracket}:${r.round}`)}"><summary>${esc(r.name)}${r.matches.length ? '' : ' (not paired yet)'}</summary><div class="tree" style="flex-wrap:wrap">${r.matches.map((m) => matchBox(m)).join('')}</div></details>`)
    .join('');
  return tables + `<h3>Rounds</h3>${rounds}`;
}

/** One stage of the bracket: title, status and its tree or tables (R28.5). */
export function stageView(stage: BracketStage, options: { broadcast?: boolean; showTitle?: boolean } = {}): string {
  const { format } = stage.stage;
  const body =
    format === 'SINGLE_ELIMINATION' || format === 'DOUBLE_ELIMINATION'
      ? elimination(stage, format === 'SINGLE_ELIMINATION')
      : pools(stage, options.broadcast ?? false);
  const title = options.showTitle === false ? '' : `<h2>${name(stage.stage.name)} <span class="badge">${esc(words(format))}</span> <span class="badge ${esc(stage.stage.status)}">${esc(words(stage.stage.status))}</span></h2>`;
  return `<section class="stage" data-stage="${esc(stage.stage.id)}">${title}${body}</section>`;
}

/** The next matches to play across stages, by scheduled time (R28.5). */
export function scheduleList(matches: readonly BracketMatch[], limit = 30): string {
  const open = matches
    .filter((m) => m.status !== 'COMPLETED' && m.status !== 'RESOLVED' && m.participants.some((p) => p.participantId))
    .sort((a, b) => (a.scheduledAt ?? '9').localeCompare(b.scheduledAt ?? '9'))
    .slice(0, limit);
  if (open.length === 0) return '<p class="muted">No match waiting.</p>';
  return `<ul class="plain">${open
    .map((m) => `<li>${time(m.scheduledAt)} — <a href="/m/${esc(m.id)}">${m.participants.map((p) => (p.name !== null ? name(p.name) : 'TBD')).join(' vs ')}</a> <span class="muted">${esc(words(m.status))}</span></li>`)
    .join('')}</ul>`;
}
