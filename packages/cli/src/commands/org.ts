import type { Organization } from '@tourney/sdk';
import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields } from '../output/table';
import { formatTimestamp } from '../output/text';
import { valueOrAsk } from '../prompts/ask';
import { openSession } from '../session';
import { globalsOf, withExamples } from './shared';

/** Prints an organization: id, name, slug, description, website, the caller's role (staff only), dates. */
function printOrganization(deps: CliDeps, org: Organization): void {
  printFields(deps.io, [
    ['organization', org.name],
    ['id', org.id],
    ['slug', org.slug],
    ['description', org.description],
    ['website', org.website],
    ...(org.role ? [['your role', org.role] as [string, string]] : []),
    ['created', formatTimestamp(org.createdAt)],
  ]);
}

interface OrgFlags {
  name?: string;
  slug?: string;
  description?: string;
  website?: string;
  json?: boolean;
}

/** `tourney org create|get|update|delete` (R13.1 to R13.3). */
export function registerOrgCommands(program: Command, deps: CliDeps): void {
  const org = program.command('org').description('create, show, update and delete organizations (staff: see tourney staff)');

  withExamples(
    org
      .command('create')
      .description('create an organization; you become its OWNER')
      .option('--name <name>', 'organization name (prompted when omitted)')
      .option('--slug <slug>', 'URL-friendly unique name (default: derived from the name)')
      .option('--description <text>', 'description')
      .option('--website <url>', 'website URL')
      .option('--json', 'print the organization as JSON')
      .action(async (flags: OrgFlags, command: Command) => {
        const name = await valueOrAsk(deps, flags.name, { flag: '--name', message: 'organization name' });
        const session = await openSession(deps, globalsOf(command), 'user');
        const body = {
          name,
          ...(flags.slug !== undefined ? { slug: flags.slug } : {}),
          ...(flags.description !== undefined ? { description: flags.description } : {}),
          ...(flags.website !== undefined ? { website: flags.website } : {}),
        };
        const { data } = await session.call((client) => client.POST('/organizations', { body }));
        if (flags.json) return printJson(deps.io, data);
        if (!deps.io.isTTY) return void deps.io.stdout.write(`${data.id}\n`);
        deps.io.stdout.write(`created organization "${data.name}" (${data.id}, slug ${data.slug}); you are its OWNER\n`);
      }),
    'tourney org create --name "Friday Leagues"',
    'tourney org create --name Acme --slug acme-esports --website https://acme.example',
  );

  withExamples(
    org
      .command('get <organizationId>')
      .description('show an organization (your role too when you are staff)')
      .option('--json', 'print the organization as JSON')
      .action(async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.GET('/organizations/{id}', { params: { path: { id } } }));
        if (flags.json) return printJson(deps.io, data);
        printOrganization(deps, data);
      }),
    'tourney org get 0199a1b2-...',
  );

  withExamples(
    org
      .command('update <organizationId>')
      .description('change the name, description or website (OWNER or ADMIN; "" clears description and website)')
      .option('--name <name>', 'new name')
      .option('--description <text>', 'new description')
      .option('--website <url>', 'new website URL')
      .option('--json', 'print the organization as JSON')
      .action(async (id: string, flags: OrgFlags, command: Command) => {
        const body = {
          ...(flags.name !== undefined ? { name: flags.name } : {}),
          ...(flags.description !== undefined ? { description: flags.description === '' ? null : flags.description } : {}),
          ...(flags.website !== undefined ? { website: flags.website === '' ? null : flags.website } : {}),
        };
        if (Object.keys(body).length === 0) throw new CliError('MISSING_VALUE', 'nothing to change: give --name, --description or --website');
        const session = await openSession(deps, globalsOf(command), 'user');
        const { data } = await session.call((client) => client.PUT('/organizations/{id}', { params: { path: { id } }, body }));
        if (flags.json) return printJson(deps.io, data);
        printOrganization(deps, data);
      }),
    'tourney org update 0199a1b2-... --website https://acme.example --description ""',
  );

  withExamples(
    org
      .command('delete <organizationId>')
      .description('delete an organization with its projects, tournaments and keys (OWNER; refused while a tournament is ongoing)')
      .option('--yes', 'confirm the deletion')
      .action(async (id: string, flags: { yes?: boolean }, command: Command) => {
        if (!flags.yes) throw new CliError('MISSING_VALUE', 'deleting an organization deletes everything it owns: add --yes to confirm');
        const session = await openSession(deps, globalsOf(command), 'user');
        await session.call((client) => client.DELETE('/organizations/{id}', { params: { path: { id } } }));
        if (deps.io.isTTY) deps.io.stdout.write(`deleted organization ${id}\n`);
      }),
    'tourney org delete 0199a1b2-... --yes',
  );
}
