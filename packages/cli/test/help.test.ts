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

  it('tourney help <unknown command> fails like the unknown command itself: exit 1 with a suggestion', async () => {
    const dir = await tempDir();
    const cases = [
      [['help', 'nosuch'], ['nosuch']],
      [['help', 'tournamnt'], ['tournamnt']],
      [['help', 'match', 'nosuch'], ['match', 'nosuch']],
      [['--profile', 'default', 'help', 'match', 'reprot'], ['match', 'reprot']],
    ];
    for (const [viaHelp, direct] of cases) {
      const helped = await runCli(viaHelp!, { configDir: dir.path });
      const ran = await runCli(direct!, { configDir: dir.path });
      expect(helped.code, viaHelp!.join(' ')).toBe(1);
      expect(helped.out, viaHelp!.join(' ')).toBe('');
      expect(helped.err).toBe(ran.err);
      expect(helped.err).toContain(`error: unknown command '${direct!.at(-1)}'`);
    }
    const typo = await runCli(['help', 'tournamnt'], { configDir: dir.path });
    expect(typo.err).toMatch(/Did you mean tournament\?/);
    const known = await runCli(['help', 'match'], { configDir: dir.path });
    await dir.cleanup();
    expect(known.code).toBe(0);
    expect(known.out).toMatch(/^Usage: tourney match/);
  });

  it('__complete lists subcommands, aliases and options matching what was typed', async () => {
    const dir = await tempDir();
    const complete = async (...words: string[]) => (await runCli(['__complete', ...words], { configDir: dir.path })).out.trim().split('\n');
    expect(await complete('tour')).toEqual(['tournament']);
    expect(await complete('tournament', 'c')).toEqual(['check-in', 'checkin', 'clone', 'close-registration', 'create']);
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

/** Every command path of `tourney` (R20.1, R20.16: `--help` output must not lose a command when their code loads lazily). */
const COMMAND_PATHS = [
  'server', 'server reset-password', 'server start',
  'signup',
  'login',
  'logout',
  'password',
  'config', 'config set', 'config get', 'config unset',
  'tournament', 'tournament create', 'tournament list', 'tournament results', 'tournament get', 'tournament update',
  'tournament clone', 'tournament delete', 'tournament publish', 'tournament open-registration', 'tournament close-registration',
  'tournament start', 'tournament join', 'tournament checkin', 'tournament withdraw', 'tournament analytics', 'tournament groups',
  'tournament draw', 'tournament seed-stage', 'tournament open', 'tournament preview',
  'participant', 'participant list', 'participant update', 'participant remove', 'participant add',
  'participant import', 'participant export', 'participant seed', 'participant shuffle',
  'match', 'match list', 'match get', 'match next', 'match report', 'match confirm', 'match start', 'match dispute',
  'match evidence', 'match resolve', 'match correct', 'match reschedule',
  'bracket',
  'webhook', 'webhook create', 'webhook list', 'webhook update', 'webhook delete', 'webhook deliveries',
  'webhook redeliver', 'webhook test', 'webhook rotate-secret',
  'api-key', 'api-key create', 'api-key list', 'api-key revoke',
  'circuit', 'circuit create', 'circuit list', 'circuit get', 'circuit season', 'circuit season create',
  'circuit season list', 'circuit start', 'circuit complete', 'circuit classify', 'circuit standings',
  'circuit update', 'circuit analytics', 'circuit unclassify', 'circuit delete', 'circuit season update',
  'circuit season delete',
  'anticheat', 'anticheat session', 'anticheat session start', 'anticheat session list', 'anticheat session get', 'anticheat session end',
  'anticheat detection', 'anticheat detection list', 'anticheat detection raise', 'anticheat detection get',
  'anticheat detection verdict', 'anticheat client', 'anticheat client enroll', 'anticheat client list',
  'anticheat client revoke', 'anticheat evidence', 'anticheat evidence upload', 'anticheat evidence download',
  'org', 'org list', 'org create', 'org get', 'org update', 'org delete',
  'project', 'project create', 'project list', 'project get', 'project update', 'project use',
  'staff', 'staff list', 'staff invite', 'staff accept', 'staff remove', 'staff role', 'staff invitations', 'staff revoke',
  'me', 'me show', 'me update', 'me email', 'me link', 'me unlink',
  'account', 'account delete',
  'user', 'user get',
  'notification', 'notification list', 'notification read',
  'calendar', 'calendar list', 'calendar export', 'calendar subscribe', 'calendar unsubscribe',
  'demo',
  'completion',
];

describe('the command tree', () => {
  it('--help of tourney and of every command group lists exactly the expected commands', async () => {
    const dir = await tempDir();
    const listed: string[] = [];
    const groups = [[], ...COMMAND_PATHS.map((path) => path.split(' ')).filter((path) => COMMAND_PATHS.some((p) => p.startsWith(`${path.join(' ')} `)))];
    for (const group of groups) {
      const result = await runCli([...group, '--help'], { configDir: dir.path });
      expect(result.code, group.join(' ')).toBe(0);
      const commands = result.out.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '';
      for (const match of commands.matchAll(/^  (\S+)/gm)) if (match[1] !== 'help') listed.push([...group, match[1]!.split('|')[0]].join(' '));
    }
    await dir.cleanup();
    expect(listed.sort()).toEqual([...COMMAND_PATHS].sort());
  });
});

describe('option help texts', () => {
  /** The help of `tourney <path...> --help`, its lines joined (descriptions wrap at the terminal width). */
  const helpOf = async (...path: string[]) => {
    const dir = await tempDir();
    const result = await runCli([...path, '--help'], { configDir: dir.path });
    await dir.cleanup();
    expect(result.code).toBe(0);
    return result.out.replace(/\s+/g, ' ');
  };

  it('no option states its default twice: a flag commander prints "(default: x)" for says none itself', () => {
    const program = createProgram(createDefaultDeps({ io: captureIo(), env: {}, homeDir: '/nonexistent' }));
    const twice: string[] = [];
    const visit = (command: typeof program, path: string[]) => {
      for (const option of command.options) {
        if (option.defaultValue !== undefined && /\(default/.test(option.description)) twice.push(`${path.join(' ')} ${option.flags}: ${option.description}`);
      }
      for (const sub of command.commands) visit(sub, path.concat(sub.name()));
    };
    visit(program, ['tourney']);
    expect(twice).toEqual([]);
  });

  it('tournament groups and draw give the default stage once', async () => {
    for (const command of ['groups', 'draw']) {
      const help = await helpOf('tournament', command);
      expect(help, command).toContain('--stage <n> stage number (default: 1) ');
    }
  });

  it('tournament update names no default of create; create names its defaults and nothing of update', async () => {
    const update = await helpOf('tournament', 'update');
    // update keeps what is not given: no option there has a default.
    expect(update.split(' Options: ')[1]?.split(' Examples: ')[0]).not.toMatch(/default/i);
    expect(update).toContain('new description ("" clears it)');
    expect(update).toContain('--stage-name <name> name of the stage --third-place');
    expect(update).toContain('none, simple or double');
    const create = await helpOf('tournament', 'create');
    expect(create).not.toMatch(/on update|clears it/);
    expect(create).toContain('start, ISO 8601 date-time (default: 24 hours from now)');
    expect(create).toContain('name of the stage (default "Main")');
    expect(create).toContain('none, simple (default) or double');
    expect(create).toContain('0-1440 (default 60)');
  });

  it('date-time flags say that a time without an offset is read in the local time zone', async () => {
    const note = "without an offset (Z, +02:00), read in this machine's local time zone";
    const flags: [string[], string[]][] = [
      [['tournament', 'create'], ['--start-date', '--registration-opens', '--registration-closes', '--stage-start']],
      [['tournament', 'update'], ['--start-date', '--registration-opens', '--registration-closes', '--stage-start']],
      [['match', 'reschedule'], ['--at']],
      [['api-key', 'create'], ['--expires-at']],
    ];
    for (const [path, names] of flags) {
      const help = await helpOf(...path);
      for (const name of names) {
        const text = help.split(` ${name} `)[1]?.split(/ --[a-z]/)[0] ?? '';
        expect(text, `${path.join(' ')} ${name}`).toContain(note);
      }
    }
  });
});
