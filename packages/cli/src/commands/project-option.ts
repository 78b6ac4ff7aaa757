import { CliError } from '../errors';
import type { Session } from '../session';

/**
 * The project a developer command acts in with a login token: --project, else the profile's projectId. With an API
 * key none is sent (the key's project is used).
 * @throws CliError MISSING_PROJECT when a login token is used and no project is known.
 */
export function developerProject(session: Session, explicit: string | undefined): string | undefined {
  if (session.settings.apiKey !== undefined) return undefined;
  const projectId = explicit ?? session.settings.projectId;
  if (projectId === undefined) {
    throw new CliError('MISSING_PROJECT', 'must provide --project (or set one: tourney config set projectId ID)');
  }
  return projectId;
}
