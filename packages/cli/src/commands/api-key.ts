import type { Command } from 'commander';
import type { components } from '@tourney/sdk';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import type { Column } from '../output/table';
import { formatTimestamp } from '../output/text';
import { openSession } from '../session';
import { developerProject } from './project-option';
import {
  addListOptions,
  addOutcomeJsonOption,
  addYesOption,
  globalsOf,
  LOCAL_TIME_NOTE,
  printApiList,
  printOutcome,
  withExamples,
  type ListOptions,
} from './shared';
import { confirmOrStop } from '../prompts/confirm';
import { safeText } from '../output/safe-text';

type ApiKey = components['schemas']['ApiKey'];
type Scope = components['schemas']['Scope'];

/** Every scope an API key can hold (contract: Scope). */
export const SCOPES: readonly Scope[] = [
  'manage:tournaments',
  'read:tournaments',
  'read:circuits',
  'manage:circuits',
  'manage:webhooks',
  'read:webhooks',
  'read:analytics',
  'anticheat:session.write',
  'anticheat:detections.read',
  'anticheat:evidence.write',
];

/** Table columns of an API key list (never the secret). */
export const API_KEY_COLUMNS: readonly Column<ApiKey>[] = [
  { header: 'id', value: (k) => k.id, drop: 1 },
  { header: 'name', value: (k) => k.name, flex: true, priority: 2 },
  { header: 'key', value: (k) => `${k.prefix}...${k.lastFour}` },
  { header: 'scopes', value: (k) => k.scopes.join(','), flex: true, priority: 0 },
  { header: 'last used', value: (k) => formatTimestamp(k.lastUsedAt), raw: (k) => k.lastUsedAt, drop: 2 },
  {
    header: 'state',
    value: (k) => (k.revokedAt ? 'revoked' : k.expiresAt && k.expiresAt <= new Date().toISOString() ? 'expired' : 'active'),
    raw: (k) => (k.revokedAt ? 'REVOKED' : k.expiresAt && k.expiresAt <= new Date().toISOString() ? 'EXPIRED' : 'ACTIVE'),
  },
];

/** `tourney api-key create|list|revoke` (R1.12 to R1.16). */
export function registerApiKeyCommands(program: Command, deps: CliDeps): void {
  const apiKey = program.command('api-key').description('create, list and revoke the API keys of a project');

  withExamples(
    apiKey
      .command('create')
      .description('create an API key; prints the key once')
      .requiredOption('--name <name>', 'a name to recognise the key by')
      .requiredOption('--scope <scope...>', `scopes to grant: ${SCOPES.join(', ')}`)
      .option('--expires-at <date>', `expiry, ISO 8601 date-time (default: never); ${LOCAL_TIME_NOTE}`)
      .option('--project <id>', 'project (default: the profile projectId; not needed with an API key)')
      .option('--json', 'print the created key (with its secret) as JSON')
      .action(async (flags: { name: string; scope: string[]; expiresAt?: string; project?: string; json?: boolean }, command: Command) => {
        const unknown = flags.scope.filter((s) => !(SCOPES as readonly string[]).includes(s));
        if (unknown.length > 0) throw new CliError('INVALID_OPTION', `unknown scope ${unknown.join(', ')}; expected ${SCOPES.join(', ')}`);
        let expiresAt: string | undefined;
        if (flags.expiresAt !== undefined) {
          const at = new Date(flags.expiresAt);
          if (Number.isNaN(at.getTime())) throw new CliError('INVALID_DATE', `invalid --expires-at "${flags.expiresAt}": expected ISO 8601`);
          expiresAt = at.toISOString();
        }
        const session = await openSession(deps, globalsOf(command), 'any');
        const projectId = developerProject(session, flags.project);
        const body = { name: flags.name, scopes: flags.scope as Scope[], ...(expiresAt ? { expiresAt } : {}), ...(projectId ? { projectId } : {}) };
        const { data } = await session.call((client) => client.POST('/developer/api-keys', { body }));
        if (flags.json) return printJson(deps.io, data);
        if (!deps.io.isTTY) return void deps.io.stdout.write(`${data.id}\t${data.key}\n`);
        deps.io.stdout.write(`created API key "${safeText(data.name)}" (${data.id}) with ${data.scopes.join(', ')}\n`);
        deps.io.stdout.write(`key (shown only now; store it safely): ${data.key}\n`);
      }),
    'tourney api-key create --name ci --scope manage:tournaments read:tournaments',
    'tourney api-key create --name hooks --scope manage:webhooks --expires-at 2031-01-01T00:00:00Z --json',
  );

  withExamples(
    addListOptions(
      apiKey
        .command('list')
        .alias('ls')
        .description('list the API keys of the project (never their secrets)')
        .option('--include-revoked', 'also list revoked keys')
        .option('--project <id>', 'project (default: the profile projectId; not needed with an API key)'),
    ).action(async (flags: ListOptions & { includeRevoked?: boolean; project?: string }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await printApiList(deps, session, flags, {
        path: '/developer/api-keys',
        query: { projectId: developerProject(session, flags.project), includeRevoked: flags.includeRevoked },
        noun: 'API keys',
        columns: API_KEY_COLUMNS,
      });
    }),
    'tourney api-key list',
    'tourney api-key ls --include-revoked --json',
  );

  withExamples(
    addOutcomeJsonOption(
      addYesOption(apiKey.command('revoke <apiKeyId>').description('revoke an API key: requests with it answer 401 from now on (asks first)')),
      '{"revoked": "<apiKeyId>"}',
    ).action(async (id: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await confirmOrStop(deps, flags.yes, `revoke API key ${id} (programs using it stop working)?`);
      await session.call((client) => client.DELETE('/developer/api-keys/{id}', { params: { path: { id } } }));
      printOutcome(deps, flags, { revoked: id }, `revoked API key ${id}`, id);
    }),
    'tourney api-key revoke 0199a1b2-...',
  );
}
