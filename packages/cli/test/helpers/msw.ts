import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { BASE, tournament } from './api-fixtures';

/** An msw server for one test file; unhandled requests fail the test. */
export function useMswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/**
 * Answers `POST /tournaments` on `server` with a DRAFT tournament (201) and keeps the JSON body the CLI sent:
 * read it as `created.body` once the command ran (undefined while nothing was sent).
 */
export function captureTournamentCreate(server: SetupServer): { body: any } {
  const created: { body: any } = { body: undefined };
  server.use(
    http.post(`${BASE}/tournaments`, async ({ request }) => {
      created.body = await request.json();
      return HttpResponse.json({ success: true, data: tournament({ status: 'DRAFT' }) }, { status: 201 });
    }),
  );
  return created;
}
