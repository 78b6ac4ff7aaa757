import type { Command } from 'commander';
import type { TourneyClient } from '@tourney/sdk';
import type { CliDeps } from '../deps';
import { printFields } from '../output/table';
import { formatTimestamp } from '../output/text';
import { openSession } from '../session';
import { addJsonOption, globalsOf, printResult, withExamples } from './shared';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A user id from `value`: an id as it is, else a username looked up with GET /users/{username} (public).
 * @throws TourneyError NOT_FOUND for an unknown username.
 */
export async function userIdOf(client: TourneyClient, value: string): Promise<string> {
  if (UUID.test(value)) return value;
  const { data } = await client.GET('/users/{username}', { params: { path: { username: value } } });
  return data.id;
}

/** `tourney user get <username>`: a user's public profile (GET /users/{username}), e.g. to learn their id. */
export function registerUserCommands(program: Command, deps: CliDeps): void {
  const user = program.command('user').description("look up other users' public profiles");
  withExamples(
    addJsonOption(user.command('get <username>').description('show the public profile of a user (id, display name, country)'), 'the profile').action(
      async (username: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'none');
        const { data } = await session.call((client) => client.GET('/users/{username}', { params: { path: { username } } }));
        printResult(
          deps,
          flags,
          data,
          (u) =>
            printFields(deps.io, [
              ['username', u.username],
              ['id', u.id],
              ['display name', u.displayName],
              ['country', u.country],
              ['bio', u.bio],
              ['member since', formatTimestamp(u.createdAt), u.createdAt],
            ]),
        );
      },
    ),
    'tourney user get alice',
    'tourney user get alice --json | jq -r .id',
  );
}
