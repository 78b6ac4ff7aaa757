import type { components } from '@tourney/sdk';
import type { Command } from 'commander';
import { updateProfile } from '../config/profiles';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printFields, type Column } from '../output/table';
import { formatTimestamp } from '../output/text';
import { valueOrAsk } from '../prompts/ask';
import { openSession, type Session } from '../session';
import { defaultOrganization } from './org';
import { addJsonOption, addListOptions, enumOption, globalsOf, printApiList, printResult, withExamples, type ListOptions } from './shared';

type Project = components['schemas']['Project'];
type ProjectPlan = components['schemas']['ProjectPlan'];

const PLANS: readonly ProjectPlan[] = ['FREE', 'PRO'];

/** Table columns of a project list (`*` marks the profile's default project). */
function projectColumns(defaultId: string | undefined): readonly Column<Project>[] {
  return [
    { header: 'id', value: (p) => p.id, drop: 1 },
    { header: 'name', value: (p) => p.name, flex: true, priority: 2 },
    { header: 'plan', value: (p) => p.plan.toLowerCase(), raw: (p) => p.plan },
    { header: 'default', value: (p) => (p.id === defaultId ? '*' : ''), raw: (p) => (p.id === defaultId ? 'true' : 'false') },
    { header: 'created', value: (p) => formatTimestamp(p.createdAt), raw: (p) => p.createdAt },
  ];
}

function printProject(deps: CliDeps, p: Project, defaultId: string | undefined): void {
  printFields(deps.io, [
    ['project', p.name],
    ['id', p.id],
    ['organization', p.organizationId],
    ['plan', p.plan.toLowerCase(), p.plan],
    ['default', p.id === defaultId ? 'yes (profile projectId)' : 'no', p.id === defaultId ? 'true' : 'false'],
    ['created', formatTimestamp(p.createdAt), p.createdAt],
  ]);
}

/** Makes `projectId` the profile's default project. */
async function useProject(deps: CliDeps, session: Session, projectId: string): Promise<void> {
  await updateProfile(deps, session.settings.profileName, (profile) => ({ ...profile, projectId }));
  session.settings.projectId = projectId;
}

interface CreateFlags {
  org?: string;
  name?: string;
  plan?: ProjectPlan;
  use?: boolean;
  json?: boolean;
}

/**
 * `tourney project create|list|get|update|use`: the projects of an organization (tournaments, circuits, API keys and
 * webhooks live in a project). The profile's default project (projectId) is what commands use without --project;
 * `project create` sets it when the profile has none (or with --use).
 */
export function registerProjectCommands(program: Command, deps: CliDeps): void {
  const project = program.command('project').description('create, list and choose the projects of an organization');

  withExamples(
    addJsonOption(
      project
        .command('create')
        .description('create a project in an organization (OWNER or ADMIN); it becomes the default when the profile has none')
        .option('--org <organizationId>', 'organization (default: the profile organizationId, set by tourney org create)')
        .option('--name <name>', 'project name (prompted when omitted)')
        .option('--plan <plan>', 'free or pro (pro: anti-cheat sessions; OWNER only)', enumOption(PLANS))
        .option('--use', 'make it the default project of the profile even when one is set'),
      'the project',
    ).action(async (flags: CreateFlags, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      const id = flags.org ?? defaultOrganization(session.settings.organizationId);
      const name = await valueOrAsk(deps, flags.name, { flag: '--name', message: 'project name' });
      const body = { name, ...(flags.plan ? { plan: flags.plan } : {}) };
      const { data } = await session.call((client) => client.POST('/organizations/{id}/projects', { params: { path: { id } }, body }));
      const becameDefault = flags.use === true || session.settings.projectId === undefined;
      if (becameDefault) await useProject(deps, session, data.id);
      printResult(
        deps,
        flags,
        data,
        (p) =>
          `created project "${p.name}" (${p.id}, plan ${p.plan.toLowerCase()})` +
          (becameDefault ? `\nit is now the default project of profile ${session.settings.profileName}` : ''),
        (p) => p.id,
      );
    }),
    'tourney project create --name "Friday Cups"',
    'tourney project create --org 0199a1b2-... --name Ranked --plan pro --use',
  );

  withExamples(
    addListOptions(
      project
        .command('list')
        .alias('ls')
        .description('list the projects of an organization (staff only)')
        .option('--org <organizationId>', 'organization (default: the profile organizationId)'),
    ).action(async (flags: ListOptions & { org?: string }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      await printApiList(deps, session, flags, {
        path: '/organizations/{id}/projects',
        pathParams: { id: flags.org ?? defaultOrganization(session.settings.organizationId) },
        noun: 'projects',
        columns: projectColumns(session.settings.projectId),
      });
    }),
    'tourney project list',
    'tourney project ls --org 0199a1b2-... --json',
  );

  withExamples(
    addJsonOption(project.command('get [projectId]').description('show a project (default: the profile projectId)')).action(
      async (id: string | undefined, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const projectId = id ?? requireDefaultProject(session);
        const { data } = await session.call((client) => client.GET('/projects/{id}', { params: { path: { id: projectId } } }));
        printResult(deps, flags, data, (p) => printProject(deps, p, session.settings.projectId));
      },
    ),
    'tourney project get',
    'tourney project get 0199a1b2-... --json',
  );

  withExamples(
    addJsonOption(
      project
        .command('update <projectId>')
        .description('rename a project or change its plan (OWNER or ADMIN; the plan: OWNER only)')
        .option('--name <name>', 'new name')
        .option('--plan <plan>', 'free or pro', enumOption(PLANS)),
      'the project',
    ).action(async (id: string, flags: { name?: string; plan?: ProjectPlan; json?: boolean }, command: Command) => {
      const body = { ...(flags.name !== undefined ? { name: flags.name } : {}), ...(flags.plan ? { plan: flags.plan } : {}) };
      if (Object.keys(body).length === 0) throw new CliError('MISSING_VALUE', 'nothing to change: give --name or --plan');
      const session = await openSession(deps, globalsOf(command), 'user');
      const { data } = await session.call((client) => client.PATCH('/projects/{id}', { params: { path: { id } }, body }));
      printResult(deps, flags, data, (p) => printProject(deps, p, session.settings.projectId));
    }),
    'tourney project update 0199a1b2-... --plan pro',
  );

  withExamples(
    project
      .command('use <projectId>')
      .description('make a project the default of the profile (commands then need no --project)')
      .option('--json', 'print the project (getProject) as JSON')
      .action(async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.GET('/projects/{id}', { params: { path: { id } } }));
        await useProject(deps, session, data.id);
        printResult(deps, flags, data, (p) => `profile ${session.settings.profileName} now uses project "${p.name}" (${p.id})`, (p) => p.id);
      }),
    'tourney project use 0199a1b2-...',
  );
}

function requireDefaultProject(session: Session): string {
  if (session.settings.projectId === undefined) {
    throw new CliError('MISSING_PROJECT', 'no project given and the profile has no default project', {
      hint: "pass a project id, create one with 'tourney project create --name NAME', or run: tourney project use ID",
    });
  }
  return session.settings.projectId;
}
