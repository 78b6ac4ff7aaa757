import type { Notification } from '@tourney/sdk';
import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printTable, type Column } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { openSession } from '../session';
import { addListOptions, collect, globalsOf, printPageHint, withExamples, type ListOptions } from './shared';

/** Table columns of a notification list (a `*` marks unread ones). */
export const NOTIFICATION_COLUMNS: readonly Column<Notification>[] = [
  { header: 'id', value: (n) => n.id },
  { header: ' ', value: (n) => (n.readAt ? '' : '*') },
  { header: 'when', value: (n) => formatTimestamp(n.createdAt) },
  { header: 'type', value: (n) => humanize(n.type) },
  { header: 'message', value: (n) => n.message, flex: true },
];

/** `tourney notification list|read` (R15.6). */
export function registerNotificationCommands(program: Command, deps: CliDeps): void {
  const notification = program.command('notification').alias('notifications').description('your notifications');

  withExamples(
    addListOptions(
      notification.command('list').alias('ls').description('list your notifications, newest first (* = unread)').option('--unread', 'only unread ones'),
    ).action(async (flags: ListOptions & { unread?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      const query = { ...(flags.unread ? { unreadOnly: true } : {}), ...(flags.limit ? { limit: flags.limit } : {}) };
      if (flags.all) {
        const items = await session.call((client) => collect(client.paginate('/notifications', { params: { query } })));
        return flags.json ? printJson(deps.io, items) : printTable(deps.io, NOTIFICATION_COLUMNS, items);
      }
      const page = await session.call((client) =>
        client.GET('/notifications', { params: { query: { ...query, ...(flags.page ? { page: flags.page } : {}) } } }),
      );
      if (flags.json) return printJson(deps.io, page.data);
      if (page.data.length === 0 && deps.io.isTTY) deps.io.stderr.write(flags.unread ? 'no unread notifications\n' : 'no notifications\n');
      else printTable(deps.io, NOTIFICATION_COLUMNS, page.data);
      printPageHint(deps, page.pagination, 'notifications');
    }),
    'tourney notification list --unread',
    'tourney notifications ls --all --json',
  );

  withExamples(
    notification
      .command('read [notificationId]')
      .description('mark one notification read, or all of them with --all')
      .option('--all', 'mark every unread notification read')
      .action(async (id: string | undefined, flags: { all?: boolean }, command: Command) => {
        if ((id === undefined) === !flags.all) throw new CliError('INVALID_OPTION', 'give a notification id or --all (not both)');
        const session = await openSession(deps, globalsOf(command), 'user');
        if (flags.all) {
          const { data } = await session.call((client) => client.PATCH('/notifications/read-all'));
          if (deps.io.isTTY) deps.io.stdout.write(`marked ${data.updated} notification${data.updated === 1 ? '' : 's'} read\n`);
          return;
        }
        const { data } = await session.call((client) => client.PATCH('/notifications/{id}/read', { params: { path: { id: id! } } }));
        if (deps.io.isTTY) deps.io.stdout.write(`read: ${data.title}\n`);
      }),
    'tourney notification read 0199a1b2-...',
    'tourney notification read --all',
  );
}
