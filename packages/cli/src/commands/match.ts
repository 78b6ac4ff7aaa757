import { Option, type Command } from 'commander';
import type { TourneyClient } from '@tourney/sdk';
import type { Match, MatchStatus } from '../api-types';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields, type Column } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { valueOrAsk } from '../prompts/ask';
import { openSession } from '../session';
import { resultBody, type ResultFlags } from './match-result';
import { deciderText } from '../bracket/side-text';
import { askGames, gamesText } from './match-series';
import { registerMatchWorkflowCommands } from './match-workflow';
import { exportMatchesCsv, nextMatchAnywhere, printNextAnywhere } from './player-views';
import {
  addJsonOption,
  addListOptions,
  addShowCommand,
  collect,
  enumOption,
  globalsOf,
  intOption,
  type ListOptions,
  printApiList,
  printResult,
  statusColumn,
  withExamples,
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
    case 'CONSOLATION':
      return `${stage}C${match.round}`;
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

/**
 * The score as a person reads it: `2-1`, `3-3 (4-2 p)` with a decider (R25.4), or how a match was decided without
 * one (walkover, bye, forfeit).
 */
export function scoreText(match: Match): string {
  const scores = matchScores(match);
  if (scores) return `${scores.join('-')}${deciderText(match.decider ?? match.reportedResult?.decider)}`;
  switch (match.resultType) {
    case 'WALKOVER':
      return 'w/o';
    case 'BYE':
      return 'bye';
    case 'DOUBLE_FORFEIT':
      return 'forfeit';
    case 'NOT_NEEDED':
      return 'not needed';
    default:
      return '';
  }
}

/** One-line summary: `alice 2-1 bob (winner alice)`. */
export function describeMatch(match: Match): string {
  const scores = matchScores(match);
  const [a, b] = [sideLabel(match, 0).replace(/ ✓$/, ''), sideLabel(match, 1).replace(/ ✓$/, '')];
  const core = scores ? `${a} ${scores[0]}-${scores[1]}${deciderText(match.decider ?? match.reportedResult?.decider)} ${b}` : `${a} vs ${b}`;
  const winnerId = match.winnerId ?? match.reportedResult?.winnerId ?? null;
  const winner = match.participants.find((side) => side.participantId !== null && side.participantId === winnerId);
  return winner ? `${core} (winner ${winner.name ?? winner.participantId})` : core;
}

/**
 * Table columns of a match list (the schedule). On a terminal: round label, names with ✓ after the winner, the score
 * or how the match was decided (w/o), status and the scheduled time (when a match has one); piped, the API's raw
 * values: id, stage, bracket, round, number, side 1 name, score 1, score 2, side 2 name, status, result type, winner
 * id, side 1 participant id, side 2 participant id, scheduledAt (ISO, empty when none).
 */
export const MATCH_COLUMNS: readonly Column<Match>[] = [
  { header: 'id', value: (m) => m.id, drop: 1 },
  { header: 'round', value: (m) => roundLabel(m), only: 'tty' },
  { header: 'stage', value: (m) => m.stageNumber, only: 'pipe' },
  { header: 'bracket', value: (m) => m.bracket, only: 'pipe' },
  { header: 'round', value: (m) => m.round, only: 'pipe' },
  { header: '#', value: (m) => m.number, align: 'right' },
  { header: 'side 1', value: (m) => sideLabel(m, 0), raw: (m) => m.participants[0]?.name, flex: true, priority: 2, tone: (m, s) => (m.winnerId && m.winnerId === m.participants[0]?.participantId ? s.green : undefined) },
  { header: 'score', value: (m) => scoreText(m), only: 'tty' },
  { header: 'score 1', value: (m) => m.participants[0]?.score, only: 'pipe' },
  { header: 'score 2', value: (m) => m.participants[1]?.score, only: 'pipe' },
  { header: 'side 2', value: (m) => sideLabel(m, 1), raw: (m) => m.participants[1]?.name, flex: true, priority: 2, tone: (m, s) => (m.winnerId && m.winnerId === m.participants[1]?.participantId ? s.green : undefined) },
  statusColumn('status', (m) => m.status),
  { header: 'result', value: (m) => m.resultType, only: 'pipe' },
  { header: 'winner', value: (m) => m.winnerId, only: 'pipe' },
  { header: 'side 1 id', value: (m) => m.participants[0]?.participantId, only: 'pipe' },
  { header: 'side 2 id', value: (m) => m.participants[1]?.participantId, only: 'pipe' },
  { header: 'scheduled', value: (m) => formatTimestamp(m.scheduledAt), raw: (m) => m.scheduledAt, drop: 2, hideEmpty: true },
];

interface MatchListFlags extends ListOptions {
  stage?: number;
  group?: number;
  round?: number;
  status?: MatchStatus;
  participant?: string;
  csv?: boolean;
  output?: string;
}

/** One line per history entry: `2030-06-01 12:00Z  reported  2-1 (by <user id>)`. */
export function historyLines(match: Match): string[] {
  return (match.history ?? []).map((entry) => {
    const data = entry.data as Record<string, unknown>;
    const detail = typeof data.reason === 'string' ? `  ${data.reason}` : Array.isArray(data.evidence) ? `  ${data.evidence.join(' ')}` : '';
    const by = entry.actorUserId ? ` (by ${entry.actorUserId})` : '';
    return `${formatTimestamp(entry.at)}  ${humanize(entry.type)}${by}${detail}`;
  });
}

/** `tourney match list|get|next|start|report|confirm|dispute|evidence|resolve|correct|reschedule`. */
export function registerMatchCommands(program: Command, deps: CliDeps): void {
  const match = program.command('match').description('see the schedule, play matches, settle disputes and correct results');

  withExamples(
    addListOptions(
      match
        .command('list <tournamentId>')
        .alias('ls')
        .description('list the matches of a tournament in play order')
        .option('--stage <n>', 'only this stage (its number)', intOption(1))
        .option('--group <n>', 'only this group of a group stage', intOption(1))
        .option('--round <n>', 'only this round (within each stage; combine with --stage)', intOption(1))
        .option('--status <status>', 'only this status, e.g. scheduled or pending-result', enumOption(STATUSES))
        .option('--participant <id>', 'only matches of this participant (a participant id, or a user id)')
        // --csv and --json exclude each other: commander refuses both, naming them (a usage error, exit 1).
        .addOption(
          new Option('--csv', 'print matches.csv: every match with stage, round, group, sides, scores, status, winner and times').conflicts('json'),
        )
        .option('-o, --output <file>', 'with --csv: write to this file instead of stdout'),
    ).action(async (id: string, flags: MatchListFlags, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      if (flags.csv) return exportMatchesCsv(deps, session, id, flags.output);
      if (flags.output !== undefined) throw new CliError('INVALID_ARGUMENT', '--output goes with --csv');
      await printApiList(deps, session, flags, {
        path: '/tournaments/{id}/schedule',
        pathParams: { id },
        query: { stage: flags.stage, groupNumber: flags.group, round: flags.round, status: flags.status, participantId: flags.participant },
        noun: 'matches',
        columns: MATCH_COLUMNS,
      });
    }),
    'tourney match list 0199a1b2-...',
    'tourney match ls 0199a1b2-... --status scheduled --all',
    'tourney match list 0199a1b2-... --csv -o matches.csv',
    'tourney match ls 0199a1b2-... --stage 1 --group 2',
  );

  addShowCommand(deps, match, {
    usage: 'get <matchId>',
    description: 'show a match with its history',
    auth: 'any',
    fetch: (client, id) => client.GET('/matches/{id}', { params: { path: { id } } }),
    print: (m) => printMatchFields(deps, m),
    examples: ['tourney match get 0199a1b3-...'],
  });

  withExamples(
    addJsonOption(
      match
        .command('next [tournamentId]')
        .description('your next match to play: across your tournaments (soonest first), or in one tournament (the first open one in play order)'),
      'the match',
    ).action(async (id: string | undefined, flags: { json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      if (id === undefined) {
        return printNextAnywhere(deps, flags, await nextMatchAnywhere(session), (m) => `${roundLabel(m)} #${m.number} ${describeMatch(m)}`);
      }
      const next = await session.call((client) => findNextMatch(client, id), 'looking for your next match');
      if (next === undefined) {
        if (flags.json) return printJson(deps.io, null);
        deps.io.stderr.write('you have no match left to play in this tournament\n');
        return;
      }
      printResult(
        deps,
        flags,
        next,
        (m) => `your next match: ${roundLabel(m)} #${m.number} ${describeMatch(m)}, ${humanize(m.status)}${m.scheduledAt ? `, scheduled ${formatTimestamp(m.scheduledAt)}` : ''} (match ${m.id})`,
        (m) => m.id,
      );
    }),
    'tourney match next',
    'tourney match next 0199a1b2-...',
    'tourney match report "$(tourney match next 0199a1b2-...)" --score 2-1',
  );

  withExamples(
    addJsonOption(
      match
        .command('report <matchId>')
        .description('report the result of your match (the opponent then confirms)')
        .option('--score <A-B>', 'scores in the side order of the match, e.g. 2-1 (prompted when omitted)')
        .option('--games <list>', 'per-game (per-map) scores in side order, e.g. 13-9,7-13,13-11 or 13-9@Inferno,...; the score is derived')
        .option('--winner <participant>', 'winner: participant id or side number 1/2 (default: the higher score; asked for a tie)')
        .option('--decider <KIND:A-B>', 'what decided a drawn score: PENALTIES, EXTRA_TIME, GOLDEN_GOAL or OTHER with its score, e.g. PENALTIES:4-2')
        .option('--penalties <A-B>', 'shorthand for --decider PENALTIES:A-B'),
      'the updated match',
    ).action(async (id: string, flags: ResultFlags & { score?: string; games?: string; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      const { data: current } = await session.call((client) => client.GET('/matches/{id}', { params: { path: { id } } }));
      const [a, b] = [current.participants[0], current.participants[1]];
      if (!a?.participantId || !b?.participantId) {
        throw new CliError('MATCH_NOT_READY', `match ${id} does not have both participants yet`);
      }
      const perGame = flags.games === undefined && flags.score === undefined && current.bestOf > 1;
      const score =
        flags.games !== undefined || perGame
          ? undefined
          : await valueOrAsk(deps, flags.score, {
              flag: '--score',
              message: `score (${a.name ?? 'side 1'}-${b.name ?? 'side 2'}, e.g. 2-1)`,
              validate: (value) => /^\s*\d+\s*[-:]\s*\d+\s*$/.test(value) || 'expected A-B, e.g. 2-1',
            });
      const games = perGame ? await askGames(deps, current) : flags.games;
      const body = await resultBody(deps, current, { ...flags, score, games });
      const idempotencyKey = globalThis.crypto.randomUUID();
      const { data } = await session.call((client) =>
        client.POST('/matches/{id}/report', { params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } }, body }),
      );
      printResult(deps, flags, data, (m) => `reported ${describeMatch(m)}; status ${humanize(m.status)}`, (m) => m.status);
    }),
    'tourney match report 0199a1b3-... --score 2-1',
    'tourney match report 0199a1b3-... --score 1-1 --winner 2',
    'tourney match report 0199a1b3-... --games 13-9@Inferno,7-13@Nuke,13-11@Mirage',
    'tourney match report 0199a1b3-... --score 3-3 --penalties 4-2',
  );

  withExamples(
    addJsonOption(match.command('confirm <matchId>').description('confirm the result your opponent reported (or, as an organizer, approve it)'), 'the updated match').action(
      async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const idempotencyKey = globalThis.crypto.randomUUID();
        const { data } = await session.call((client) =>
          client.POST('/matches/{id}/confirm', { params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } } }),
        );
        printResult(deps, flags, data, (m) => `confirmed ${describeMatch(m)}; status ${humanize(m.status)}`, (m) => m.status);
      },
    ),
    'tourney match confirm 0199a1b3-...',
  );

  registerMatchWorkflowCommands(match, deps);
}

