import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import type { Match, MatchStatus } from '../api-types';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields, printTable, type Column } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { canPrompt } from '../prompts/ask';
import { openSession } from '../session';
import { registerMatchWorkflowCommands } from './match-workflow';
import {
  addListOptions,
  collect,
  enumOption,
  globalsOf,
  intOption,
  printPageHint,
  withExamples,
  type ListOptions,
} from './shared';

const STATUSES: readonly MatchStatus[] = ['SCHEDULED', 'IN_PROGRESS', 'PENDING_RESULT', 'COMPLETED', 'DISPUTED', 'RESOLVED'];

/** Short round label: R2 (winners), L3 (losers), GF1 (grand final), 3rd (third place), G2 R1 (group); S2 prefix past stage 1. */
export function roundLabel(match: Pick<Match, 'bracket' | 'round' | 'groupNumber' | 'stageNumber'>): string {
  const stage = match.stageNumber > 1 ? `S${match.stageNumber} ` : '';
  switch (match.bracket) {
    case 'LOSERS':
      return `${stage}L${match.round}`;
    case 'GRAND_FINAL':
      return `${stage}GF${match.round}`;
    case 'THIRD_PLACE':
      return `${stage}3rd`;
    case 'GROUP':
      return `${stage}G${match.groupNumber ?? '?'} R${match.round}`;
    default:
      return `${stage}R${match.round}`;
  }
}

/** Scores of a match in side order: the confirmed ones, else the reported ones; null when there are none. */
export function matchScores(match: Match): [number, number] | null {
  const [a, b] = [match.participants[0], match.participants[1]];
  if (a?.score != null && b?.score != null) return [a.score, b.score];
  const reported = match.reportedResult;
  if (!reported || !a?.participantId || !b?.participantId) return null;
  const find = (id: string) => reported.scores.find((entry) => entry.participantId === id)?.score;
  const [sa, sb] = [find(a.participantId), find(b.participantId)];
  return sa !== undefined && sb !== undefined ? [sa, sb] : null;
}

/** Name of side 0 or 1 with ✓ after the winner; "tbd" while unknown. */
function sideLabel(match: Match, index: 0 | 1): string {
  const side = match.participants[index];
  const name = side?.name ?? side?.participantId ?? 'tbd';
  return side?.participantId && side.participantId === match.winnerId ? `${name} ✓` : name;
}

/** One-line summary: `alice 2-1 bob (winner alice)`. */
export function describeMatch(match: Match): string {
  const scores = matchScores(match);
  const [a, b] = [sideLabel(match, 0).replace(/ ✓$/, ''), sideLabel(match, 1).replace(/ ✓$/, '')];
  const core = scores ? `${a} ${scores[0]}-${scores[1]} ${b}` : `${a} vs ${b}`;
  const winnerId = match.winnerId ?? match.reportedResult?.winnerId ?? null;
  const winner = match.participants.find((side) => side.participantId !== null && side.participantId === winnerId);
  return winner ? `${core} (winner ${winner.name ?? winner.participantId})` : core;
}

/** Table columns of a match list (the schedule). */
export const MATCH_COLUMNS: readonly Column<Match>[] = [
  { header: 'id', value: (m) => m.id },
  { header: 'round', value: (m) => roundLabel(m) },
  { header: '#', value: (m) => m.number, align: 'right' },
  { header: 'side 1', value: (m) => sideLabel(m, 0), flex: true },
  { header: 'score', value: (m) => matchScores(m)?.join('-') ?? '' },
  { header: 'side 2', value: (m) => sideLabel(m, 1), flex: true },
  { header: 'status', value: (m) => humanize(m.status) },
];

/**
 * Parses `A-B` (scores in the match's side order, non-negative integers).
 * @throws CliError INVALID_SCORE naming the value.
 */
export function parseScore(value: string): [number, number] {
  const match = /^\s*(\d{1,6})\s*[-:]\s*(\d{1,6})\s*$/.exec(value);
  if (!match) throw new CliError('INVALID_SCORE', `invalid --score "${value}": expected A-B in side order, e.g. 2-1`);
  return [Number(match[1]), Number(match[2])];
}

/**
 * The winner's participant id: `--winner` as a participant id of the match or a side number (1 or 2); without it,
 * the side with the higher score; undefined for equal scores (a draw, where the stage allows them).
 * @throws CliError INVALID_WINNER when --winner names neither side.
 */
export function resolveWinner(match: Match, scores: [number, number], winner: string | undefined): string | undefined {
  const ids = [match.participants[0]?.participantId, match.participants[1]?.participantId] as [string, string];
  if (winner !== undefined) {
    const trimmed = winner.trim();
    if (trimmed === '1' || trimmed === '2') return ids[Number(trimmed) - 1];
    if (ids.includes(trimmed)) return trimmed;
    const names = match.participants.map((side, i) => `${i + 1}/${side.participantId} (${side.name ?? '?'})`).join(' or ');
    throw new CliError('INVALID_WINNER', `--winner must be a side of the match: ${names}`);
  }
  if (scores[0] === scores[1]) return undefined;
  return scores[0] > scores[1] ? ids[0] : ids[1];
}

interface MatchListFlags extends ListOptions {
  round?: number;
  status?: MatchStatus;
  participant?: string;
}

/** One line per history entry: `2030-06-01 12:00Z  reported  2-1 (by <user id>)`. */
export function historyLines(match: Match): string[] {
  return match.history.map((entry) => {
    const data = entry.data as Record<string, unknown>;
    const detail = typeof data.reason === 'string' ? `  ${data.reason}` : Array.isArray(data.evidence) ? `  ${data.evidence.join(' ')}` : '';
    const by = entry.actorUserId ? ` (by ${entry.actorUserId})` : '';
    return `${formatTimestamp(entry.at)}  ${humanize(entry.type)}${by}${detail}`;
  });
}

