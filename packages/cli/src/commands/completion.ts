import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { withExamples } from './shared';

/** The hidden command the completion scripts call: `tourney __complete <words...>` prints one candidate per line. */
export const COMPLETE_COMMAND = '__complete';

const SCRIPTS: Readonly<Record<'bash' | 'zsh' | 'fish', string>> = {
  bash: `# tourney completion for bash: add to ~/.bashrc:  source <(tourney completion bash)
_tourney() {
  local IFS=$'\\n'
  COMPREPLY=($(compgen -W "$(tourney ${COMPLETE_COMMAND} "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)" -- "\${COMP_WORDS[COMP_CWORD]}"))
}
complete -o default -F _tourney tourney
`,
  zsh: `#compdef tourney
# tourney completion for zsh: add to ~/.zshrc:  source <(tourney completion zsh)
_tourney() {
  local -a candidates
  candidates=("\${(@f)$(tourney ${COMPLETE_COMMAND} "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  compadd -- $candidates
}
compdef _tourney tourney
`,
  fish: `# tourney completion for fish: tourney completion fish > ~/.config/fish/completions/tourney.fish
complete -c tourney -f -a '(tourney ${COMPLETE_COMMAND} (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null)'
`,
};

/** Long options of a command and of its ancestors (the root's --profile, --base-url, --api-key). */
function optionsOf(command: Command): string[] {
  const out: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) {
    for (const option of c.options) if (option.long && !option.hidden) out.push(option.long);
  }
  return [...out, '--help'];
}

/** True when `word` is an option of `command` (or an ancestor) that takes a value. */
function takesValue(command: Command, word: string): boolean {
  for (let c: Command | null = command; c; c = c.parent) {
    const option = c.options.find((o) => o.long === word || o.short === word);
    if (option) return option.required || option.optional;
  }
  return false;
}

/**
 * Completion candidates for `words` (the words after `tourney`, the last one being completed, possibly empty):
 * subcommand names and aliases, or options when the word starts with "-"; filtered by what was typed.
 */
export function completeWords(program: Command, words: readonly string[]): string[] {
  const typed = words[words.length - 1] ?? '';
  let command = program;
  for (let i = 0; i < words.length - 1; i++) {
    const word = words[i] as string;
    if (word.startsWith('-')) {
      if (!word.includes('=') && takesValue(command, word)) i++;
      continue;
    }
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub) command = sub;
  }
  const candidates = typed.startsWith('-')
    ? optionsOf(command)
    : command.commands.filter((c) => !(c as Command & { _hidden?: boolean })._hidden && c.name() !== COMPLETE_COMMAND).flatMap((c) => [c.name(), ...c.aliases()]);
  return [...new Set(candidates)].filter((c) => c.startsWith(typed)).sort();
}

/** `tourney completion bash|zsh|fish`: prints a script that completes commands and options in that shell. */
export function registerCompletionCommand(program: Command, deps: CliDeps): void {
  withExamples(
    program
      .command('completion <shell>')
      .description('print a shell completion script for bash, zsh or fish')
      .action((shell: string) => {
        const script = SCRIPTS[shell.toLowerCase() as keyof typeof SCRIPTS];
        if (!script) throw new CliError('INVALID_OPTION', `unknown shell "${shell}": expected bash, zsh or fish`);
        deps.io.stdout.write(script);
      }),
    'tourney completion fish > ~/.config/fish/completions/tourney.fish',
    'source <(tourney completion bash)     # in ~/.bashrc',
    'source <(tourney completion zsh)      # in ~/.zshrc',
  );
}
