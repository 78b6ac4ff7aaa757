import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CliDeps } from '../src/deps';
import { PROGRESS_DELAY_MS, withProgress } from '../src/output/progress';
import { colorEnabled } from '../src/output/style';
import { BASE, page, tournament } from './helpers/api-fixtures';
import { captureIo, runCli, tempDir } from './helpers/cli-harness';
import { useMswServer } from './helpers/msw';
import { http, HttpResponse } from 'msw';

const server = useMswServer();
const ESC = '\u001b[';

describe('colour', () => {
  it('is on for a terminal that names itself, off when piped, with NO_COLOR or TERM=dumb; FORCE_COLOR forces it', () => {
    expect(colorEnabled(true, { TERM: 'xterm-256color' })).toBe(true);
    expect(colorEnabled(false, { TERM: 'xterm-256color' })).toBe(false);
    expect(colorEnabled(true, { TERM: 'xterm-256color', NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled(true, { TERM: 'dumb' })).toBe(false);
    expect(colorEnabled(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled(true, { TERM: 'xterm', NO_COLOR: '' })).toBe(true);
  });

  it('colours a table header and statuses on a terminal only, and never when NO_COLOR is set', async () => {
    const dir = await tempDir();
    server.use(http.get(`${BASE}/tournaments`, () => HttpResponse.json(page([tournament({ status: 'ONGOING' })]))));
    const args = ['tournament', 'list', '--base-url', BASE, '--api-key', 'tk_test_key_123456'];
    const tty = await runCli(args, { configDir: dir.path, io: captureIo({ isTTY: true }), env: { TERM: 'xterm-256color' } });
    expect(tty.out).toContain(`${ESC}1mID`);
    expect(tty.out).toContain(`${ESC}32mongoing`);
    const noColor = await runCli(args, { configDir: dir.path, io: captureIo({ isTTY: true }), env: { TERM: 'xterm-256color', NO_COLOR: '1' } });
    expect(noColor.out).not.toContain(ESC);
    const piped = await runCli(args, { configDir: dir.path, env: { TERM: 'xterm-256color' } });
    expect(piped.out).not.toContain(ESC);
    await dir.cleanup();
  });
});

describe('progress', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  /** A terminal-like stderr recording what the spinner writes. */
  function fakeTerminal() {
    let written = '';
    const stream = { isTTY: true, columns: 80, write: (s: string) => ((written += s), true), cursorTo: () => true, moveCursor: () => true, clearLine: () => true };
    return { stream, written: () => written };
  }

  it('shows a spinner on a terminal stderr only once a wait passes half a second, and removes it after', async () => {
    vi.stubEnv('CI', undefined);
    await import('yocto-spinner'); // loaded by the CLI on first use; here before the clock is faked
    vi.useFakeTimers();
    const terminal = fakeTerminal();
    const deps = { io: { ...captureIo(), stderr: terminal.stream, stderrIsTTY: true }, env: {} } as unknown as CliDeps;
    let finish!: () => void;
    const done = withProgress(deps, 'waiting for the receiver', () => new Promise<void>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS - 1);
    expect(terminal.written()).toBe('');
    await vi.advanceTimersByTimeAsync(1);
    // The spinner module loads on first use (a real import), then draws a frame.
    await vi.waitFor(() => expect(terminal.written()).toContain('waiting for the receiver'));
    finish();
    await done;
    const after = terminal.written().length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(terminal.written().length).toBe(after);
  });

  it('shows nothing when stderr is not a terminal', async () => {
    vi.useFakeTimers();
    const io = captureIo();
    const deps = { io, env: {} } as unknown as CliDeps;
    const done = withProgress(deps, 'waiting', () => new Promise<void>((resolve) => setTimeout(resolve, 2000)));
    await vi.advanceTimersByTimeAsync(2500);
    await done;
    expect(io.err()).toBe('');
  });
});
