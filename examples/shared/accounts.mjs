// What the examples share: the server they talk to and throwaway accounts unique to one run.
import { createTourneyClient } from '@tourney/sdk';

/** The API the examples talk to: TOURNEY_BASE_URL, else a local `tourney server start`. */
export const baseUrl = process.env.TOURNEY_BASE_URL ?? 'http://127.0.0.1:3000/api/v1';

/** A suffix unique to this run, so that names never collide with an earlier run's. */
export const run = Date.now().toString(36);

const password = 'correct-horse-battery';

/** Registers the user `<name>_<run>`; returns a client acting as that user and the user. */
export async function signUp(name) {
  const client = createTourneyClient({ baseUrl });
  const { data } = await client.POST('/auth/register', {
    body: { username: `${name}_${run}`, email: `${name}_${run}@example.test`, password },
  });
  client.setAccessToken(data.accessToken);
  return { client, user: data.user };
}
