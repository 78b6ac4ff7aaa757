import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, participant, tournament } from './helpers/api-fixtures';
import { runCli } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// The organizer's rename of an entry (`participant update --name`, R6.13).
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, accessToken: 'tat_alice', refreshToken: 'trt_alice', username: 'alice' });
const tid = tournament().id;

describe('tourney participant update --name', () => {
  it('sends the name as given, with the other changes, and says what else can change when nothing is given', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch(`${BASE}/tournaments/${tid}/participants/pa`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, data: participant({ name: 'Night Owls' }) });
      }),
    );
    const renamed = await runCli(['participant', 'update', tid, 'pa', '--name', 'Night Owls'], { configDir: dir.path });
    expect(renamed.code).toBe(0);
    expect(renamed.out).toContain('Night Owls');
    expect((await runCli(['participant', 'update', tid, 'pa', '--name', 'Owls', '--seed', '3'], { configDir: dir.path })).code).toBe(0);
    expect(sent).toEqual([{ name: 'Night Owls' }, { name: 'Owls', seed: 3 }]);
    const nothing = await runCli(['participant', 'update', tid, 'pa'], { configDir: dir.path });
    expect(nothing.code).not.toBe(0);
    expect(nothing.err).toContain('give --name, --seed');
  });
});
