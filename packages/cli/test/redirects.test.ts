/**
 * The CLI never follows a redirect of the API (R19.9 through the SDK, R20.2): fetch would keep X-API-Key on the way
 * to the host the Location names. msw follows a mocked GET redirect as Node's fetch does (dropping only
 * Authorization), so a followed redirect would show up at the other host's handler.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE, page, tournament } from './helpers/api-fixtures';
import { runCli, tempDir } from './helpers/cli-harness';
import { useMswServer } from './helpers/msw';

const server = useMswServer();
let dir: { path: string; cleanup: () => Promise<void> };
const OTHER = 'http://other.test/api/v1';

beforeEach(async () => {
  dir = await tempDir();
  await writeFile(join(dir.path, 'config.json'), JSON.stringify({ profiles: { default: { baseUrl: BASE, apiKey: 'tk_default_key_0001' } } }), {
    mode: 0o600,
  });
});
afterEach(async () => dir.cleanup());

describe('redirects of the API', () => {
  it('a redirect of the API is reported with its Location and the API root to use, and the stored key is not sent there', async () => {
    const atOther: string[] = [];
    server.use(
      http.get(`${BASE}/tournaments`, () => new HttpResponse(null, { status: 307, headers: { Location: `${OTHER}/tournaments` } })),
      http.get(`${OTHER}/tournaments`, ({ request }) => {
        atOther.push(`${request.headers.get('x-api-key')}`);
        return HttpResponse.json(page([tournament()]));
      }),
    );
    const result = await runCli(['tournament', 'list'], { configDir: dir.path });
    expect(atOther).toEqual([]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `error: GET ${BASE}/tournaments was answered 307, a redirect to ${OTHER}/tournaments, which the SDK does not follow ` +
        '(it would send the credentials and body there): set baseUrl to the API root it points to (REDIRECT)\n',
    );
    expect(result.out).toBe('');
  });
});