/** Fields of `match get`: piped, the raw values (side ids, scores, status codes). */
function printMatchFields(deps: CliDeps, m: Match): void {
  const side = (i: 0 | 1) => m.participants[i];
  printFields(deps.io, [
    ['match', describeMatch(m), `${side(0)?.name ?? ''} vs ${side(1)?.name ?? ''}`],
    ['id', m.id],
    ['round', `${roundLabel(m)} #${m.number}`, `${m.stageNumber}\t${m.bracket}\t${m.round}\t${m.number}`],
    ['status', humanize(m.status), m.status],
    ['result', scoreText(m) || 'none yet', m.resultType],
    ['best of', String(m.bestOf), String(m.bestOf)],
    ['games', gamesText(m.games ?? m.reportedResult?.games) || '-', JSON.stringify(m.games ?? [])],
    ['side 1', `${side(0)?.name ?? 'tbd'} (${side(0)?.participantId ?? '-'})`, `${side(0)?.participantId ?? ''}\t${side(0)?.score ?? ''}`],
    ['side 2', `${side(1)?.name ?? 'tbd'} (${side(1)?.participantId ?? '-'})`, `${side(1)?.participantId ?? ''}\t${side(1)?.score ?? ''}`],
    ['winner', m.participants.find((p) => p.participantId !== null && p.participantId === m.winnerId)?.name ?? '', m.winnerId],
    ['scheduled', formatTimestamp(m.scheduledAt), m.scheduledAt],
  ]);
  const history = historyLines(m);
  if (deps.io.isTTY && history.length > 0) deps.io.stdout.write(`history:\n${history.map((line) => `  ${line}`).join('\n')}\n`);
}

const OPEN_STATUSES = new Set<MatchStatus>(['SCHEDULED', 'IN_PROGRESS', 'PENDING_RESULT', 'DISPUTED']);

/**
 * The caller's first open match of a tournament in play order (GET /users/me, the participants holding the caller's
 * user id as registrant or team member, then GET /tournaments/{id}/schedule?participantId=), or undefined.
 */
async function findNextMatch(client: TourneyClient, tournamentId: string): Promise<Match | undefined> {
  const { data: me } = await client.GET('/users/me');
  const participants = await collect(client.paginate('/tournaments/{id}/participants', { params: { path: { id: tournamentId } } }));
  const mine = participants.find((p) => p.userId === me.id || p.team?.members.some((member) => member.userId === me.id));
  if (!mine) throw new CliError('NOT_A_PARTICIPANT', `you (${me.username}) are not a participant of tournament ${tournamentId}`);
  const matches = await collect(
    client.paginate('/tournaments/{id}/schedule', { params: { path: { id: tournamentId }, query: { participantId: mine.id } } }),
  );
  return matches.find((m) => OPEN_STATUSES.has(m.status) && m.participants.every((side) => side.participantId !== null));
}
