import type { Command } from 'commander';
import type { components } from '@tourney/sdk';
import { printDetectionDetail, VERDICT_WORDS } from '../anticheat/detection-detail';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import type { Column } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { confirmOrStop } from '../prompts/confirm';
import type { Session } from '../session';
import {
  addJsonOption,
  addListOptions,
  addOutcomeJsonOption,
  addYesOption,
  enumOption,
  printApiList,
  printOutcome,
  printResult,
  withExamples,
  type ListOptions,
} from './shared';
import { userIdOf } from './users';

type AntiCheatClient = components['schemas']['AntiCheatClient'];
type Severity = components['schemas']['DetectionSeverity'];
type Verdict = components['schemas']['DetectionVerdict'];

/** Every severity and verdict (the Records keep them equal to the contract's enums). */
const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };
const SEVERITIES = Object.keys(SEVERITY_ORDER) as Severity[];
const VERDICTS = Object.keys(VERDICT_WORDS) as Verdict[];


/**
 * Table columns of an enrolled-client list. AntiCheatClient (listAntiCheatClients) carries the user id, no username.
 * On a terminal the label is shown only when a client has one, and a narrow terminal leaves out the enrolment time,
 * then the client id, before the user; piped: id, user id, label, createdAt, revokedAt|ACTIVE.
 */
export const CLIENT_COLUMNS: readonly Column<AntiCheatClient>[] = [
  { header: 'id', value: (c) => c.id, drop: 2 },
  { header: 'user', value: (c) => c.userId },
  { header: 'label', value: (c) => c.label, flex: true, priority: 2, minWidth: 12, hideEmpty: true },
  { header: 'enrolled', value: (c) => formatTimestamp(c.createdAt), raw: (c) => c.createdAt, drop: 1 },
  { header: 'state', value: (c) => (c.revokedAt ? `revoked ${formatTimestamp(c.revokedAt)}` : 'active'), raw: (c) => c.revokedAt ?? 'ACTIVE' },
];

type KeySession = (deps: CliDeps, command: Command) => Promise<Session>;

/** Repeatable option collector. */
const collectValues = (value: string, previous: string[] = []): string[] => [...previous, value];

/**
 * Operator commands of `tourney anticheat`: `client enroll|list|revoke` (which players are monitored),
 * `detection raise|get|verdict` (an agent's findings and their review). API key only.
 */
