import { basename } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Detection, EvidenceKind } from '@tourney/sdk';
import { loadSdk } from '../sdk-runtime';
import { guessContentType } from '../anticheat/content-type';
import { DETECTION_COLUMNS, detectionLine } from '../anticheat/detection-output';
import { checkEvidenceTarget, writeEvidence, type EvidenceTarget } from '../anticheat/evidence-file';
import { SESSION_COLUMNS } from '../anticheat/session-output';
import { watchDetections } from '../anticheat/watch-detections';
import type { CliDeps } from '../deps';
import { CliError, ExitCode } from '../errors';
import { withheldError } from '../config/credential-scope';
import { printJson } from '../output/json';
import { printFields, printTable } from '../output/table';
import { formatTimestamp } from '../output/text';
import { openSession, type Session } from '../session';
import { readBytesFile } from './file-io';
import { addListOptions, choiceOption, globalsOf, intOption, type ListOptions, printApiList, printResult, withExamples } from './shared';
import { registerAntiCheatOperatorCommands } from './anticheat-operator';
import { userIdOf } from './users';
import { safeData } from '../output/safe-text';

const GAMES = ['cs2', 'valorant', 'apex', 'dota2', 'rl'] as const;
const KINDS: readonly EvidenceKind[] = ['screenshot', 'video', 'log', 'replay', 'other'];
const CONTENT_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$/;

/** commander parser for a positive number of seconds (decimals allowed, at least 0.01). */
function secondsOption(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0.01) throw new InvalidArgumentError('expected a number of seconds >= 0.01, e.g. 5 or 0.5');
  return n;
}

/** Repeatable option collector. */
const collectValues = (value: string, previous: string[] = []): string[] => [...previous, value];

/**
 * Opens a session that sends the project API key; the anti-cheat surface takes no login token (R12.1).
 * @throws CliError NO_API_KEY (exit 4) when no key is configured; API_KEY_ELSEWHERE (exit 4) when the profile's key
 *   belongs to another API root than this run's (R20.2).
 */
export async function keySession(deps: CliDeps, command: Command): Promise<Session> {
  const session = await openSession(deps, globalsOf(command), 'any');
  if (session.settings.apiKey === undefined) {
    if (session.settings.withheld.includes('API key')) throw withheldError(session.settings, 'API key');
    throw new CliError('NO_API_KEY', 'anti-cheat commands need a project API key', {
      exitCode: ExitCode.AUTH,
      hint: 'pass --api-key, set TOURNEY_API_KEY, or store apiKey in the profile',
    });
  }
  return session;
}

interface StartFlags {
  game: (typeof GAMES)[number];
  match?: string;
  participant: string[];
  json?: boolean;
}

/** Flags of `detection list`: the list options of every list command (--page, --all, --limit up to 200, R3.3). */
interface ListFlags extends ListOptions {
  unreviewed?: boolean;
  session?: string;
  watch?: boolean;
  interval: number;
}

/** Flags of `session list`: the usual list options and the filters of listAntiCheatSessions. */
interface SessionListFlags extends ListOptions {
  active?: boolean;
  ended?: boolean;
  match?: string;
}

interface UploadFlags {
  session: string;
  kind: EvidenceKind;
  contentType?: string;
  detection?: string;
  json?: boolean;
}

