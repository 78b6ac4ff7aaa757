import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, request, startTestServer, type TestServer } from './helpers/index';

// R1.24: a login whose password check passed just before a password change commits must not keep a session. The
// interleaving is made exact: the next password check that succeeds holds the login there until the change is done.
const gate = vi.hoisted(() => ({ armed: false, reached: () => {}, release: Promise.resolve() }));

vi.mock('../src/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/auth/passwords')>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      const ok = await real.verifyPassword(password, stored);
      if (ok && gate.armed) {
        gate.armed = false;
        gate.reached();
        await gate.release;
      }
      return ok;
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('a login racing a password change (R1.24)', () => {
  it('refuses a login whose old password was checked just before the change committed, or ends its session', async () => {
    const user = await registerUser(server);
    let release!: () => void;
    const reached = new Promise<void>((resolve) => {
      gate.reached = resolve;
    });
    gate.release = new Promise<void>((resolve) => (release = resolve));
    gate.armed = true;
    // The login checks the old password, then waits at the gate.
    const login = request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
    await reached;
    const change = await request(server, 'POST', '/auth/password', { token: user.accessToken, body: { currentPassword: user.password, newPassword: 'a brand new secret' } });
    expect(change.status, change.text).toBe(204);
    release();
    const late = await login;
    if (late.status === 200) {
      expect((await request(server, 'GET', '/users/me', { token: late.body.data.accessToken })).status).toBe(401);
    } else {
      expect(late.status).toBe(401);
      expect(late.body.error.code).toBe('INVALID_CREDENTIALS');
    }
    expect((await request(server, 'GET', '/users/me', { token: user.accessToken })).status).toBe(200);
  });
});
