import type { Tournament } from '../contract-types';
import { esc, name, time, words } from './html';

/** The public tournaments the home page lists: those being played, and those announced (not started) starting from today on (R28.15). */
export interface HomePageData {
  live: readonly Tournament[];
  upcoming: readonly Tournament[];
}

function tournamentList(tournaments: readonly Tournament[], empty: string): string {
  if (tournaments.length === 0) return `<p class="muted">${esc(empty)}</p>`;
  return `<ul class="plain">${tournaments
    .map((t) => `<li>${time(t.startDate)} — <a href="/t/${esc(t.id)}">${name(t.name)}</a> <span class="muted">${esc(words(t.status))}</span></li>`)
    .join('')}</ul>`;
}

/**
 * The main part of the home page `/` (R28.15): the public tournaments being played and the next ones to start (links
 * to their pages, start times in the reader's zone), and where the API reference and the contract are.
 */
export function homeMain(data: HomePageData): string {
  return `<h1>Tournaments</h1>
<h2>Being played</h2>${tournamentList(data.live, 'No tournament is being played.')}
<h2>Upcoming</h2>${tournamentList(data.upcoming, 'No tournament is announced.')}
<h2>For developers</h2><ul class="plain"><li><a href="/docs">API reference</a></li><li><a href="/openapi.json">openapi.json</a> · <a href="/openapi.yaml">openapi.yaml</a></li></ul>`;
}
