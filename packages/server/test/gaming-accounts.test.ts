import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, registerUser, request, startTestServer, type TestServer } from './helpers/index';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const link = (token: string, platform: string, body: unknown) => request(server, 'POST', `/gaming/platforms/${platform}/link`, { token, body });
const profile = async (token: string) => (await request(server, 'GET', '/gaming/profile', { token })).body.data;

/** One valid and several invalid account ids per platform. */
const FORMATS: Record<string, { valid: string; invalid: string[] }> = {
  steam: { valid: '76561197960287930', invalid: ['7656119796028793', '12345678901234567', '7656119796028793a'] },
  riot: { valid: 'Faker#KR1', invalid: ['Faker', 'Fa#KR1', 'Faker#K', 'Faker#KR1234', 'A very long game name#EUW'] },
  epic: { valid: '0123456789abcdef0123456789ABCDEF', invalid: ['0123456789abcdef', 'g123456789abcdef0123456789abcdef'] },
  battlenet: { valid: 'Jaina#1234', invalid: ['Jaina', '1aina#1234', 'Ja#1234', 'Jaina#12'] },
  xbox: { valid: 'Major Nelson', invalid: ['1stPlayer', 'ThisIsWayTooLongForXbox', 'bad_char'] },
  psn: { valid: 'Kratos_GoW', invalid: ['ab', '9lives', 'has space'] },
  discord: { valid: '80351110224678912', invalid: ['123', 'abcdefabcdefabcdef'] },
};

describe('gaming accounts', () => {
  it('links, lists and unlinks accounts per platform', async () => {
    const alice = await registerUser(server);
    const steam = await link(alice.accessToken, 'steam', { accountId: '76561198000000001', displayName: 'alice_csgo' });
    expect(steam.status).toBe(200);
    expect(steam.body.data).toEqual({
      platform: 'steam',
      accountId: '76561198000000001',
      displayName: 'alice_csgo',
      linkedAt: server.clock.now().toISOString(),
    });
    const riot = await link(alice.accessToken, 'riot', { accountId: 'Alice Wonder#EUW' });
    expect(riot.body.data).toMatchObject({ platform: 'riot', accountId: 'Alice Wonder#EUW', displayName: 'Alice Wonder#EUW' });
    const data = await profile(alice.accessToken);
    expect(data.userId).toBe(alice.id);
    expect(data.accounts.map((a: any) => a.platform)).toEqual(['riot', 'steam']);

    expect((await request(server, 'DELETE', '/gaming/platforms/riot/unlink', { token: alice.accessToken })).status).toBe(204);
    expect((await profile(alice.accessToken)).accounts.map((a: any) => a.platform)).toEqual(['steam']);
    const again = await request(server, 'DELETE', '/gaming/platforms/riot/unlink', { token: alice.accessToken });
    expect(again.status).toBe(404);
  });

  it('relinking a platform replaces the previous account', async () => {
    const bob = await registerUser(server);
    await link(bob.accessToken, 'steam', { accountId: '76561198000000002' });
    await link(bob.accessToken, 'steam', { accountId: '76561198000000003', displayName: 'new' });
    expect((await profile(bob.accessToken)).accounts).toEqual([expect.objectContaining({ accountId: '76561198000000003', displayName: 'new' })]);
    const carol = await registerUser(server);
    expect((await link(carol.accessToken, 'steam', { accountId: '76561198000000002' })).status).toBe(200);
  });

  it('links one platform account to one user only (409), comparing name ids case-insensitively', async () => {
    const [dave, erin] = [await registerUser(server), await registerUser(server)];
    expect((await link(dave.accessToken, 'battlenet', { accountId: 'Thrall#5678' })).status).toBe(200);
    const clash = await link(erin.accessToken, 'battlenet', { accountId: 'thrall#5678' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('CONFLICT');
    expect(clash.body.error.message).toContain('another user');
    expect((await link(dave.accessToken, 'battlenet', { accountId: 'THRALL#5678' })).status).toBe(200);
    expect((await profile(erin.accessToken)).accounts).toEqual([]);
  });

  it('validates each platform format, naming body.accountId', async () => {
    const frank = await registerUser(server);
    for (const [platform, { valid, invalid }] of Object.entries(FORMATS)) {
      const ok = await link(frank.accessToken, platform, { accountId: valid });
      expect(ok.status, `${platform} ${valid}`).toBe(200);
      for (const accountId of invalid) {
        const res = await link(frank.accessToken, platform, { accountId });
        expect(res.status, `${platform} ${accountId}`).toBe(400);
        expect(res.body.error.details).toEqual([{ path: 'body.accountId', message: expect.stringMatching(/^must be /) }]);
      }
    }
    expect((await profile(frank.accessToken)).accounts).toHaveLength(Object.keys(FORMATS).length);
    const unknown = await link(frank.accessToken, 'origin', { accountId: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].path).toBe('path.platform');
  });

  it('needs a user token', async () => {
    const tenant = await createTenant(server);
    expect((await request(server, 'GET', '/gaming/profile')).status).toBe(401);
    expect((await request(server, 'GET', '/gaming/profile', { apiKey: tenant.apiKey.key })).body.error.code).toBe('API_KEY_NOT_ALLOWED');
  });
});
