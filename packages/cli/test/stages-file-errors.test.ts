import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE } from './helpers/api-fixtures';
import { runCli } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// R20.12: an error in a --stages file names its place in the file (never a flag the user did not use), and a YAML
// syntax error shows the parser's whole message: the reason, line and column, the quoted line and the caret.
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, apiKey: 'tk_test_key_123456' });

const CREATE = ['tournament', 'create', '--name', 'S', '--discipline', 'cs2'];

/** Answers POST /tournaments with the validation error the server gives for swissRounds below 1 in stage 1. */
function refuseSwissRounds(): void {
  server.use(
    http.post(`${BASE}/tournaments`, () =>
      HttpResponse.json(
        {
          success: false,
          error: {
            code: 'VALIDATION_ERROR',
            message: 'body.stages[0].settings.swissRounds must be >= 1',
            requestId: 'req-1',
            details: [{ path: 'body.stages[0].settings.swissRounds', message: 'must be >= 1' }],
          },
        },
        { status: 400 },
      ),
    ),
  );
}

describe('tournament create --stages FILE errors', () => {
  it('a setting refused in stage 1 of the file is named by its place in the file, not by --swiss-rounds', async () => {
    const file = join(dir.path, 'bad3.yaml');
    await writeFile(file, '- name: Swiss\n  format: swiss\n  settings:\n    swissRounds: -1\n');
    refuseSwissRounds();
    const result = await runCli([...CREATE, '--stages', file], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toContain('error: stage 1 swissRounds (in the --stages file) must be >= 1 (VALIDATION_ERROR, request req-1)');
    expect(result.err).not.toContain('--swiss-rounds');
  });

  it('the same refusal for a stage made by the flags still names the flag', async () => {
    refuseSwissRounds();
    const result = await runCli([...CREATE, '--format', 'swiss', '--swiss-rounds', '3'], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toContain('error: --swiss-rounds must be >= 1');
  });

  it('a YAML syntax error shows the reason, line and column, the quoted line and the caret', async () => {
    const file = join(dir.path, 'broken.yaml');
    await writeFile(file, '- name: A\n  format: swiss\n settings: x\n');
    let requests = 0;
    server.use(http.all(`${BASE}/*`, () => {
      requests += 1;
      return HttpResponse.json({});
    }));
    const result = await runCli([...CREATE, '--stages', file], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(requests).toBe(0);
    expect(result.err).toContain(`error: --stages file ${file} is neither YAML nor JSON: Sequence item without - indicator at line 3, column 1:`);
    const lines = result.err.split('\n');
    expect(lines).toContain(' settings: x');
    expect(lines).toContain('^');
  });
});