/** `tourney match list|get|start|report|confirm|dispute|evidence|resolve|correct|reschedule`. */
export function registerMatchCommands(program: Command, deps: CliDeps): void {
  const match = program.command('match').description('see the schedule, play matches, settle disputes and correct results');

  withExamples(
    addListOptions(
      match
        .command('list <tournamentId>')
        .alias('ls')
        .description('list the matches of a tournament in play order')
        .option('--round <n>', 'only this round', intOption(1))
        .option('--status <status>', 'only this status, e.g. scheduled or pending-result', enumOption(STATUSES))
        .option('--participant <id>', 'only matches of this participant'),
    ).action(async (id: string, flags: MatchListFlags, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      const query = {
        ...(flags.round ? { round: flags.round } : {}),
        ...(flags.status ? { status: flags.status } : {}),
        ...(flags.participant ? { participantId: flags.participant } : {}),
        ...(flags.limit ? { limit: flags.limit } : {}),
      };
      if (flags.all) {
        const items = await session.call((client) =>
          collect(client.paginate('/tournaments/{id}/schedule', { params: { path: { id }, query } })),
        );
        if (flags.json) printJson(deps.io, items);
        else printTable(deps.io, MATCH_COLUMNS, items);
        return;
      }
      const page = await session.call((client) =>
        client.GET('/tournaments/{id}/schedule', {
          params: { path: { id }, query: { ...query, ...(flags.page ? { page: flags.page } : {}) } },
        }),
      );
      if (flags.json) return printJson(deps.io, page.data);
      if (page.data.length === 0 && deps.io.isTTY) deps.io.stderr.write('no matches found\n');
      else printTable(deps.io, MATCH_COLUMNS, page.data);
      printPageHint(deps, page.pagination, 'matches');
    }),
    'tourney match list 0199a1b2-...',
    'tourney match ls 0199a1b2-... --status scheduled --all',
  );

  withExamples(
    match
      .command('get <matchId>')
      .description('show a match')
      .option('--json', 'print the API data as JSON')
      .action(async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.GET('/matches/{id}', { params: { path: { id } } }));
        if (flags.json) return printJson(deps.io, data);
        printFields(deps.io, [
          ['match', describeMatch(data)],
          ['id', data.id],
          ['round', `${roundLabel(data)} #${data.number}`],
          ['status', humanize(data.status)],
          ['side 1', `${data.participants[0]?.name ?? 'tbd'} (${data.participants[0]?.participantId ?? '-'})`],
          ['side 2', `${data.participants[1]?.name ?? 'tbd'} (${data.participants[1]?.participantId ?? '-'})`],
          ['scheduled', formatTimestamp(data.scheduledAt)],
        ]);
        const history = historyLines(data);
        if (history.length > 0) deps.io.stdout.write(`history:\n${history.map((line) => `  ${line}`).join('\n')}\n`);
      }),
    'tourney match get 0199a1b3-...',
  );

  withExamples(
    match
      .command('report <matchId>')
      .description('report the result of your match (the opponent then confirms)')
      .option('--score <A-B>', 'scores in the side order of the match, e.g. 2-1 (prompted when omitted)')
      .option('--winner <participant>', 'winner: participant id or side number 1/2 (default: the higher score)')
      .option('--json', 'print the updated match as JSON')
      .action(async (id: string, flags: { score?: string; winner?: string; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const { data: current } = await session.call((client) => client.GET('/matches/{id}', { params: { path: { id } } }));
        const [a, b] = [current.participants[0], current.participants[1]];
        if (!a?.participantId || !b?.participantId) {
          throw new CliError('MATCH_NOT_READY', `match ${id} does not have both participants yet`);
        }
        let scoreText = flags.score;
        if (scoreText === undefined) {
          if (!canPrompt(deps)) throw new CliError('MISSING_VALUE', 'must provide --score when not running interactively');
          scoreText = await deps.prompter.input({
            message: `score (${a.name ?? 'side 1'}-${b.name ?? 'side 2'}, e.g. 2-1)`,
            validate: (value) => /^\s*\d+\s*[-:]\s*\d+\s*$/.test(value) || 'expected A-B, e.g. 2-1',
          });
        }
        const scores = parseScore(scoreText);
        const winnerId = resolveWinner(current, scores, flags.winner);
        const body = {
          scores: [
            { participantId: a.participantId, score: scores[0] },
            { participantId: b.participantId, score: scores[1] },
          ],
          ...(winnerId !== undefined ? { winnerId } : {}),
        };
        const idempotencyKey = randomUUID();
        const { data } = await session.call((client) =>
          client.POST('/matches/{id}/report', {
            params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } },
            body,
          }),
        );
        if (flags.json) return printJson(deps.io, data);
        deps.io.stdout.write(`reported ${describeMatch(data)}; status ${humanize(data.status)}\n`);
      }),
    'tourney match report 0199a1b3-... --score 2-1',
    'tourney match report 0199a1b3-... --score 1-1 --winner 2',
  );

  withExamples(
    match
      .command('confirm <matchId>')
      .description("confirm the result your opponent reported (or, as an organizer, approve it)")
      .option('--json', 'print the updated match as JSON')
      .action(async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const idempotencyKey = randomUUID();
        const { data } = await session.call((client) =>
          client.POST('/matches/{id}/confirm', { params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } } }),
        );
        if (flags.json) return printJson(deps.io, data);
        deps.io.stdout.write(`confirmed ${describeMatch(data)}; status ${humanize(data.status)}\n`);
      }),
    'tourney match confirm 0199a1b3-...',
  );

  registerMatchWorkflowCommands(match, deps);
}
