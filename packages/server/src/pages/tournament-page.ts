import type { Bracket, BracketMatch, Tournament } from '../contract-types';
import { esc, name, time, words } from './html';
import { scheduleList, stageView } from './stage-view';

/** What the tournament page shows: the tournament, and its bracket once started (null before). */
export interface TournamentPageData {
  tournament: Tournament;
  bracket: Bracket | null;
}

/** Every match of a bracket, in stage and round order. */
export function bracketMatches(bracket: Bracket): BracketMatch[] {
  return bracket.stages.flatMap((s) => s.rounds.flatMap((r) => r.matches));
}

function overview(t: Tournament): string {
  const facts: [string, string][] = [
    ['Status', `<span class="badge ${esc(t.status)}">${esc(words(t.status))}</span>`],
    ['Game', esc(t.disciplineId)],
    ['Starts', time(t.startDate)],
    ['Participants', `${t.currentParticipants} / ${t.maxParticipants}`],
  ];
  // A full tournament's waitlist (R6.14): how many wait, while it matters (before the start).
  const waiting = t.participantCounts.waitlisted ?? 0;
  if (t.waitlistCapacity > 0 && t.startedAt === null) facts.push(['Waitlist', `${waiting} / ${t.waitlistCapacity}`]);
  if (t.completedAt) facts.push(['Finished', time(t.completedAt)]);
  return `<h1>${name(t.name)}</h1>${t.description ? `<p>${esc(t.description)}</p>` : ''}<dl class="facts">${facts
    .map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`)
    .join('')}</dl>`;
}

function placements(bracket: Bracket): string {
  if (bracket.placements.length === 0) return '';
  return `<h2>Placements</h2><ol class="places">${[...bracket.placements]
    .sort((a, b) => a.placement - b.placement)
    .map((p) => `<li value="${p.placement}"><strong>${esc(p.placementRange)}</strong> ${name(p.name)}</li>`)
    .join('')}</ol>`;
}

/**
 * The main part of a tournament page (R28.5): overview, every stage (trees or tables), the schedule of the next
 * matches and the placements known so far. Broadcast (R28.8): only the current stage's tree or tables, no chrome.
 */
export function tournamentMain(data: TournamentPageData, broadcast: boolean): string {
  const { tournament, bracket } = data;
  if (broadcast) {
    if (!bracket) return `<h1>${name(tournament.name)}</h1><p>Not started yet.</p>`;
    const current = bracket.stages.find((s) => s.stage.status === 'ONGOING') ?? bracket.stages.at(-1)!;
    return `<h1>${name(tournament.name)}</h1>${stageView(current, { broadcast: true, showTitle: bracket.stages.length > 1 })}`;
  }
  if (!bracket) {
    return `${overview(tournament)}<h2>Stages</h2><ul>${tournament.stages
      .map((s) => `<li>${name(s.name)} — ${esc(words(s.format))}</li>`)
      .join('')}</ul><p class="muted">The bracket is drawn when the tournament starts.</p>`;
  }
  return `${overview(tournament)}${placements(bracket)}${bracket.stages.map((s) => stageView(s)).join('')}<h2>Schedule</h2>${scheduleList(
    bracketMatches(bracket),
  )}`;
}
