import type { Command } from 'commander';
import type { components } from '@tourney/sdk';
import { isApiError } from '../sdk-runtime';
import type { Match } from '../api-types';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { formatTimestamp, humanize } from '../output/text';
import { canPrompt } from '../prompts/ask';
import { openSession, type Session } from '../session';
import { globalsOf, LOCAL_TIME_NOTE, printResult, withExamples } from './shared';
import { confirmOrStop } from '../prompts/confirm';
import { describeMatch } from './match';
import { resultBody, type ResultFlags } from './match-result';
import { safeData } from '../output/safe-text';

/** The answer of `POST /matches/{id}/correct`. */
type MatchCorrection = components['schemas']['MatchCorrection'];

const collectValues = (value: string, previous: string[] = []): string[] => [...previous, value];

/** The match, read first to learn its sides (scores are given in side order). */
async function readMatch(session: Session, id: string): Promise<Match> {
  const { data } = await session.call((client) => client.GET('/matches/{id}', { params: { path: { id } } }));
  return data;
}

/** `--reason`, else a prompt on a terminal. @throws CliError MISSING_VALUE without a terminal. */
async function reasonOf(deps: CliDeps, given: string | undefined, what: string): Promise<string> {
  if (given !== undefined && given.trim() !== '') return given;
  if (!canPrompt(deps)) throw new CliError('MISSING_VALUE', 'must provide --reason when not running interactively');
  return deps.prompter.input({ message: `reason (${what})`, validate: (value) => value.trim() !== '' || 'a reason is required' });
}

/**
 * Header of a match write: a fresh Idempotency-Key, so an automatic retry of this invocation cannot act twice. Uses the
 * Web Crypto global (Node 20+) rather than an import of node:crypto, which would be loaded at every start.
 */
const idempotent = () => ({ 'Idempotency-Key': globalThis.crypto.randomUUID() });

/** Prints the updated match as JSON, as `<verb> <summary>; status <status>` on a terminal, or its status when piped. */
function printMatch(deps: CliDeps, data: Match, json: boolean | undefined, verb: string): void {
  printResult(deps, { json }, data, (m) => `${verb} ${describeMatch(m)}; status ${humanize(m.status)}`, (m) => m.status);
}

/** Rethrows a correction refused because later matches depend on the result as a CLI error with a --cascade hint. */
function explainDependents(error: unknown): never {
  if (isApiError(error) && error.code === 'CONFLICT' && error.details.some((d) => d.path === 'body.cascade')) {
    const ids = error.details.map((d) => `  ${d.message}`).join('\n');
    throw new CliError('DEPENDENT_MATCHES', `later matches depend on this result:\n${ids}`, {
      hint: 'rerun with --cascade to reset them (their results are cleared and they are played again)',
      cause: error,
    });
  }
  throw error;
}

/**
 * `tourney match start|dispute|evidence|resolve|correct|reschedule` (R8.6 to R8.19, R20.6): the rest of the match
 * workflow, on the `match` command. Writes use the login token (match writes take no API key) and send an
 * Idempotency-Key.
 */
