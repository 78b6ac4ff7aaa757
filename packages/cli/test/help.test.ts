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

describe('help of nested commands and completion', () => {
  it('tourney help match report shows the help of match report, like match report --help', async () => {
    const dir = await tempDir();
    const viaHelp = await runCli(['help', 'match', 'report'], { configDir: dir.path });
    const viaFlag = await runCli(['match', 'report', '--help'], { configDir: dir.path });
    await dir.cleanup();
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.out).toMatch(/^Usage: tourney match report \[options\] <matchId>/);
    expect(viaHelp.out).toBe(viaFlag.out);
  });

  it('__complete lists subcommands, aliases and options matching what was typed', async () => {
    const dir = await tempDir();
    const complete = async (...words: string[]) => (await runCli(['__complete', ...words], { configDir: dir.path })).out.trim().split('\n');
    expect(await complete('tour')).toEqual(['tournament']);
    expect(await complete('tournament', 'c')).toEqual(['check-in', 'checkin', 'close-registration', 'create']);
    expect(await complete('--profile', 'bob', 'match', 're')).toEqual(['report', 'reschedule', 'resolve']);
    expect(await complete('tournament', 'create', '--grand')).toEqual(['--grand-final']);
    expect(await complete('match', 'report', 'm1', '--')).toEqual(expect.arrayContaining(['--score', '--winner', '--profile', '--help']));
    await dir.cleanup();
  });

  it.each(['bash', 'zsh', 'fish'])('tourney completion %s prints a script calling tourney __complete', async (shell) => {
    const dir = await tempDir();
    const result = await runCli(['completion', shell], { configDir: dir.path });
    await dir.cleanup();
    expect(result.code).toBe(0);
    expect(result.out).toContain('tourney __complete');
  });

  it('the bash script completes from what tourney __complete prints', async () => {
    const dir = await tempDir();
    const script = (await runCli(['completion', 'bash'], { configDir: dir.path })).out;
    await dir.cleanup();
    const { execFileSync } = await import('node:child_process');
    // A stand-in `tourney` answering like `tourney __complete tournament c` does.
    const out = execFileSync('bash', ['-c', `tourney() { printf 'checkin\\nclose-registration\\ncreate\\n'; }\n${script}\nCOMP_WORDS=(tourney tournament c); COMP_CWORD=2; _tourney; printf '%s\\n' "\${COMPREPLY[@]}"`], {
      encoding: 'utf8',
    });
    expect(out.trim().split('\n')).toEqual(['checkin', 'close-registration', 'create']);
  });
});
