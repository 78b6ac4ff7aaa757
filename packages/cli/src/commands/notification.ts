import type { Notification } from '@tourney/sdk';
import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import type { Column } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { openSession } from '../session';
import { addListOptions, globalsOf, printDone, printApiList, withExamples, type ListOptions } from './shared';

/**
 * Table columns of a notification list (a `*` marks unread ones): the title names the tournament, the message says
 * what happened; on a narrow terminal the type, then the id, are left out before either is cut (R20.5). Piped: id,
 * READ|UNREAD, createdAt, type, title, message.
 */
export const NOTIFICATION_COLUMNS: readonly Column<Notification>[] = [
  { header: 'id', value: (n) => n.id, drop: 2 },
  { header: ' ', value: (n) => (n.readAt ? '' : '*'), raw: (n) => (n.readAt ? 'READ' : 'UNREAD') },
  { header: 'when', value: (n) => formatTimestamp(n.createdAt), raw: (n) => n.createdAt },
  { header: 'type', value: (n) => humanize(n.type), raw: (n) => n.type, drop: 1 },
  { header: 'title', value: (n) => n.title, flex: true, priority: 2, minWidth: 20 },
  { header: 'message', value: (n) => n.message, flex: true, priority: 2, minWidth: 20 },
];

/** `tourney notification list|read` (R15.6). */
export function registerNotificationCommands(program: Command, deps: CliDeps): void {
  const notification = program.command('notification').alias('notifications').description('your notifications');

  withExamples(
    addListOptions(
      notification
        .command('list')
        .alias('ls')
        .description('list your notifications, newest first (* = unread); a terminal cuts long titles and messages, --json prints them in full')
        .option('--unread', 'only unread ones'),
    ).action(async (flags: ListOptions & { unread?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      await printApiList(deps, session, flags, {
        path: '/notifications',
        query: { unreadOnly: flags.unread },
        noun: 'notifications',
        columns: NOTIFICATION_COLUMNS,
        empty: flags.unread ? 'no unread notifications' : 'no notifications',
      });
    }),
    'tourney notification list --unread',
    'tourney notifications ls --all --json',
  );

  withExamples(
    notification
      .command('read [notificationId]')
      .description('mark one notification read, or all of them with --all')
      .option('--all', 'mark every unread notification read')
      .option('--json', 'print the API data as JSON (the notification, or {"updated": n} with --all)')
      .action(async (id: string | undefined, flags: { all?: boolean; json?: boolean }, command: Command) => {
        if ((id === undefined) === !flags.all) throw new CliError('INVALID_OPTION', 'give a notification id or --all (not both)');
        const session = await openSession(deps, globalsOf(command), 'user');
        if (flags.all) {
          const { data } = await session.call((client) => client.PATCH('/notifications/read-all'));
          if (flags.json) return printJson(deps.io, data);
          return printDone(deps, `marked ${data.updated} notification${data.updated === 1 ? '' : 's'} read`, String(data.updated));
        }
        const { data } = await session.call((client) => client.PATCH('/notifications/{id}/read', { params: { path: { id: id! } } }));
        if (flags.json) return printJson(deps.io, data);
        printDone(deps, `read: ${data.title}`, data.id);
      }),
    'tourney notification read 0199a1b2-...',
    'tourney notification read --all',
  );
}
