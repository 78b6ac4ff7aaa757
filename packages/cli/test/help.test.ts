import { describe, expect, it } from 'vitest';
import { createDefaultDeps } from '../src/default-deps';
import { createProgram } from '../src/program';
import { captureIo, runCli, tempDir } from './helpers/cli-harness';

describe('help', () => {
  it('prints the command tree with examples and exits 0', async () => {
    const dir = await tempDir();
    const result = await runCli(['--help'], { configDir: dir.path });
    await dir.cleanup();
    expect(result.code).toBe(0);
    for (const noun of ['server', 'login', 'logout', 'config', 'tournament', 'participant', 'match', 'bracket', 'demo']) {
      expect(result.out).toMatch(new RegExp(`^  ${noun}\\b`, 'm'));
    }
    expect(result.out).toContain('Examples:\n  $ tourney demo');
  });

  it('every command has a one-line lower-case description and examples', () => {
    const program = createProgram(createDefaultDeps({ io: captureIo(), env: {}, homeDir: '/nonexistent' }));
    const visit = (command: typeof program, path: string[]) => {
      for (const sub of command.commands) {
        if (sub.name() === 'help') continue;
        const description = sub.description();
        expect(description, path.concat(sub.name()).join(' ')).toMatch(/^[a-z][^\n]*[^.]$/);
        if (sub.commands.length === 0) {
          let help = '';
          sub.configureOutput({ writeOut: (text) => (help += text) });
          sub.outputHelp();
          expect(help, path.concat(sub.name()).join(' ')).toContain('Examples:\n  $ tourney ');
        }
        visit(sub, path.concat(sub.name()));
      }
    };
    visit(program, ['tourney']);
  });

  it('suggests a command for a typo and exits 1', async () => {
    const dir = await tempDir();
    const result = await runCli(['tournament', 'lsit'], { configDir: dir.path });
    await dir.cleanup();
    expect(result.code).toBe(1);
    expect(result.err).toContain("error: unknown command 'lsit'");
    expect(result.err).toMatch(/Did you mean .*list/);
  });

  it('without arguments prints the help on stdout and exits 0', async () => {
    const dir = await tempDir();
    const result = await runCli([], { configDir: dir.path });
    await dir.cleanup();
    expect(result.code).toBe(0);
    expect(result.out).toContain('Usage: tourney [options] [command]');
    expect(result.err).toBe('');
  });

  it('--version prints the version', async () => {
    const dir = await tempDir();
    const result = await runCli(['--version'], { configDir: dir.path });
    await dir.cleanup();
    expect(result.code).toBe(0);
    expect(result.out).toBe('0.1.0\n');
  });
});