export function registerAntiCheatOperatorCommands(anticheat: Command, detection: Command, deps: CliDeps, keySession: KeySession): void {
  const client = anticheat.command('client').description("enroll, list and revoke players' anti-cheat clients (only enrolled players are monitored)");

  withExamples(
    addJsonOption(
      client
        .command('enroll')
        .description("enroll a player's anti-cheat client so that sessions monitor them")
        .requiredOption('--user <username|id>', 'the player: a username or user id')
        .option('--label <text>', "free text, e.g. the client's machine name"),
      'the client',
    ).action(async (flags: { user: string; label?: string; json?: boolean }, command: Command) => {
      const s = await keySession(deps, command);
      const data = await s.call(async (api) => {
        const userId = await userIdOf(api, flags.user);
        return (await api.POST('/anti-cheat/clients', { body: { userId, ...(flags.label ? { label: flags.label } : {}) } })).data;
      });
      printResult(deps, flags, data, (c) => `enrolled client ${c.id} for user ${c.userId}${c.label ? ` (${c.label})` : ''}`, (c) => c.id);
    }),
    'tourney anticheat client enroll --user alice --label "alice-desktop"',
  );

  withExamples(
    addListOptions(
      client
        .command('list')
        .alias('ls')
        .description('list enrolled clients')
        .option('--user <username|id>', 'only the clients of this player')
        .option('--include-revoked', 'also list revoked clients'),
    ).action(async (flags: ListOptions & { user?: string; includeRevoked?: boolean }, command: Command) => {
      const s = await keySession(deps, command);
      const userId = flags.user ? await s.call((api) => userIdOf(api, flags.user as string)) : undefined;
      await printApiList(deps, s, flags, {
        path: '/anti-cheat/clients',
        query: { userId, includeRevoked: flags.includeRevoked },
        noun: 'clients',
        columns: CLIENT_COLUMNS,
      });
    }),
    'tourney anticheat client list',
    'tourney anticheat client ls --user alice --include-revoked',
  );

  withExamples(
    addOutcomeJsonOption(
      addYesOption(client.command('revoke <clientId>').description('revoke a client: its player is no longer monitored in new sessions')),
      '{"revoked": "<clientId>"}',
    ).action(async (id: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const s = await keySession(deps, command);
      await confirmOrStop(deps, flags.yes, `revoke anti-cheat client ${id} (its player is no longer monitored)?`);
      await s.call((api) => api.DELETE('/anti-cheat/clients/{id}', { params: { path: { id } } }));
      printOutcome(deps, flags, { revoked: id }, `revoked client ${id}`, id);
    }),
    'tourney anticheat client revoke 0199a1b2-...',
  );

  withExamples(
    addJsonOption(
      detection
        .command('raise <sessionId>')
        .description('raise a detection for a monitored player of a session (what an anti-cheat agent reports)')
        .requiredOption('--user <username|id>', 'the monitored player')
        .requiredOption('--rule <rule>', "rule that fired: lower-case letters, digits, '.', '-' and '_', e.g. aim.snap_angle")
        .requiredOption('--severity <severity>', `${SEVERITIES.map((v) => v.toLowerCase()).join(', ')}`, enumOption(SEVERITIES))
        .option('--ai-label <label>', 'AI verdict label, e.g. likely_aimbot (with --ai-confidence)')
        .option('--ai-confidence <0..1>', 'AI verdict confidence from 0 to 1', (v: string) => {
          const n = Number(v);
          if (!Number.isFinite(n) || n < 0 || n > 1) throw new CliError('INVALID_OPTION', '--ai-confidence must be a number from 0 to 1');
          return n;
        })
        .option('--evidence <mediaFileId>', 'uploaded evidence of the session to attach (repeat for each)', collectValues),
      'the detection',
    ).action(
      async (
        sessionId: string,
        flags: { user: string; rule: string; severity: Severity; aiLabel?: string; aiConfidence?: number; evidence?: string[]; json?: boolean },
        command: Command,
      ) => {
        if ((flags.aiLabel === undefined) !== (flags.aiConfidence === undefined)) {
          throw new CliError('INVALID_OPTION', '--ai-label and --ai-confidence go together');
        }
        const s = await keySession(deps, command);
        const data = await s.call(async (api) => {
          const userId = await userIdOf(api, flags.user);
          const body = {
            userId,
            rule: flags.rule,
            severity: flags.severity,
            ...(flags.aiLabel !== undefined ? { aiVerdict: { label: flags.aiLabel, confidence: flags.aiConfidence as number } } : {}),
            ...(flags.evidence?.length ? { evidenceMediaFileIds: flags.evidence } : {}),
          };
          return (await api.POST('/anti-cheat/sessions/{sessionId}/detections', { params: { path: { sessionId } }, body })).data;
        });
        printResult(deps, flags, data, (d) => `raised detection ${d.id}: ${d.rule} (${d.severity.toLowerCase()}) for user ${d.userId}`, (d) => d.id);
      },
    ),
    'tourney anticheat detection raise m-1042 --user alice --rule aim.snap_angle --severity high',
    'tourney anticheat detection raise m-1042 --user alice --rule wallhack --severity critical --ai-label likely_wallhack --ai-confidence 0.93',
  );

  withExamples(
    addJsonOption(
      detection.command('get <detectionId>').description('show one detection with its AI verdict, review note and evidence files'),
      'the detection',
    ).action(async (id: string, flags: { json?: boolean }, command: Command) => {
      const s = await keySession(deps, command);
      const { data } = await s.call((api) => api.GET('/anti-cheat/detections/{id}', { params: { path: { id } } }));
      // getDetection (R20.13): the AI verdict, the verdict note and the evidence files; --json the API data exactly.
      printResult(deps, flags, data, (d) => printDetectionDetail(deps.io, d));
    }),
    'tourney anticheat detection get 0199a1b2-...',
  );

  withExamples(
    addJsonOption(
      detection
        .command('verdict <detectionId>')
        .description('record the review verdict of a detection (once)')
        .requiredOption('--verdict <verdict>', VERDICTS.map((v) => v.toLowerCase().replace(/_/g, '-')).join(', '), enumOption(VERDICTS))
        .option('--note <text>', 'why, kept with the verdict'),
      'the detection',
    ).action(async (id: string, flags: { verdict: Verdict; note?: string; json?: boolean }, command: Command) => {
      const s = await keySession(deps, command);
      const body = { verdict: flags.verdict, ...(flags.note ? { note: flags.note } : {}) };
      const { data } = await s.call((api) => api.POST('/anti-cheat/detections/{id}/verdict', { params: { path: { id } }, body }));
      printResult(deps, flags, data, (d) => `recorded verdict ${humanize(d.verdict ?? flags.verdict)} on detection ${d.id}`, (d) => d.verdict ?? flags.verdict);
    }),
    'tourney anticheat detection verdict 0199a1b2-... --verdict false-positive --note "reviewed the demo"',
  );
}
