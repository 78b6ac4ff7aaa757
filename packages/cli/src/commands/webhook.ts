import type { Command } from 'commander';
import type { components } from '@tourney/sdk';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields, type Column, type Field } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { openSession, type Session } from '../session';
import { developerProject } from './project-option';
import {
  addListOptions,
  addOutcomeJsonOption,
  addYesOption,
  enumOption,
  globalsOf,
  intOption,
  printDone,
  printApiList,
  printOutcome,
  statusColumn,
  withExamples,
  type ListOptions,
} from './shared';
import { confirmOrStop } from '../prompts/confirm';
import { withProgress } from '../output/progress';
import { safeText } from '../output/safe-text';

type Webhook = components['schemas']['WebhookSubscription'];
type WebhookDelivery = components['schemas']['WebhookDelivery'];
type EventSelector = components['schemas']['WebhookEventSelector'];
type DeliveryStatus = components['schemas']['WebhookDeliveryStatus'];

const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['PENDING', 'SUCCEEDED', 'FAILED'];

/** Table columns of a subscription list. */
export const WEBHOOK_COLUMNS: readonly Column<Webhook>[] = [
  { header: 'id', value: (w) => w.id },
  { header: 'url', value: (w) => w.url, flex: true, priority: 2, minWidth: 20 },
  { header: 'events', value: (w) => w.events.join(','), flex: true, priority: 0 },
  {
    header: 'state',
    value: (w) => (w.enabled ? 'enabled' : `disabled (${humanize(w.disabledReason ?? 'MANUAL')})`),
    raw: (w) => (w.enabled ? 'ENABLED' : `DISABLED:${w.disabledReason ?? 'MANUAL'}`),
  },
];

/** Table columns of a delivery log. */
export const DELIVERY_COLUMNS: readonly Column<WebhookDelivery>[] = [
  { header: 'id', value: (d) => d.id },
  { header: 'event', value: (d) => d.eventType },
  statusColumn('status', (d) => d.status),
  { header: 'attempts', value: (d) => d.attemptCount, align: 'right' },
  { header: 'last', value: (d) => (d.lastStatusCode === null ? (d.attemptCount > 0 ? 'no answer' : '') : `HTTP ${d.lastStatusCode}`), raw: (d) => d.lastStatusCode },
  { header: 'next', value: (d) => formatTimestamp(d.nextAttemptAt), raw: (d) => d.nextAttemptAt },
  { header: 'error', value: (d) => d.lastError, flex: true, priority: 2 },
];

/** Milliseconds between two looks at a test delivery. */
const POLL_MS = 200;

