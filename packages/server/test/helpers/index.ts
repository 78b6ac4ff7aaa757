/** Shared test helpers for server, SDK/CLI and end-to-end tests (see each module's docstrings). */
export { startServerOnTestDatabase, startTestServer, type TestServer, type TestServerOptions } from './server';
export { createTestDatabase, onPostgres, testDialect, type TestDatabase } from './test-database';
export { expectStatus, request, type ApiServer, type RequestOptions, type TestResponse } from './http';
export {
  addStaffMember,
  createApiKey,
  createOrgWithProject,
  createTenant,
  it,
  registerPlayers,
  registerUser,
  test,
  unique,
  type ServerFixtures,
  type TestApiKey,
  type TestOrgWithProject,
  type TestTenant,
  type TestUser,
} from './fixtures';
