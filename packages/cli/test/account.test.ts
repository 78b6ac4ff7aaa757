import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, BASE, tokens } from './helpers/api-fixtures';
import { captureIo, runCli, scriptedPrompter, tempDir } from './helpers/cli-harness';
import { useMswServer } from './helpers/msw';

// `tourney account delete` (DELETE /users/me, R14.8) against a mocked API.
const server = useMswServer();
let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => dir.cleanup());

const readConfig = async () => JSON.parse(await readFile(join(dir.path, 'config.json'), 'utf8'));

/** Logs alice in (tokens stored in the default profile) with a projectId set, and records DELETE /users/me. */
async function loggedIn(answer: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const sent: { auth: string | null; body: unknown }[] = [];
  server.use(
    http.post(`${BASE}/auth/login`, () => HttpResponse.json({ success: true, data: tokens() })),
    http.delete(`${BASE}/users/me`, async ({ request }) => {
      sent.push({ auth: request.headers.get('authorization'), body: await request.json() });
      return answer();
    }),
  );
  await runCli(['login', '-u', 'alice', '--password', 'secret-pass', '--base-url', BASE], { configDir: dir.path });
  await runCli(['config', 'set', 'projectId', 'proj-1'], { configDir: dir.path });
  return sent;
}

describe('tourney account delete', () => {
  it('sends the password with the stored token, then removes the tokens of the profile and keeps its other settings', async () => {
    const sent = await loggedIn();
    const result = await runCli(['account', 'delete', '--password', 'secret-pass', '--yes'], { configDir: dir.path });
    expect(result.code, result.err).toBe(0);
    expect(sent).toEqual([{ auth: 'Bearer tat_access_1', body: { password: 'secret-pass' } }]);
    expect(result.out).toBe('deleted the account alice; its tokens are removed from profile default\n');
    expect((await readConfig()).profiles.default).toEqual({ baseUrl: BASE, projectId: 'proj-1' });
  });

  it('asks for a confirmation and the password on a terminal, needs --yes when it cannot ask, and sends nothing when declined', async () => {
    const sent = await loggedIn();
    const unattended = await runCli(['account', 'delete', '--password', 'secret-pass'], { configDir: dir.path });
    expect(unattended.code).toBe(1);
    expect(unattended.err).toContain('add --yes to confirm');
    const declining = scriptedPrompter(['no']);
    const declined = await runCli(['account', 'delete'], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter: declining } });
    expect(declined.code).toBe(2);
    expect(declining.questions).toEqual([`delete the account alice on ${BASE} for good?`]);
    expect(sent).toEqual([]);
    expect((await readConfig()).profiles.default.accessToken).toBe('tat_access_1');

    const accepting = scriptedPrompter(['yes', 'secret-pass']);
    const accepted = await runCli(['account', 'delete'], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter: accepting } });
    expect(accepted.code, accepted.err).toBe(0);
    expect(accepting.questions).toEqual([`delete the account alice on ${BASE} for good?`, 'password']);
    expect(sent.map((s) => s.body)).toEqual([{ password: 'secret-pass' }]);
    expect((await readConfig()).profiles.default.accessToken).toBeUndefined();
  });

  it('keeps the tokens and shows the refusal when the server refuses (the last OWNER of an organization)', async () => {
    await loggedIn(() =>
      HttpResponse.json(apiError('CONFLICT', 'you are the last OWNER of the organization "Acme" (org-1): make another member OWNER', 'req-9'), { status: 409 }),
    );
    const result = await runCli(['account', 'delete', '--yes'], { configDir: dir.path, env: { TOURNEY_PASSWORD: 'secret-pass' } });
    expect(result.code).toBe(1);
    expect(result.err).toContain('you are the last OWNER of the organization "Acme" (org-1)');
    expect(result.err).toContain('(CONFLICT, request req-9)');
    expect((await readConfig()).profiles.default.accessToken).toBe('tat_access_1');
  });
});

describe('tourney me email', () => {
  it('sends the new address with the password (asked on a terminal) and says which address logs in now', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${BASE}/auth/login`, () => HttpResponse.json({ success: true, data: tokens() })),
      http.post(`${BASE}/auth/email`, async ({ request }) => {
        const body = (await request.json()) as { newEmail: string };
        sent.push({ auth: request.headers.get('authorization'), body });
        return HttpResponse.json({ success: true, data: { ...tokens().user, email: body.newEmail.toLowerCase() } });
      }),
    );
    await runCli(['login', '-u', 'alice', '--password', 'secret-pass', '--base-url', BASE], { configDir: dir.path });
    const prompter = scriptedPrompter(['secret-pass']);
    const asked = await runCli(['me', 'email', 'Alice@New.example'], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter } });
    expect(asked.code, asked.err).toBe(0);
    expect(prompter.questions).toEqual(['your password']);
    expect(asked.out).toBe('email address changed to alice@new.example; log in with it from now on\n');
    const piped = await runCli(['me', 'email', 'alice@other.example', '--json'], { configDir: dir.path, env: { TOURNEY_PASSWORD: 'secret-pass' } });
    expect(piped.code, piped.err).toBe(0);
    expect(JSON.parse(piped.out)).toMatchObject({ username: 'alice', email: 'alice@other.example' });
    expect(sent).toEqual([
      { auth: 'Bearer tat_access_1', body: { currentPassword: 'secret-pass', newEmail: 'Alice@New.example' } },
      { auth: 'Bearer tat_access_1', body: { currentPassword: 'secret-pass', newEmail: 'alice@other.example' } },
    ]);
    // Off a terminal without a password: nothing is sent, the flag is named.
    const missing = await runCli(['me', 'email', 'x@y.example'], { configDir: dir.path });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('--current-password');
    expect(sent).toHaveLength(2);
  });
});