/** `tourney webhook create|list|update|delete|deliveries|redeliver|test|rotate-secret` (R10.1 to R10.10). */
export function registerWebhookCommands(program: Command, deps: CliDeps): void {
  const webhook = program.command('webhook').description('subscribe URLs to events, follow deliveries, send test events');

  withExamples(
    webhook
      .command('create')
      .description('subscribe a URL to events; prints the signing secret once')
      .requiredOption('--url <url>', 'receiving endpoint (http or https)')
      .option('--event <name...>', 'event names, e.g. match.completed tournament.started, or "*" for all (default "*")')
      .option('--disabled', 'create it disabled')
      .option('--project <id>', 'project (default: the profile projectId; not needed with an API key)')
      .option('--json', 'print the created subscription (with its secret) as JSON')
      .action(async (flags: { url: string; event?: string[]; disabled?: boolean; project?: string; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const projectId = developerProject(session, flags.project);
        const body = {
          url: flags.url,
          events: (flags.event ?? ['*']) as EventSelector[],
          ...(flags.disabled ? { enabled: false } : {}),
          ...(projectId ? { projectId } : {}),
        };
        const { data } = await session.call((client) => client.POST('/developer/webhooks', { body }));
        if (flags.json) return printJson(deps.io, data);
        if (!deps.io.isTTY) return void deps.io.stdout.write(`${data.id}\t${data.secret}\n`);
        deps.io.stdout.write(`created webhook ${data.id} for ${safeText(data.url)} (events: ${data.events.join(', ')})\n`);
        deps.io.stdout.write(`signing secret (shown only now; store it to verify deliveries): ${data.secret}\n`);
      }),
    'tourney webhook create --url https://example.com/hooks/tourney --event match.completed tournament.completed',
    'tourney webhook create --url https://example.com/hooks --json',
  );

  withExamples(
    addListOptions(
      webhook
        .command('list')
        .alias('ls')
        .description('list the subscriptions of the project')
        .option('--project <id>', 'project (default: the profile projectId; not needed with an API key)'),
    ).action(async (flags: ListOptions & { project?: string }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await printApiList(deps, session, flags, {
        path: '/developer/webhooks',
        query: { projectId: developerProject(session, flags.project) },
        noun: 'webhooks',
        columns: WEBHOOK_COLUMNS,
      });
    }),
    'tourney webhook list',
    'tourney webhook ls --all --json',
  );

  withExamples(
    webhook
      .command('update <webhookId>')
      .description('change the URL or the events, enable or disable a subscription')
      .option('--url <url>', 'new receiving endpoint')
      .option('--event <name...>', 'new event names, or "*"')
      .option('--enable', 'enable it (pending deliveries resume)')
      .option('--disable', 'disable it (deliveries wait)')
      .option('--json', 'print the subscription as JSON')
      .action(async (id: string, flags: { url?: string; event?: string[]; enable?: boolean; disable?: boolean; json?: boolean }, command: Command) => {
        if (flags.enable && flags.disable) throw new CliError('INVALID_OPTION', '--enable and --disable exclude each other');
        const body = {
          ...(flags.url !== undefined ? { url: flags.url } : {}),
          ...(flags.event !== undefined ? { events: flags.event as EventSelector[] } : {}),
          ...(flags.enable ? { enabled: true } : flags.disable ? { enabled: false } : {}),
        };
        if (Object.keys(body).length === 0) throw new CliError('MISSING_VALUE', 'nothing to change: give --url, --event, --enable or --disable');
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.PATCH('/developer/webhooks/{id}', { params: { path: { id } }, body }));
        if (flags.json) printJson(deps.io, data);
        else printWebhook(deps, data);
      }),
    'tourney webhook update 0199a1b2-... --event "*"',
    'tourney webhook update 0199a1b2-... --enable',
  );

  withExamples(
    addOutcomeJsonOption(
      addYesOption(webhook.command('delete <webhookId>').alias('rm').description('delete a subscription and its delivery log (asks first)')),
      '{"deleted": "<webhookId>"}',
    ).action(async (id: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await confirmOrStop(deps, flags.yes, `delete webhook ${id} and its delivery log?`);
      await session.call((client) => client.DELETE('/developer/webhooks/{id}', { params: { path: { id } } }));
      printOutcome(deps, flags, { deleted: id }, `deleted webhook ${id}`, id);
    }),
    'tourney webhook delete 0199a1b2-...',
    'tourney webhook rm 0199a1b2-... --yes',
  );

  withExamples(
    addListOptions(
      webhook
        .command('deliveries <webhookId>')
        .description('show the delivery log: status, attempts, last answer, next retry')
        .option('--status <status>', 'only pending, succeeded or failed deliveries', enumOption(DELIVERY_STATUSES)),
    ).action(async (id: string, flags: ListOptions & { status?: DeliveryStatus }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await printApiList(deps, session, flags, {
        path: '/developer/webhooks/{id}/deliveries',
        pathParams: { id },
        query: { status: flags.status },
        noun: 'deliveries',
        columns: DELIVERY_COLUMNS,
      });
    }),
    'tourney webhook deliveries 0199a1b2-...',
    'tourney webhook deliveries 0199a1b2-... --status failed --json',
  );

  withExamples(
    webhook
      .command('redeliver <webhookId> <deliveryId>')
      .description('send a delivery again now (same webhook-id)')
      .option('--json', 'print the delivery as JSON')
      .action(async (id: string, deliveryId: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) =>
          client.POST('/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id, deliveryId } } }),
        );
        if (flags.json) printJson(deps.io, data);
        else printDone(deps, `delivery ${data.id} (${data.eventType}) queued for redelivery`, `${data.id}\t${data.status}`);
      }),
    'tourney webhook redeliver 0199a1b2-... 0199a1b3-...',
  );

  withExamples(
    webhook
      .command('test <webhookId>')
      .description('send a webhook.test event to the subscription and wait for the answer')
      .option('--wait <seconds>', 'how long to wait for the attempt (0: do not wait)', intOption(0, 300), 15)
      .option('--json', 'print the delivery as JSON')
      .action(async (id: string, flags: { wait: number; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const queued = await session.call((client) => client.POST('/developer/webhooks/{id}/test', { params: { path: { id } } }));
        const delivery = await withProgress(deps, `waiting for the receiver's answer (up to ${flags.wait} s)`, () =>
          waitForAttempt(deps, session, id, queued.data, flags.wait * 1000),
        );
        if (flags.json) printJson(deps.io, delivery);
        else printDone(deps, describeDelivery(delivery), `${delivery.id}\t${delivery.status}\t${delivery.lastStatusCode ?? ''}`);
        if (delivery.status === 'FAILED') {
          throw new CliError('DELIVERY_FAILED', `the test event was not accepted: ${delivery.lastError ?? 'no answer'}`);
        }
      }),
    'tourney webhook test 0199a1b2-...',
    'tourney webhook test 0199a1b2-... --wait 0',
  );

  withExamples(
    webhook
      .command('rotate-secret <webhookId>')
      .description('issue a new signing secret; the old one keeps signing during the overlap')
      .option('--overlap <seconds>', 'how long the old secret keeps signing (default 86400; 0 = retire it now)', intOption(0, 604_800))
      .option('--json', 'print the subscription with its new secret as JSON')
      .action(async (id: string, flags: { overlap?: number; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const body = flags.overlap === undefined ? {} : { overlapSeconds: flags.overlap };
        const { data } = await session.call((client) => client.POST('/developer/webhooks/{id}/rotate-secret', { params: { path: { id } }, body }));
        if (flags.json) return printJson(deps.io, data);
        if (!deps.io.isTTY) return void deps.io.stdout.write(`${data.secret}\n`);
        deps.io.stdout.write(`new signing secret (shown only now): ${data.secret}\n`);
        deps.io.stdout.write(
          data.previousSecretExpiresAt
            ? `the previous secret keeps signing until ${formatTimestamp(data.previousSecretExpiresAt)}\n`
            : 'the previous secret no longer signs\n',
        );
      }),
    'tourney webhook rotate-secret 0199a1b2-... --overlap 3600',
  );
}

/** Polls a queued delivery until its first attempt is recorded or `timeoutMs` passes; returns its last state. */
async function waitForAttempt(deps: CliDeps, session: Session, id: string, delivery: WebhookDelivery, timeoutMs: number): Promise<WebhookDelivery> {
  const deadline = deps.clock.now().getTime() + timeoutMs;
  let current = delivery;
  while (current.attemptCount === 0 && deps.clock.now().getTime() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const { data } = await session.call((client) =>
      client.GET('/developer/webhooks/{id}/deliveries/{deliveryId}', { params: { path: { id, deliveryId: delivery.id } } }),
    );
    current = data;
  }
  return current;
}

/** `delivered: HTTP 204 in 12 ms`, `failed: HTTP 500`, or `queued` while no attempt was made. */
export function describeDelivery(d: WebhookDelivery): string {
  const last = d.attempts[d.attempts.length - 1];
  if (d.attemptCount === 0 || !last) return `queued: delivery ${d.id} (${d.eventType}) has not been attempted yet`;
  const answer = last.statusCode === null ? 'no answer' : `HTTP ${last.statusCode}`;
  if (last.succeeded) return `delivered: ${answer} in ${last.durationMs} ms (delivery ${d.id})`;
  return `failed: ${last.error ?? answer} after ${last.durationMs} ms (delivery ${d.id}, ${humanize(d.status)})`;
}

/**
 * Prints a subscription (updateWebhook's answer); piped, the raw values (R20.5): the state as in `webhook list`
 * (`ENABLED`, `DISABLED:<reason>`), ISO times; `disabled at` only for a disabled one.
 */
function printWebhook(deps: CliDeps, w: Webhook): void {
  printFields(deps.io, [
    ['id', w.id],
    ['url', w.url],
    ['events', w.events.join(', '), w.events.join(',')],
    [
      'state',
      w.enabled ? 'enabled' : `disabled (${humanize(w.disabledReason ?? 'MANUAL')})`,
      w.enabled ? 'ENABLED' : `DISABLED:${w.disabledReason ?? 'MANUAL'}`,
    ],
    ...(w.enabled ? [] : ([['disabled at', formatTimestamp(w.disabledAt), w.disabledAt]] as Field[])),
    ['updated', formatTimestamp(w.updatedAt), w.updatedAt],
  ]);
}
