import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '@tourney/cli';
import { expand, parseShellBlock, readmeBlock } from '../helpers/readme-shell';

// The README's CLI quick start, run line by line as written, from an empty server that the first line starts.
const readme = fileURLToPath(new URL('../../README.md', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'tourney-readme-'));
let stopServer: (signal: string) => void = () => undefined;
let serverDone: Promise<number> | undefined;

afterAll(async () => {
  stopServer('SIGTERM');
  await serverDone;
  rmSync(home, { recursive: true, force: true });
});

/** What the user's shell has: a config and data directory of their own, a password for the prompts. */
const env: Record<string, string> = {
  TOURNEY_CONFIG_DIR: join(home, 'config'),
  TOURNEY_DATA_DIR: join(home, 'data'),
  TOURNEY_PASSWORD: 'a long enough password',
  PORT: '0', // the README's server listens on 3000; here any free port, told to the later lines below
  LOG_LEVEL: 'silent',
};

describe('README quick start with the CLI', () => {
  it('runs every line, in order, against a fresh server started by its first line', async () => {
    const steps = parseShellBlock(readmeBlock(readme, '## Quick start with the CLI'));
    expect(steps[0]?.source).toMatch(/^npx tourney server start\b/);
    const vars: Record<string, string> = {};
    const transcript: string[] = [];
    for (const [index, step] of steps.entries()) {
      const argv = step.words.map((word) => expand(word, vars));
      let stdout = '';
      let stderr = '';
      const io = { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, isTTY: false };
      if (index === 0) {
        // `server start` runs until stopped, as in its own terminal; the later lines talk to the URL it prints.
        let listening!: () => void;
        const started = new Promise<void>((resolve) => (listening = resolve));
        const printing = { write: (s: string) => ((stdout += s), listening()) };
        serverDone = run(argv, {
          io: { ...io, stdout: printing },
          env,
          homeDir: home,
          waitForShutdown: () => new Promise((resolve) => (stopServer = resolve)),
        });
        await started;
        env.TOURNEY_BASE_URL = stdout.trim();
        continue;
      }
      const code = await run(argv, { io, env, homeDir: home });
      transcript.push(`$ ${step.source}\n${stdout}${stderr}`);
      expect(code, `${step.source}\n${stderr}`).toBe(0);
      if (step.assign) {
        vars[step.assign] = stdout.trim();
        expect(vars[step.assign], step.source).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
    const last = transcript[transcript.length - 1] ?? '';
    expect(last).toMatch(/^\$ npx tourney bracket "\$CUP"/);
    expect(last).toContain('Champion: bob');
    const status = { out: '' };
    await run(['tournament', 'get', vars.CUP as string, '--json'], { io: { stdout: { write: (s: string) => (status.out += s) }, stderr: { write: () => 0 }, isTTY: false }, env, homeDir: home });
    expect(JSON.parse(status.out).status).toBe('COMPLETED');
  });
});