/** `tourney anticheat session start|list|get|end`, `detection list`, `evidence upload|download` (API key only). */
export function registerAntiCheatCommands(program: Command, deps: CliDeps): void {
  const anticheat = program
    .command('anticheat')
    .description('anti-cheat sessions, detections and evidence for game servers (needs a project API key)');

  const session = anticheat.command('session').description('start, list, inspect and end monitoring sessions');
  withExamples(
    session
      .command('start')
      .description('start a monitoring session for a match (PRO plan, scope anticheat:session.write)')
      .requiredOption('--game <game>', `game: ${GAMES.join(', ')}`, choiceOption(GAMES))
      .option('--match <id>', 'match id to monitor (generated when omitted); it becomes the session id')
      .requiredOption('--participant <username|id>', 'player to monitor: a username or user id (repeat for each)', collectValues)
      .option('--json', 'print the API data as JSON')
      .action(async (flags: StartFlags, command: Command) => {
        const s = await keySession(deps, command);
        // Usernames are looked up (GET /users/{username}) for the ids the API takes, as `client enroll --user` does.
        const { data, userIds } = await s.call(async (client) => {
          const ids = await Promise.all(flags.participant.map((participant) => userIdOf(client, participant)));
          const body = { game: flags.game, participants: ids.map((userId) => ({ userId })), ...(flags.match ? { matchId: flags.match } : {}) };
          return { data: (await client.POST('/anti-cheat/sessions', { body })).data, userIds: ids };
        });
        printResult(
          deps,
          flags,
          data,
          (d) => `started session ${d.sessionId} (${d.game}): ${d.coveredParticipants} of ${d.requestedParticipants} participants covered`,
          (d) => `${d.sessionId}\t${d.coveredParticipants}\t${d.requestedParticipants}`,
        );
        if (data.coveredParticipants < data.requestedParticipants) {
          const uncovered = flags.participant.filter((_, i) => !data.coveredUserIds.includes(userIds[i] as string));
          deps.io.stderr.write(
            `warning: ${data.requestedParticipants - data.coveredParticipants} of ${data.requestedParticipants} participants are not monitored: ` +
              `no enrolled anti-cheat client (${uncovered.join(', ')}); enroll them with 'tourney anticheat client enroll --user ID'\n`,
          );
        }
      }),
    'tourney anticheat session start --game cs2 --match m-1042 --participant alice --participant bob',
  );

  withExamples(
    addListOptions(
      session
        .command('list')
        .alias('ls')
        .description("list the project's sessions, newest first (--active finds those a game server left running)")
        .addOption(new Option('--active', 'only active sessions').conflicts('ended'))
        .addOption(new Option('--ended', 'only ended sessions').conflicts('active'))
        .option('--match <id>', 'only the sessions of this match (several when it was played again)'),
    ).action(async (flags: SessionListFlags, command: Command) => {
      const s = await keySession(deps, command);
      // listAntiCheatSessions (R20.13) is paginated like every list (R3.3): one page, or every page with --all.
      const status = flags.active ? 'ACTIVE' : flags.ended ? 'ENDED' : undefined;
      await printApiList(deps, s, flags, {
        path: '/anti-cheat/sessions',
        query: { status, matchId: flags.match || undefined },
        noun: 'sessions',
        columns: SESSION_COLUMNS,
        empty: 'no sessions',
      });
    }),
    'tourney anticheat session list --active',
    'tourney anticheat session ls --match m-1042 --all',
  );

  withExamples(
    session
      .command('get <sessionId>')
      .description('show a session with its participants and counts')
      .option('--json', 'print the API data as JSON')
      .action(async (sessionId: string, flags: { json?: boolean }, command: Command) => {
        const s = await keySession(deps, command);
        const { data } = await s.call((client) => client.GET('/anti-cheat/sessions/{sessionId}', { params: { path: { sessionId } } }));
        if (flags.json) return printJson(deps.io, data);
        const covered = data.participants.filter((p) => p.covered).length;
        // Piped (R20.5): the raw values of getAntiCheatSession; participants as covered/requested.
        printFields(deps.io, [
          ['session', data.sessionId],
          ['game', data.game],
          ['status', data.status.toLowerCase(), data.status],
          ['participants', `${covered} of ${data.participants.length} covered`, `${covered}/${data.participants.length}`],
          ['detections', data.detectionCount],
          ['evidence', data.evidenceCount],
          ['started', formatTimestamp(data.startedAt), data.startedAt],
          ['ended', formatTimestamp(data.endedAt), data.endedAt],
          ['end reason', data.endReason],
        ]);
      }),
    'tourney anticheat session get m-1042',
  );

  withExamples(
    session
      .command('end <sessionId>')
      .description('end a monitoring session (a session that is not active is left as it is)')
      .option('--reason <text>', 'why the session ended, kept with it')
      .option('--json', 'print the API data as JSON')
      .action(async (sessionId: string, flags: { reason?: string; json?: boolean }, command: Command) => {
        const s = await keySession(deps, command);
        const { data } = await s.call((client) =>
          client.POST('/anti-cheat/sessions/{sessionId}/end', {
            params: { path: { sessionId } },
            body: flags.reason ? { reason: flags.reason } : {},
          }),
        );
        if (flags.json) return printJson(deps.io, data);
        deps.io.stdout.write(data.ended ? `ended session ${data.sessionId}\n` : `no active session ${data.sessionId}; nothing to end\n`);
      }),
    'tourney anticheat session end m-1042 --reason "match finished"',
  );

  const detection = anticheat.command('detection').description('list, raise, show and review detections of the project');
  withExamples(
    detection
      .command('list')
      .alias('ls')
      .description('list detections, newest first; --watch keeps polling for new ones until Ctrl+C')
      .option('--unreviewed', 'only detections without a verdict')
      .option('--session <id>', 'only detections of this session')
      .option('--json', 'print the API data as JSON (with --watch: one JSON object per line)')
      .addOption(new Option('--all', 'fetch every page').conflicts('watch'))
      .addOption(new Option('--page <n>', 'page to show (1-based)').argParser(intOption(1)).conflicts('watch'))
      .option('--limit <n>', 'items per page (1-200, default 50; 100 with --all)', intOption(1, 200))
      .option('--watch', 'poll for new detections and print them as they come (stop with Ctrl+C)')
      .option('--interval <seconds>', 'seconds between polls with --watch', secondsOption, 5)
      .action(async (flags: ListFlags, command: Command) => {
        const s = await keySession(deps, command);
        const filters = { unreviewedOnly: flags.unreviewed ? true : undefined, sessionId: flags.session || undefined };
        if (!flags.watch) {
          // listDetections is a paginated list like the others (R3.3): one page, or every page with --all.
          await printApiList(deps, s, flags, { path: '/anti-cheat/detections', query: filters, noun: 'detections', columns: DETECTION_COLUMNS, empty: 'no detections' });
          return;
        }
        const query = {
          ...(flags.unreviewed ? { unreviewedOnly: true } : {}),
          ...(flags.session ? { sessionId: flags.session } : {}),
          ...(flags.limit ? { limit: flags.limit } : {}),
        };
        const fetchLatest = async (): Promise<Detection[]> =>
          (await s.call((client) => client.GET('/anti-cheat/detections', { params: { query } }))).data;
        if (deps.io.isTTY) deps.io.stderr.write(`watching detections every ${flags.interval} s; press Ctrl+C to stop\n`);
        const reason = await watchDetections({
          fetchLatest,
          intervalMs: flags.interval * 1000,
          stop: deps.waitForShutdown(),
          onNew: (fresh) => {
            for (const d of fresh) {
              if (flags.json) deps.io.stdout.write(`${JSON.stringify(d)}\n`);
              else if (deps.io.isTTY) deps.io.stdout.write(`${detectionLine(safeData(d))}\n`);
              else printTable(deps.io, DETECTION_COLUMNS, [d]);
            }
          },
        });
        deps.io.stderr.write(`received ${reason}, stopped watching\n`);
      }),
    'tourney anticheat detection list --unreviewed',
    'tourney anticheat detection list --limit 200 --page 2',
    'tourney anticheat detection ls --session m-1042 --watch --interval 2',
  );

  registerAntiCheatOperatorCommands(anticheat, detection, deps, keySession);

  const evidence = anticheat.command('evidence').description('upload and download evidence files of a session');
  withExamples(
    evidence
      .command('upload <file>')
      .description('upload a file (screenshot, clip, log) as evidence of a session: checksum, presign, PUT')
      .requiredOption('--session <id>', 'session the evidence belongs to')
      .option('--kind <kind>', `kind: ${KINDS.join(', ')}`, choiceOption(KINDS), 'screenshot' as EvidenceKind)
      .option('--content-type <type>', 'MIME type (default: from the file extension)')
      .option('--detection <id>', 'attach the evidence to this detection of the session')
      .option('--json', 'print the API data as JSON')
      .action(async (file: string, flags: UploadFlags, command: Command) => {
        const contentType = flags.contentType ?? guessContentType(file);
        if (contentType === undefined) {
          throw new CliError('MISSING_VALUE', `cannot tell the content type of ${basename(file)}; pass --content-type, e.g. image/png`);
        }
        if (!CONTENT_TYPE.test(contentType)) throw new CliError('INVALID_VALUE', `invalid --content-type "${contentType}": expected type/subtype`);
        const bytes = await readBytesFile(file);
        if (bytes.byteLength === 0) throw new CliError('INVALID_VALUE', `${file} is empty; evidence needs at least one byte`);
        const s = await keySession(deps, command);
        const { uploadEvidence } = await loadSdk();
        const uploaded = await s.call(
          (client) =>
            uploadEvidence(client, {
            sessionId: flags.session,
            kind: flags.kind,
            contentType: contentType.toLowerCase(),
            bytes,
            ...(flags.detection ? { detectionId: flags.detection } : {}),
            }),
          `uploading ${basename(file)} (${bytes.byteLength} bytes)`,
        );
        if (flags.json) return printJson(deps.io, uploaded);
        if (!deps.io.isTTY) {
          deps.io.stdout.write(`${uploaded.mediaFileId}\n`);
          return;
        }
        deps.io.stdout.write(`uploaded ${basename(file)} (${uploaded.sizeBytes} bytes, sha256 ${uploaded.sha256.slice(0, 12)}…) as ${uploaded.mediaFileId}\n`);
      }),
    'tourney anticheat evidence upload ./shot.png --session m-1042 --kind screenshot',
    'tourney anticheat evidence upload ./server.log --session m-1042 --kind log --detection <detectionId>',
  );

  withExamples(
    evidence
      .command('download <mediaFileId>')
      .description("save an evidence file's bytes (ids from 'detection get') to a file, or to stdout when piped")
      .option('-o, --output <file>', 'write to this file (not replaced when it exists, unless --force)')
      .option('--force', 'with --output: replace the file when it exists')
      .action(async (mediaFileId: string, flags: EvidenceTarget, command: Command) => {
        // R20.13: the target is checked before the download (no bytes to a terminal, no file replaced unasked).
        await checkEvidenceTarget(deps.io, flags);
        const s = await keySession(deps, command);
        const data = await s.call(
          (client) => client.GET('/anti-cheat/evidence/{mediaFileId}', { params: { path: { mediaFileId } }, parseAs: 'arrayBuffer' }),
          `downloading evidence ${mediaFileId}`,
        );
        await writeEvidence(deps.io, new Uint8Array(data), flags);
      }),
    'tourney anticheat evidence download 0199a1b2-... -o shot.png',
    'tourney anticheat evidence download 0199a1b2-... > server.log',
  );
}
