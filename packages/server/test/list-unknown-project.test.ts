import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, request, startTestServer, type TestServer } from './helpers/index';

// Lists called with a user token name their project in `projectId`; an unknown project is 404 (documented).
describe('project-scoped lists with an unknown projectId', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  for (const path of ['/tournaments', '/developer/api-keys']) {
    it(`GET ${path} answers 404 NOT_FOUND`, async () => {
      const user = await registerUser(server);
      const res = await request(server, 'GET', path, {
        token: user.accessToken,
        query: { projectId: '00000000-0000-7000-8000-000000000000' },
      });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });
  }
});
