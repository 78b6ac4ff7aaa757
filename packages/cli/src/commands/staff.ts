import type { Schema, StaffMember, StaffRole } from '@tourney/sdk';
import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields, type Column } from '../output/table';
import { formatTimestamp } from '../output/text';
import { openSession } from '../session';
import {
  addListOptions,
  addOutcomeJsonOption,
  addYesOption,
  enumOption,
  globalsOf,
  printApiList,
  printDone,
  printOutcome,
  withExamples,
  type ListOptions,
} from './shared';
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

/** A pending invitation as listStaffInvitations answers it (never with its token). */
type PendingStaffInvitation = Schema<'PendingStaffInvitation'>;

/**
 * Table columns of the pending invitations: the id (what `staff revoke` takes), the invitee (username, or the email
 * of an invitation by email), the role offered, who sent it (a user id, left out first on a narrow terminal) and
 * when it expires.
 */
export const INVITATION_COLUMNS: readonly Column<PendingStaffInvitation>[] = [
  { header: 'id', value: (i) => i.id },
  { header: 'invitee', value: (i) => i.username ?? i.email ?? '', flex: true, priority: 2 },
  { header: 'role', value: (i) => i.role },
  { header: 'invited by', value: (i) => i.invitedByUserId ?? '', drop: 1 },
  { header: 'expires', value: (i) => formatTimestamp(i.expiresAt), raw: (i) => i.expiresAt },
];

/**
 * `tourney staff list|invite|accept|remove` (R13.4 to R13.8), `staff role` (R13.11) and `staff invitations|revoke`
 * (R13.12).
 */
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
      .option('--email <address>', 'an email address: the invitation binds no account; send the printed token to it')
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
        if (data.userId === null) deps.io.stdout.write(`send it to ${safeText(data.email ?? '')}: whoever holds it joins, signed in with any account\n`);
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
    addOutcomeJsonOption(
      addYesOption(
        staff
          .command('remove <organizationId> <staffId>')
          .description('remove a staff member (OWNER anyone, ADMIN anyone but an OWNER, anyone themself; never the last OWNER)'),
      ),
      '{"removed": "<staffId>", "organizationId": "<organizationId>"}',
    ).action(async (id: string, staffId: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      await confirmOrStop(deps, flags.yes, `remove staff member ${staffId} from organization ${id}?`);
      await session.call((client) => client.DELETE('/organizations/{id}/staff/{staffId}', { params: { path: { id, staffId } } }));
      printOutcome(deps, flags, { removed: staffId, organizationId: id }, `removed staff member ${staffId}`, staffId);
    }),
    'tourney staff remove 0199a1b2-... 0199a1b3-...',
  );

  withExamples(
    staff
      .command('role <organizationId> <staffId>')
      .description("change a staff member's role (OWNER any role; ADMIN any but OWNER, never an OWNER's; never the last OWNER)")
      .requiredOption('--role <role>', 'owner, admin, organizer or moderator', enumOption(ROLES))
      .option('--json', 'print the membership as JSON')
      .action(async (id: string, staffId: string, flags: { role: StaffRole; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const { data } = await session.call((client) =>
          client.PATCH('/organizations/{id}/staff/{staffId}', { params: { path: { id, staffId } }, body: { role: flags.role } }),
        );
        if (flags.json) return printJson(deps.io, data);
        if (!deps.io.isTTY) return void deps.io.stdout.write(`${data.id}\n`);
        printFields(deps.io, [
          ['role', data.role],
          ['username', data.username],
          ['membership', data.id],
          ['organization', id],
        ]);
      }),
    'tourney staff role 0199a1b2-... 0199a1b3-... --role admin',
    'tourney staff role 0199a1b2-... 0199a1b3-... --role owner --json',
  );

  withExamples(
    addListOptions(
      staff
        .command('invitations <organizationId>')
        .alias('invites')
        .description('list the pending invitations of an organization, newest first (OWNER or ADMIN)'),
    ).action(async (id: string, flags: ListOptions, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      await printApiList(deps, session, flags, {
        path: '/organizations/{id}/staff/invitations',
        pathParams: { id },
        noun: 'pending invitations',
        columns: INVITATION_COLUMNS,
        empty: 'no pending invitations',
      });
    }),
    'tourney staff invitations 0199a1b2-...',
    'tourney staff invites 0199a1b2-... --all --json',
  );

  withExamples(
    addYesOption(
      staff
        .command('revoke <organizationId> <invitationId>')
        .description('withdraw a pending invitation: its token and id stop working (an OWNER invitation only by an OWNER)')
        .option('--json', 'print {"invitationId": ..., "revoked": true} as JSON'),
    ).action(async (id: string, invitationId: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      await confirmOrStop(deps, flags.yes, `revoke invitation ${invitationId} to organization ${id}?`);
      await session.call((client) =>
        client.DELETE('/organizations/{id}/staff/invitations/{invitationId}', { params: { path: { id, invitationId } } }),
      );
      // revokeStaffInvitation answers 204: --json describes what was done.
      if (flags.json) return printJson(deps.io, { invitationId, revoked: true });
      printDone(deps, `revoked invitation ${invitationId}`, invitationId);
    }),
    'tourney staff revoke 0199a1b2-... 0199a1b4-...',
    'tourney staff revoke 0199a1b2-... 0199a1b4-... --yes',
  );
}