export function registerMatchWorkflowCommands(match: Command, deps: CliDeps): void {
  withExamples(
    match
      .command('start <matchId>')
      .description('signal that your match (or, as an organizer, a match) has begun')
      .option('--json', 'print the updated match as JSON')
      .action(async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const { data } = await session.call((client) => client.POST('/matches/{id}/start', { params: { path: { id } } }));
        printMatch(deps, data, flags.json, 'started');
      }),
    'tourney match start 0199a1b3-...',
  );

  withExamples(
    match
      .command('dispute <matchId>')
      .description('dispute the result reported for your match')
      .option('--reason <text>', 'what is wrong with the reported result (prompted when omitted)')
      .option('--evidence <url>', 'a link to evidence, e.g. a screenshot or demo (repeat for each)', collectValues)
      .option('--json', 'print the updated match as JSON')
      .action(async (id: string, flags: { reason?: string; evidence?: string[]; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const reason = await reasonOf(deps, flags.reason, 'what is wrong with the reported result');
        const body = { reason, ...(flags.evidence?.length ? { evidence: flags.evidence } : {}) };
        const { data } = await session.call((client) =>
          client.POST('/matches/{id}/dispute', { params: { path: { id }, header: idempotent() }, body }),
        );
        printMatch(deps, data, flags.json, 'disputed');
      }),
    'tourney match dispute 0199a1b3-... --reason "the score was 1-2" --evidence https://example.com/shot.png',
  );

  withExamples(
    match
      .command('evidence <matchId> <url...>')
      .description('attach links to evidence to the dispute of your match')
      .option('--note <text>', 'what the evidence shows')
      .option('--json', 'print the updated match as JSON')
      .action(async (id: string, urls: string[], flags: { note?: string; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const body = { evidence: urls, ...(flags.note ? { note: flags.note } : {}) };
        const { data } = await session.call((client) =>
          client.POST('/matches/{id}/evidence', { params: { path: { id }, header: idempotent() }, body }),
        );
        printResult(deps, flags, data, (m) => `attached ${urls.length} evidence link${urls.length === 1 ? '' : 's'} to ${describeMatch(m)}`, (m) => m.status);
      }),
    'tourney match evidence 0199a1b3-... https://example.com/demo.dem --note "round 14"',
  );

  withExamples(
    match
      .command('resolve <matchId>')
      .description('set the final result of a disputed match (organizers and moderators)')
      .option('--score <A-B>', 'final scores in the side order of the match, e.g. 2-1 (or --games)')
      .option('--games <list>', 'per-game (per-map) scores in side order, e.g. 13-9,7-13,13-11; the score is derived')
      .option('--winner <participant>', 'winner: participant id or side number 1/2 (default: the higher score)')
      .option('--decider <KIND:A-B>', 'what decided a drawn score, e.g. PENALTIES:4-2')
      .option('--penalties <A-B>', 'shorthand for --decider PENALTIES:A-B')
      .option('--reason <text>', 'why (kept in the match history; prompted when omitted)')
      .option('--json', 'print the updated match as JSON')
      .action(async (id: string, flags: ResultFlags & { reason?: string; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const body = { ...(await resultBody(deps, await readMatch(session, id), flags)), reason: await reasonOf(deps, flags.reason, 'kept in the history') };
        const { data } = await session.call((client) =>
          client.POST('/matches/{id}/resolve', { params: { path: { id }, header: idempotent() }, body }),
        );
        printMatch(deps, data, flags.json, 'resolved');
      }),
    'tourney match resolve 0199a1b3-... --score 1-2 --reason "replay shows side 2 won"',
  );

  withExamples(
    match
      .command('correct <matchId>')
      .description('correct the result of a finished match (organizers); later matches are rewired')
      .option('--score <A-B>', 'corrected scores in the side order of the match, e.g. 0-2 (or --games)')
      .option('--games <list>', 'per-game (per-map) scores in side order, e.g. 13-9,7-13,13-11; the score is derived')
      .option('--winner <participant>', 'winner: participant id or side number 1/2 (default: the higher score)')
      .option('--decider <KIND:A-B>', 'what decided a drawn score, e.g. PENALTIES:4-2')
      .option('--penalties <A-B>', 'shorthand for --decider PENALTIES:A-B')
      .option('--reason <text>', 'why (kept in the match history; prompted when omitted)')
      .option('--cascade', 'reset the later matches that were already played with the old result (asks first on a terminal)')
      .option('-y, --yes', 'with --cascade: do not ask for confirmation (required when not running interactively)')
      .option('--json', 'print the correction as JSON')
      .action(
        async (id: string, flags: ResultFlags & { reason?: string; cascade?: boolean; yes?: boolean; json?: boolean }, command: Command) => {
          const session = await openSession(deps, globalsOf(command), 'user');
          if (flags.cascade) await confirmOrStop(deps, flags.yes, 'reset the later matches played with the old result (their results are cleared)?');
          const body = {
            ...(await resultBody(deps, await readMatch(session, id), flags)),
            reason: await reasonOf(deps, flags.reason, 'kept in the history'),
            ...(flags.cascade ? { cascade: true } : {}),
          };
          const { data } = await session
            .call((client) => client.POST('/matches/{id}/correct', { params: { path: { id }, header: idempotent() }, body }))
            .catch(explainDependents);
          if (flags.json) return printJson(deps.io, data);
          printCorrection(deps, safeData(data));
        },
      ),
    'tourney match correct 0199a1b3-... --score 0-2 --reason "score sheet misread"',
    'tourney match correct 0199a1b3-... --score 0-2 --reason "score sheet misread" --cascade --yes',
  );

  withExamples(
    match
      .command('reschedule <matchId>')
      .description('move a scheduled match to another time (organizers)')
      .requiredOption('--at <time>', `new start, ISO 8601, e.g. 2030-06-02T18:00:00Z; ${LOCAL_TIME_NOTE}`)
      .option('--reason <text>', 'why (kept in the match history)')
      .option('--json', 'print the updated match as JSON')
      .action(async (id: string, flags: { at: string; reason?: string; json?: boolean }, command: Command) => {
        const at = new Date(flags.at);
        if (Number.isNaN(at.getTime())) throw new CliError('INVALID_TIME', `invalid --at "${flags.at}": expected an ISO 8601 time, e.g. 2030-06-02T18:00:00Z`);
        const session = await openSession(deps, globalsOf(command), 'user');
        const body = { scheduledAt: at.toISOString(), ...(flags.reason ? { reason: flags.reason } : {}) };
        const { data } = await session.call((client) => client.POST('/matches/{id}/reschedule', { params: { path: { id } }, body }));
        printResult(deps, flags, data, (m) => `rescheduled ${describeMatch(m)} to ${formatTimestamp(m.scheduledAt)}`, (m) => m.scheduledAt ?? '');
      }),
    'tourney match reschedule 0199a1b3-... --at 2030-06-02T18:00:00Z --reason "venue closed"',
  );
}

/** `corrected <summary>`, then one line per rewired, reset and removed match. */
function printCorrection(deps: CliDeps, data: MatchCorrection): void {
  const lines = [`corrected ${describeMatch(data.match)}; status ${humanize(data.match.status)}`];
  for (const [label, ids] of [
    ['rewired', data.rewiredMatchIds],
    ['reset', data.resetMatchIds],
    ['removed (generated again)', data.removedMatchIds],
  ] as const) {
    if (ids.length > 0) lines.push(`${label}: ${ids.join(', ')}`);
  }
  deps.io.stdout.write(`${lines.join('\n')}\n`);
}
