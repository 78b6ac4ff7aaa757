import type { Match } from '../contract-types';
import { esc, name, time, words } from './html';
import { emptySide } from './stage-view';

type HistoryEntry = NonNullable<Match['history']>[number];

/** A side's name, isolated (R28.5), or what stands for an empty side ("Bye" on a Swiss bye, else "TBD"). */
function sideName(match: Match, sideName: string | null | undefined): string {
  return sideName ? name(sideName) : `<span class="muted">${esc(emptySide(match.resultType))}</span>`;
}

/**
 * A history entry as readers see it (R28.5): what happened and when, with names and scores, never ids; names and
 * reasons (user-written) each isolated, so bidi controls in one never reorder the rest of the line.
 */
function historyLine(entry: HistoryEntry, names: ReadonlyMap<string, string>): string {
  const data = (entry.data ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  const scores = data.scores as { participantId: string | null; score: number }[] | undefined;
  const nameOf = (id: string | null | undefined) => (id && names.has(id) ? name(names.get(id)) : 'side');
  if (Array.isArray(scores)) parts.push(scores.map((s) => `${nameOf(s.participantId)} ${esc(s.score)}`).join(' – '));
  if (typeof data.winnerId === 'string' && names.has(data.winnerId)) parts.push(`winner ${nameOf(data.winnerId)}`);
  if (typeof data.reason === 'string') parts.push(`“${name(data.reason)}”`);
  if (typeof data.by === 'string') parts.push(`by ${esc(words(data.by).toLowerCase())}`);
  return `<li>${time(entry.at)} — <strong>${esc(words(entry.type))}</strong>${parts.length ? ` ${parts.join(', ')}` : ''}</li>`;
}

/**
 * The main part of a match page (R28.5): sides, scores, status, schedule and history without internal ids. Its
 * heading is `roundName` (the name the tournament page gives the match's round) with the match number, else the
 * bracket, round and match numbers.
 */
export function matchMain(match: Match, tournamentName: string, roundName?: string): string {
  const history = match.history ?? [];
  const names = new Map(match.participants.filter((p) => p.participantId).map((p) => [p.participantId!, p.name ?? 'TBD']));
  const rows = match.participants
    .map((p) => `<tr><td>${p.seed ?? ''}</td><td>${sideName(match, p.name)}${p.participantId && p.participantId === match.winnerId ? ' <strong>(winner)</strong>' : ''}</td><td>${p.score ?? ''}</td></tr>`)
    .join('');
  return `<p><a href="/t/${esc(match.tournamentId)}">← ${name(tournamentName)}</a></p>
<h1>${roundName ? `${esc(roundName)}, match ${match.number}` : `${esc(words(match.bracket))} round ${match.round}, match ${match.number}`}</h1>
<dl class="facts"><dt>Status</dt><dd><span class="badge ${esc(match.status)}">${esc(words(match.status))}</span>${match.resultType && match.resultType !== 'NORMAL' ? `, ${esc(words(match.resultType).toLowerCase())}` : ''}${match.isDraw ? ' (draw)' : ''}</dd>
<dt>Scheduled</dt><dd>${time(match.scheduledAt)}</dd>${match.completedAt ? `<dt>Finished</dt><dd>${time(match.completedAt)}</dd>` : ''}</dl>
<table><caption>Sides</caption><thead><tr><th scope="col">Seed</th><th scope="col">Name</th><th scope="col">Score</th></tr></thead><tbody>${rows}</tbody></table>
${gamesTable(match)}
<h2>History</h2>${history.length ? `<ul class="plain">${history.map((h) => historyLine(h, names)).join('')}</ul>` : '<p class="muted">Nothing yet.</p>'}`;
}

/** Per-game (per-map) scores of a series and the decider of a drawn score (R25.1, R25.3), in slot order. */
function gamesTable(match: Match): string {
  const [a, b] = match.participants.map((p) => sideName(match, p.name));
  const games = match.games ?? [];
  const rows = games
    .map((g, i) => `<tr><td>${i + 1}</td><td>${esc(g.map ?? '')}</td><td>${g.scores[0]}</td><td>${g.scores[1]}</td></tr>`)
    .join('');
  const table = games.length
    ? `<table><caption>Games (best of ${match.bestOf})</caption><thead><tr><th scope="col">Game</th><th scope="col">Map</th><th scope="col">${a}</th><th scope="col">${b}</th></tr></thead><tbody>${rows}</tbody></table>`
    : '';
  const decider = match.decider ? `<p>Decided by ${esc(words(match.decider.kind).toLowerCase())}: ${match.decider.scores[0]}–${match.decider.scores[1]}</p>` : '';
  return table + decider;
}
