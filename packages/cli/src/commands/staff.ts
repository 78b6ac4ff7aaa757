import type { StaffMember, StaffRole } from '@tourney/sdk';
import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields, type Column } from '../output/table';
import { formatTimestamp } from '../output/text';
import { openSession } from '../session';
import { addListOptions, addYesOption, enumOption, globalsOf, printDone, printApiList, withExamples, type ListOptions } from './shared';
import { confirmOrStop } from '../prompts/confirm';
import { safeText } from '../output/safe-text';

const ROLES: readonly StaffRole[] = ['OWNER', 'ADMIN', 'ORGANIZER', 'MODERATOR'];

/** Table columns of a staff list. */
export const STAFF_COLUMNS: readonly Column<StaffMember>[] = [
  { header: 'id', value: (m) => m.id, drop: 1 },
  { header: 'username', value: (m) => m.username, flex: true, priority: 2 },
  { header: 'name', value: (m) => m.displayName ?? '', flex: true },
  { header: 'role', value: (m) => m.role },
  { header: 'joined', value: (m) => formatTimestamp(m.joinedAt), raw: (m) => m.joinedAt },
];

/** `tourney staff list|invite|accept|remove` (R13.4 to R13.8). */
export function registerStaffCommands(program: Command, deps: CliDeps): void {
  const staff = program.command('staff').description("manage an organization's staff: invitations, roles, removal");

  withExamples(
    addListOptions(staff.command('list <organizationId>').alias('ls').description('list the staff of an organization (staff only)')).action(
      async (id: string, flags: ListOptions, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        await printApiList(deps, session, flags, { path: '/organizations/{id}/staff', pathParams: { id }, noun: 'staff members', columns: STAFF_COLUMNS });
      },
    ),
    'tourney staff list 0199a1b2-... --all',
  );

  withExamples(
    staff
      .command('invite <organizationId>')
      .description('invite a user by username or email with a role (OWNER or ADMIN); prints the one-time token')
      .option('--username <name>', 'the user to invite')
      .option('--email <address>', 'the email to invite (may belong to no account yet)')
      .requiredOption('--role <role>', 'owner, admin, organizer or moderator', enumOption(ROLES))
      .option('--json', 'print the invitation (with its token) as JSON')
      .action(async (id: string, flags: { username?: string; email?: string; role: StaffRole; json?: boolean }, command: Command) => {
        if ((flags.username === undefined) === (flags.email === undefined)) {
          throw new CliError('INVALID_OPTION', 'give exactly one of --username and --email');
        }
        const body = flags.username !== undefined ? { username: flags.username, role: flags.role } : { email: flags.email!, role: flags.role };
        const session = await openSession(deps, globalsOf(command), 'user');
        const { data } = await session.call((client) => client.POST('/organizations/{id}/staff/invite', { params: { path: { id } }, body }));
        if (flags.json) return printJson(deps.io, data);
        if (!deps.io.isTTY) return void deps.io.stdout.write(`${data.token}\n`);
        deps.io.stdout.write(`invited ${safeText(data.username ?? data.email ?? '')} as ${data.role}; valid until ${formatTimestamp(data.expiresAt)}\n`);
        deps.io.stdout.write(`token (shown only now): ${data.token}\n`);
        deps.io.stdout.write(`they accept with: tourney staff accept ${id} ${data.token}\n`);
      }),
    'tourney staff invite 0199a1b2-... --username bob --role organizer',
    'tourney staff invite 0199a1b2-... --email referee@example.com --role moderator --json',
  );

  withExamples(
    staff
      .command('accept <organizationId> <token>')
      .description('accept an invitation sent to you and join the staff')
      .option('--json', 'print the membership as JSON')
      .action(async (id: string, token: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const { data } = await session.call((client) =>
          client.POST('/organizations/{id}/staff/invitations/{token}/accept', { params: { path: { id, token } } }),
        );
        if (flags.json) return printJson(deps.io, data);
        if (!deps.io.isTTY) return void deps.io.stdout.write(`${data.id}\n`);
        printFields(deps.io, [
          ['joined as', data.role],
          ['membership', data.id],
          ['organization', id],
        ]);
      }),
    'tourney staff accept 0199a1b2-... tsi_AbC...',
  );

  withExamples(
    addYesOption(
      staff
        .command('remove <organizationId> <staffId>')
        .description('remove a staff member (OWNER anyone, ADMIN anyone but an OWNER, anyone themself; never the last OWNER)'),
    ).action(async (id: string, staffId: string, flags: { yes?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      await confirmOrStop(deps, flags.yes, `remove staff member ${staffId} from organization ${id}?`);
      await session.call((client) => client.DELETE('/organizations/{id}/staff/{staffId}', { params: { path: { id, staffId } } }));
      printDone(deps, `removed staff member ${staffId}`, staffId);
    }),
    'tourney staff remove 0199a1b2-... 0199a1b3-...',
  );
}
