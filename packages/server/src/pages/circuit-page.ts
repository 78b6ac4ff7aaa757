import type { CircuitPublicDetails } from '../contract-types';
import { day, esc, name, words } from './html';

/**
 * The main part of a circuit page (R28.5): seasons with their first and last days (calendar days, the same for every
 * reader whatever the time zone) and status, and the current standings.
 */
export function circuitMain(circuit: CircuitPublicDetails): string {
  const seasons = circuit.seasons
    .map((s) => `<tr><td>${s.number}</td><td>${name(s.name)}</td><td>${esc(words(s.status))}</td><td>${day(s.startDate)}</td><td>${day(s.endDate)}</td><td>${s.tournamentCount}</td></tr>`)
    .join('');
  const standings = circuit.standings
    .map((s) => `<tr><td>${s.rank}</td><td>${name(s.name)}</td><td>${s.points}</td><td>${s.wins}</td><td>${s.tournamentsPlayed}</td><td>${s.bestPlacement ?? ''}</td></tr>`)
    .join('');
  return `<h1>${name(circuit.name)}</h1>${circuit.description ? `<p>${esc(circuit.description)}</p>` : ''}
<p><span class="badge">${esc(words(circuit.status))}</span></p>
<h2>Seasons</h2><div class="scroll"><table><thead><tr><th scope="col">#</th><th scope="col">Season</th><th scope="col">Status</th><th scope="col">Starts</th><th scope="col">Ends</th><th scope="col">Tournaments</th></tr></thead><tbody>${seasons}</tbody></table></div>
<h2>Standings</h2>${
    standings
      ? `<div class="scroll"><table><thead><tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Points</th><th scope="col">Wins</th><th scope="col">Tournaments</th><th scope="col">Best</th></tr></thead><tbody>${standings}</tbody></table></div>`
      : '<p class="muted">No standings yet.</p>'
  }`;
}
