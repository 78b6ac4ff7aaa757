import { test as base } from 'vitest';
import { allScopes, type Scope, type StaffRole } from '../../src/index';
import { newId } from '../../src/ids';
import { FIXTURE_DEFAULTS } from './fixture-defaults';
import { type ApiServer, expectStatus, request } from './http';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

let counter = 0;
/** A short unique suffix for names in one test run. */
export const unique = (): string => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A registered user with its tokens (from POST /auth/register). */
export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers a new user (unique username and email unless given) and returns it with its tokens. */
export async function registerUser(
  server: ApiServer,
  overrides: { username?: string; email?: string; password?: string; displayName?: string } = {},
): Promise<TestUser> {
  const suffix = unique();
  const input = {
    username: overrides.username ?? `user_${suffix}`.slice(0, 32),
    email: overrides.email ?? `user.${suffix}@example.com`,
    password: overrides.password ?? 'correct horse battery staple',
    ...(overrides.displayName !== undefined ? { displayName: overrides.displayName } : {}),
  };
  const res = await request(server, 'POST', '/auth/register', { body: input });
  expectStatus(res, 201, 'registerUser');
  const data = res.body.data;
  return {
    id: data.user.id,
    username: data.user.username,
    email: data.user.email,
    password: input.password,
    accessToken: data.accessToken,
    refreshToken: data.refreshToken,
  };
}

/** Registers `n` users (display names "Player 1".."Player n"). */
export async function registerPlayers(server: TestServer, n: number): Promise<TestUser[]> {
  const players: TestUser[] = [];
  for (let i = 1; i <= n; i++) players.push(await registerUser(server, { displayName: `Player ${i}` }));
  return players;
}

/** An organization (as returned to its owner) and one of its projects. */
export interface TestOrgWithProject {
  organization: { id: string; name: string; slug: string; [key: string]: unknown };
  project: { id: string; organizationId: string; name: string; plan: 'FREE' | 'PRO'; [key: string]: unknown };
}

/** Creates an organization owned by `owner` and a project in it (plan FREE unless `plan` is given). */
export async function createOrgWithProject(
  server: ApiServer,
  owner: Pick<TestUser, 'accessToken'>,
  options: { orgName?: string; projectName?: string; plan?: 'FREE' | 'PRO' } = {},
): Promise<TestOrgWithProject> {
  const org = await request(server, 'POST', '/organizations', {
    token: owner.accessToken,
    body: { name: options.orgName ?? `Org ${unique()}` },
  });
  expectStatus(org, 201, 'createOrgWithProject: organization');
  const project = await request(server, 'POST', `/organizations/${org.body.data.id}/projects`, {
    token: owner.accessToken,
    body: { name: options.projectName ?? 'Main project', ...(options.plan ? { plan: options.plan } : {}) },
  });
  expectStatus(project, 201, 'createOrgWithProject: project');
  return { organization: org.body.data, project: project.body.data };
}

/** A created API key: the secret (`key`) and its listed record. */
export interface TestApiKey {
  key: string;
  id: string;
  scopes: Scope[];
  record: Record<string, unknown>;
}

/**
 * Creates an API key for `projectId` as `owner` (an OWNER/ADMIN user), with `scopes` (default: every scope).
 */
export async function createApiKey(
  server: ApiServer,
  owner: Pick<TestUser, 'accessToken'>,
  projectId: string,
  scopes: readonly Scope[] = allScopes,
  name = `key ${unique()}`,
): Promise<TestApiKey> {
  const res = await request(server, 'POST', '/developer/api-keys', {
    token: owner.accessToken,
    body: { name, scopes, projectId },
  });
  expectStatus(res, 201, 'createApiKey');
  const { key, ...record } = res.body.data;
  return { key, id: record.id, scopes: record.scopes, record };
}

/** A ready tenant: an owner, an organization, a project and an API key of that project. */
export interface TestTenant extends TestOrgWithProject {
  owner: TestUser;
  apiKey: TestApiKey;
}

/** Registers an owner, creates an organization with a project and an API key (default: every scope). */
export async function createTenant(
  server: ApiServer,
  options: { scopes?: readonly Scope[]; plan?: 'FREE' | 'PRO' } = {},
): Promise<TestTenant> {
  const owner = await registerUser(server);
  const orgWithProject = await createOrgWithProject(server, owner, { plan: options.plan });
  const apiKey = await createApiKey(server, owner, orgWithProject.project.id, options.scopes);
  return { owner, ...orgWithProject, apiKey };
}

/**
 * Makes `userId` a staff member of an organization with `role`, straight in the database (a test shortcut until
 * staff invitations are implemented). Returns the membership id.
 */
export async function addStaffMember(server: TestServer, organizationId: string, userId: string, role: StaffRole): Promise<string> {
  const id = newId();
  await server.deps.db
    .insertInto('organization_members')
    .values({ id, organization_id: organizationId, user_id: userId, role, joined_at: server.clock.now().toISOString() })
    .execute();
  return id;
}

/**
 * The fixtures of {@link test}, each set up once per test file on first use and torn down after the file's last test
 * (scope "file"): one server per file, like a `beforeAll`, but only when a test asks for it.
 */
export interface ServerFixtures {
  /** Options of the file's server (startTestServer defaults otherwise); override with `test.scoped`. */
  serverOptions: TestServerOptions;
  /** How many players the `players` fixture registers (default 4); override with `test.scoped`. */
  playerCount: number;
  /** A started test server (closed after the file). */
  server: TestServer;
  /** An owner with an organization, a project (FREE) and an API key holding every scope. */
  tenant: TestTenant;
  /** The tenant's owner (OWNER of its organization). */
  owner: TestUser;
  /** The tenant's organization. */
  org: TestOrgWithProject['organization'];
  /** The tenant's project. */
  project: TestOrgWithProject['project'];
  /** The tenant's API key (every scope). */
  apiKey: TestApiKey;
  /** `playerCount` registered users, "Player 1".."Player n". */
  players: TestUser[];
}

/**
 * `test` (alias `it`) with the server fixtures: `it('...', async ({ server, tenant }) => ...)`. A file needing other
 * options sets them at its top level with `test.scoped({ playerCount: 16 })` or `test.scoped({ serverOptions: {...} })`
 * (scoped, unlike extend, also re-points the fixtures that depend on them; a function value needs `{ scope: 'file' }`).
 */
export const test = base.extend<ServerFixtures>({
  serverOptions: [FIXTURE_DEFAULTS.serverOptions, { scope: 'file' }],
  playerCount: [FIXTURE_DEFAULTS.playerCount, { scope: 'file' }],
  server: [
    async ({ serverOptions }, use) => {
      const server = await startTestServer(serverOptions);
      try {
        await use(server);
      } finally {
        await server.close();
      }
    },
    { scope: 'file' },
  ],
  tenant: [async ({ server }, use) => use(await createTenant(server)), { scope: 'file' }],
  owner: [async ({ tenant }, use) => use(tenant.owner), { scope: 'file' }],
  org: [async ({ tenant }, use) => use(tenant.organization), { scope: 'file' }],
  project: [async ({ tenant }, use) => use(tenant.project), { scope: 'file' }],
  apiKey: [async ({ tenant }, use) => use(tenant.apiKey), { scope: 'file' }],
  players: [async ({ server, playerCount }, use) => use(await registerPlayers(server, playerCount)), { scope: 'file' }],
});

/** The same as {@link test}. */
export const it = test;
