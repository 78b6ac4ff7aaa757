import type { Command } from 'commander';
import { CliError } from '../errors';
import type { Session } from '../session';

/**
 * The project a command acts in with a login token: --project, else the profile's projectId. With an API key none is
 * sent (the key's project is used). Without one, `required` commands fail and list commands send none.
 * @throws CliError MISSING_PROJECT when a login token is used, no project is known and `required`.
 */
export function projectFor(session: Session, explicit: string | undefined, required = true): string | undefined {
  if (session.settings.apiKey !== undefined) return undefined;
  const projectId = explicit ?? session.settings.projectId;
  if (projectId === undefined && required) {
    throw new CliError('MISSING_PROJECT', 'no project given and the profile has no default project', {
      hint: "pass --project ID, create one with 'tourney project create --name NAME', or pick one: tourney project use ID",
    });
  }
  return projectId;
}

/** Same as {@link projectFor} with a required project (developer commands: API keys, webhooks). */
export const developerProject = (session: Session, explicit: string | undefined): string | undefined => projectFor(session, explicit, true);

/** Adds `--project <id>` to a command. */
export function addProjectOption(command: Command): Command {
  return command.option('--project <id>', 'project (default: the profile projectId; not needed with an API key)');
}
