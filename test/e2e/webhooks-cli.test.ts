import { createServer } from 'node:net';
import { afterAll, describe, expect } from 'vitest';
import { createTourneyClient } from '@tourney/sdk';
import { requireBuilt, spawnNode, waitForOutput, type Spawned } from '../helpers/spawn';
import { cliTest, webhookServerOptions } from '../helpers/cli';

// `tourney api-key` and `tourney webhook` against a real server, delivering to examples/webhook-receiver (a separate
// node process verifying signatures with the built SDK).
let example: Spawned | undefined;
const password = 'a long enough password';

cliTest.scoped({ serverOptions: webhookServerOptions, cliColumns: 160 });
const it = cliTest;
afterAll(async () => {
  example?.child.kill('SIGTERM');
  if (example) await example.exited;
});

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('tourney api-key and tourney webhook', () => {
  it('manages API keys and webhooks, and delivers a test event to the example receiver', async ({ server, cli, json }) => {
    requireBuilt('packages/sdk/dist/index.js');
    const owner = createTourneyClient({ baseUrl: server.url });
    await owner.POST('/auth/register', { body: { username: 'cli_hooks', email: 'cli_hooks@example.test', password } });
    expect((await cli('login', '--username', 'cli_hooks', '--password', password)).code).toBe(0);
    const login = await owner.POST('/auth/login', { body: { username: 'cli_hooks', password } });
    owner.setAccessToken(login.data.accessToken);
    const org = await owner.POST('/organizations', { body: { name: 'CLI Hooks' } });
    const project = await owner.POST('/organizations/{id}/projects', { params: { path: { id: org.data.id } }, body: { name: 'Hooks' } });
    expect((await cli('config', 'set', 'projectId', project.data.id)).code).toBe(0);

    // API keys with the login token (OWNER, profile projectId).
    const key = await json('api-key', 'create', '--name', 'hooks', '--scope', 'manage:webhooks', 'manage:tournaments');
    expect(key).toMatchObject({ name: 'hooks', scopes: ['manage:webhooks', 'manage:tournaments'] });
    expect(key.key).toMatch(/^tk_/);
    const spare = await cli('api-key', 'create', '--name', 'spare', '--scope', 'read:webhooks');
    expect(spare.code, spare.stderr).toBe(0);
    const [spareId] = spare.stdout.trim().split('\t');
    const listed = await cli('api-key', 'list');
    expect(listed.stdout).toContain(key.id);
    expect(listed.stdout).not.toContain(key.key);
    expect((await cli('api-key', 'revoke', spareId!, '--yes')).code).toBe(0);
    expect((await json<any[]>('api-key', 'list')).map((k) => k.id)).not.toContain(spareId);
    expect((await json<any[]>('api-key', 'list', '--include-revoked')).find((k) => k.id === spareId).revokedAt).not.toBeNull();
    const badScope = await cli('api-key', 'create', '--name', 'x', '--scope', 'root');
    expect(badScope.code).toBe(1);
    expect(badScope.stderr).toMatch(/unknown scope root/);

    // Webhooks with the new API key.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks`;
    const created = await json('--api-key', key.key, 'webhook', 'create', '--url', url, '--event', 'match.completed', 'tournament.started');
    expect(created).toMatchObject({ url, events: ['match.completed', 'tournament.started'], enabled: true });
    const unknown = await cli('--api-key', key.key, 'webhook', 'create', '--url', url, '--event', 'match.exploded');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^error: --event value 1 must be one of /);

    example = spawnNode([requireBuilt('examples/webhook-receiver/index.mjs')], { TOURNEY_WEBHOOK_SECRET: created.secret, PORT: String(port) });
    await waitForOutput(example, (out) => out.includes('listening on'));

    const test = await cli('--api-key', key.key, 'webhook', 'test', created.id, '--wait', '10');
    expect(test.code, test.stderr).toBe(0);
    expect(test.stdout).toMatch(/^[0-9a-f-]{36}\tSUCCEEDED\t204\n$/); // piped: delivery id, status, HTTP status
    await waitForOutput(example, (out) => out.includes('webhook.test Test event from Tourney'));

    const deliveries = await json<any[]>('--api-key', key.key, 'webhook', 'deliveries', created.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ eventType: 'webhook.test', status: 'SUCCEEDED', attemptCount: 1 });
    const redelivered = await cli('--api-key', key.key, 'webhook', 'redeliver', created.id, deliveries[0].id);
    expect(redelivered.code, redelivered.stderr).toBe(0);
    await waitForOutput(example, (out) => out.includes('duplicate webhook.test'));

    // Rotation: the receiver still holds only the old secret, which keeps signing during the overlap.
    const rotated = await cli('--api-key', key.key, 'webhook', 'rotate-secret', created.id, '--overlap', '600');
    expect(rotated.stdout.trim()).toMatch(/^whsec_/);
    expect((await cli('--api-key', key.key, 'webhook', 'test', created.id)).stdout).toMatch(/\tSUCCEEDED\t204\n$/);
    const immediate = await cli('--api-key', key.key, 'webhook', 'rotate-secret', created.id, '--overlap', '0');
    expect(immediate.code).toBe(0);
    const refused = await cli('--api-key', key.key, 'webhook', 'test', created.id);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/\t(PENDING|FAILED)\t400\n$/);
    expect(refused.stderr).toMatch(/^error: the test event was not accepted/);
    await waitForOutput(example, (out) => out.includes('rejected (NO_MATCHING_SIGNATURE)'));

    // "*" includes the anti-cheat events, which this key may not see (R10.2).
    const widened = await cli('--api-key', key.key, 'webhook', 'update', created.id, '--event', '*');
    expect(widened.code).toBe(1);
    expect(widened.stderr).toMatch(/^error: this API key lacks the scope anticheat:detections\.read \(INSUFFICIENT_SCOPE/);
    const updated = await json('--api-key', key.key, 'webhook', 'update', created.id, '--disable', '--event', 'tournament.completed');
    expect(updated).toMatchObject({ enabled: false, disabledReason: 'MANUAL', events: ['tournament.completed'] });
    const list = await cli('--api-key', key.key, 'webhook', 'list');
    expect(list.stdout).toContain(`${created.id}\t${url}\ttournament.completed\tDISABLED:MANUAL`);
    const whileDisabled = await cli('--api-key', key.key, 'webhook', 'test', created.id);
    expect(whileDisabled.code).toBe(1);
    expect(whileDisabled.stderr).toMatch(/disabled/);
    expect((await cli('--api-key', key.key, 'webhook', 'delete', created.id, '--yes')).code).toBe(0);
    expect(await json<any[]>('--api-key', key.key, 'webhook', 'list')).toEqual([]);
  });
});
