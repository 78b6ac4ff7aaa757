import { readFileSync } from 'node:fs';

/** One step of a README shell block: `tourney` arguments, and the variable its stdout is assigned to. */
export interface ShellStep {
  /** The line as written in the README (continuations joined). */
  source: string;
  /** Arguments after `npx tourney` / `tourney`, variables still unexpanded (see expand). */
  words: Word[];
  /** `NAME=$(...)`: the variable receiving the command's trimmed stdout. */
  assign?: string;
}

/** A word: its parts, literal text or a `$VAR` reference. */
export type Word = ({ text: string } | { variable: string })[];

/** The ```sh block that follows `heading` in README.md. */
export function readmeBlock(readmePath: string, heading: string): string {
  const text = readFileSync(readmePath, 'utf8');
  const at = text.indexOf(heading);
  if (at < 0) throw new Error(`README has no "${heading}"`);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(at));
  if (!block) throw new Error(`no sh block after "${heading}"`);
  return block[1] as string;
}

/**
 * Parses the small shell subset a README quick start uses: one `npx tourney ...` command per line (a trailing `\`
 * continues it), `NAME=$(npx tourney ...)`, words in double quotes (with `$VAR`), single quotes or bare, comments
 * after `#`. Anything else (another program, a pipe, `&&`) is refused, so the walk stays inside the CLI.
 */
export function parseShellBlock(block: string): ShellStep[] {
  const lines = block.replace(/\\\n\s*/g, ' ').split('\n');
  const steps: ShellStep[] = [];
  for (const line of lines) {
    const words = tokenize(line);
    if (words.length === 0) continue;
    let assign: string | undefined;
    let command = words;
    const first = words[0] as Word;
    const head = first[0];
    const assignment = head && 'text' in head ? /^([A-Z_]+)=\$\((.*)$/.exec(head.text) : null;
    if (assignment) {
      assign = assignment[1];
      const opened: Word = [...(assignment[2] ? [{ text: assignment[2] }] : []), ...first.slice(1)];
      const rest = [opened, ...words.slice(1)];
      const last = rest[rest.length - 1] as Word;
      const tail = last[last.length - 1];
      if (!tail || !('text' in tail) || !tail.text.endsWith(')')) throw new Error(`unclosed $( in: ${line}`);
      const closed: Word = [...last.slice(0, -1), ...(tail.text.length > 1 ? [{ text: tail.text.slice(0, -1) }] : [])];
      command = [...rest.slice(0, -1), closed].filter((w) => w.length > 0);
    }
    const names = command.map((w) => w.map((p) => ('text' in p ? p.text : `$${p.variable}`)).join(''));
    const skip = names[0] === 'npx' ? 1 : 0;
    if (names[skip] !== 'tourney') throw new Error(`not a tourney command: ${line}`);
    if (names.some((n) => ['|', '&&', ';', '||', '>', '<'].includes(n))) throw new Error(`shell operators are not supported: ${line}`);
    steps.push({ source: line.trim(), words: command.slice(skip + 1), ...(assign ? { assign } : {}) });
  }
  return steps;
}

/** Expands a word's `$VAR` parts from `vars`. @throws Error for an unset variable. */
export function expand(word: Word, vars: Record<string, string>): string {
  return word
    .map((part) => {
      if ('text' in part) return part.text;
      const value = vars[part.variable];
      if (value === undefined) throw new Error(`$${part.variable} is not set`);
      return value;
    })
    .join('');
}

function tokenize(line: string): Word[] {
  const words: Word[] = [];
  let word: Word | undefined;
  const push = (part: Word[number]) => {
    word ??= [];
    const last = word[word.length - 1];
    if ('text' in part && last && 'text' in last) last.text += part.text;
    else word.push(part);
  };
  let i = 0;
  while (i < line.length) {
    const ch = line[i] as string;
    if (ch === '#' && word === undefined) break;
    if (/\s/.test(ch)) {
      if (word) words.push(word);
      word = undefined;
      i++;
    } else if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      push({ text: line.slice(i + 1, end) });
      word ??= [];
      i = end + 1;
    } else if (ch === '"') {
      const end = line.indexOf('"', i + 1);
      const inner = line.slice(i + 1, end);
      word ??= [];
      for (const piece of inner.split(/(\$[A-Z_]+)/)) {
        if (piece.startsWith('$')) push({ variable: piece.slice(1) });
        else if (piece) push({ text: piece });
      }
      i = end + 1;
    } else if (ch === '$' && /[A-Z_]/.test(line[i + 1] ?? '')) {
      const name = /^\$([A-Z_]+)/.exec(line.slice(i))?.[1] as string;
      push({ variable: name });
      i += name.length + 1;
    } else {
      push({ text: ch });
      i++;
    }
  }
  if (word) words.push(word);
  return words;
}
