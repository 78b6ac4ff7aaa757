import type { Organization } from '@tourney/sdk';
import type { Command } from 'commander';
import { updateProfile } from '../config/profiles';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printFields } from '../output/table';
import { formatTimestamp } from '../output/text';
import { confirmOrStop } from '../prompts/confirm';
import { valueOrAsk } from '../prompts/ask';
import { openSession } from '../session';
import {
  addJsonOption,
  addListOptions,
  addOutcomeJsonOption,
  addYesOption,
  globalsOf,
  printApiList,
  printOutcome,
  printResult,
  withExamples,
  type ListOptions,
} from './shared';

/** Prints an organization: id, name, slug, description, website, the caller's role (staff only), dates. */
function printOrganization(deps: CliDeps, org: Organization): void {
  printFields(deps.io, [
    ['organization', org.name],
    ['id', org.id],
    ['slug', org.slug],
    ['description', org.description],
    ['website', org.website],
    ...(org.role ? [['your role', org.role.toLowerCase(), org.role] as const] : []),
    ['created', formatTimestamp(org.createdAt), org.createdAt],
  ]);
}

interface OrgFlags {
  name?: string;
  slug?: string;
  description?: string;
  website?: string;
  json?: boolean;
}

/**
 * `tourney org list|create|get|update|delete` (R13.1 to R13.3, R13.10). `org create` makes the new organization the profile's
 * default (organizationId) when it has none, for `tourney project create`.
 */
export function registerOrgCommands(program: Command, deps: CliDeps): void {
  const org = program.command('org').description('list, create, show, update and delete organizations (staff: see tourney staff)');

  withExamples(
    addListOptions(org.command('list').alias('ls').description('list the organizations you are staff of, with your role')).action(
      async (flags: ListOptions, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        await printApiList(deps, session, flags, {
          path: '/organizations',
          noun: 'organizations',
          columns: [
            { header: 'id', value: (o) => o.id, drop: 1 },
            { header: 'name', value: (o) => o.name, flex: true, priority: 2 },
            { header: 'slug', value: (o) => o.slug },
            { header: 'role', value: (o) => (o.role ?? '').toLowerCase(), raw: (o) => o.role ?? '' },
            { header: 'default', value: (o) => (o.id === session.settings.organizationId ? '*' : ''), raw: (o) => String(o.id === session.settings.organizationId) },
          ],
          empty: "you are staff of no organization yet: create one with 'tourney org create --name NAME'",
        });
      },
    ),
    'tourney org list',
    'tourney org ls --json',
  );

  withExamples(
    addJsonOption(
      org
        .command('create')
        .description('create an organization; you become its OWNER')
        .option('--name <name>', 'organization name (prompted when omitted)')
        .option('--slug <slug>', 'URL-friendly unique name (default: derived from the name)')
        .option('--description <text>', 'description')
        .option('--website <url>', 'website URL'),
      'the organization',
    ).action(async (flags: OrgFlags, command: Command) => {
      const name = await valueOrAsk(deps, flags.name, { flag: '--name', message: 'organization name' });
      const session = await openSession(deps, globalsOf(command), 'user');
      const body = {
        name,
        ...(flags.slug !== undefined ? { slug: flags.slug } : {}),
        ...(flags.description !== undefined ? { description: flags.description } : {}),
        ...(flags.website !== undefined ? { website: flags.website } : {}),
      };
      const { data } = await session.call((client) => client.POST('/organizations', { body }));
      const becameDefault = session.settings.organizationId === undefined;
      if (becameDefault) await updateProfile(deps, session.settings.profileName, (profile) => ({ ...profile, organizationId: data.id }));
      printResult(
        deps,
        flags,
        data,
        (o) =>
          `created organization "${o.name}" (${o.id}, slug ${o.slug}); you are its OWNER` +
          (becameDefault ? `\nit is now the default organization of profile ${session.settings.profileName} (tourney project create uses it)` : ''),
        (o) => o.id,
      );
    }),
    'tourney org create --name "Friday Leagues"',
    'tourney org create --name Acme --slug acme-esports --website https://acme.example',
  );

  withExamples(
    addJsonOption(org.command('get [organizationId]').description('show an organization (default: the profile organizationId)')).action(
      async (id: string | undefined, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const orgId = id ?? defaultOrganization(session.settings.organizationId);
        const { data } = await session.call((client) => client.GET('/organizations/{id}', { params: { path: { id: orgId } } }));
        printResult(deps, flags, data, (o) => printOrganization(deps, o));
      },
    ),
    'tourney org get',
    'tourney org get 0199a1b2-...',
  );

  withExamples(
    addJsonOption(
      org
        .command('update <organizationId>')
        .description('change the name, description or website (OWNER or ADMIN; "" clears description and website)')
        .option('--name <name>', 'new name')
        .option('--description <text>', 'new description')
        .option('--website <url>', 'new website URL'),
      'the organization',
    ).action(async (id: string, flags: OrgFlags, command: Command) => {
      const body = {
        ...(flags.name !== undefined ? { name: flags.name } : {}),
        ...(flags.description !== undefined ? { description: flags.description === '' ? null : flags.description } : {}),
        ...(flags.website !== undefined ? { website: flags.website === '' ? null : flags.website } : {}),
      };
      if (Object.keys(body).length === 0) throw new CliError('MISSING_VALUE', 'nothing to change: give --name, --description or --website');
      const session = await openSession(deps, globalsOf(command), 'user');
      const { data } = await session.call((client) => client.PUT('/organizations/{id}', { params: { path: { id } }, body }));
      printResult(deps, flags, data, (o) => printOrganization(deps, o));
    }),
    'tourney org update 0199a1b2-... --website https://acme.example --description ""',
  );

  withExamples(
    addOutcomeJsonOption(
      addYesOption(
        org
          .command('delete <organizationId>')
          .description('delete an organization with its projects, tournaments and keys (OWNER; refused while a tournament is ongoing)'),
      ),
      '{"deleted": "<organizationId>"}',
    ).action(async (id: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      await confirmOrStop(deps, flags.yes, `delete organization ${id} with all its projects, tournaments and keys?`);
      await session.call((client) => client.DELETE('/organizations/{id}', { params: { path: { id } } }));
      if (session.settings.organizationId === id) {
        await updateProfile(deps, session.settings.profileName, ({ organizationId: _o, ...rest }) => rest);
      }
      printOutcome(deps, flags, { deleted: id }, `deleted organization ${id}`, id);
    }),
    'tourney org delete 0199a1b2-...',
    'tourney org delete 0199a1b2-... --yes',
  );
}

/**
 * The profile's default organization. @throws CliError MISSING_ORGANIZATION when there is none.
 */
export function defaultOrganization(organizationId: string | undefined): string {
  if (organizationId === undefined) {
    throw new CliError('MISSING_ORGANIZATION', 'no organization given and the profile has no default organization', {
      hint: "pass --org ID, create one with 'tourney org create --name NAME', or run: tourney config set organizationId ID",
    });
  }
  return organizationId;
}
