import { CancelledError } from '../errors';

/** Options of a text prompt. */
export interface InputPromptOptions {
  message: string;
  default?: string;
  /** Returns true when acceptable, else the message to show. */
  validate?: (value: string) => true | string;
}

/** One choice of a {@link Prompter.select} prompt. */
export interface SelectChoice {
  /** What is returned when chosen. */
  value: string;
  /** What is shown. */
  name: string;
}

/** Asks the user for values on the terminal. Implementations reject with CancelledError when the user aborts. */
export interface Prompter {
  input(options: InputPromptOptions): Promise<string>;
  /** Like input, without echoing what is typed. */
  password(options: { message: string; validate?: (value: string) => true | string }): Promise<string>;
  /** A yes/no question; resolves true for yes. */
  confirm(options: { message: string; default?: boolean }): Promise<boolean>;
  /** One choice out of a list; resolves with its value. */
  select(options: { message: string; choices: readonly SelectChoice[] }): Promise<string>;
}

/** A prompter over @inquirer/prompts (loaded on first use); Ctrl+C becomes CancelledError (exit code 2). */
export function createInquirerPrompter(): Prompter {
  const cancelled = (error: unknown): never => {
    if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) {
      throw new CancelledError();
    }
    throw error;
  };
  return {
    async input(options) {
      const { input } = await import('@inquirer/prompts');
      return input({ message: options.message, default: options.default, validate: options.validate }).catch(cancelled);
    },
    async password(options) {
      const { password } = await import('@inquirer/prompts');
      return password({ message: options.message, mask: true, validate: options.validate }).catch(cancelled);
    },
    async confirm(options) {
      const { confirm } = await import('@inquirer/prompts');
      return confirm({ message: options.message, default: options.default ?? false }).catch(cancelled);
    },
    async select(options) {
      const { select } = await import('@inquirer/prompts');
      return select({ message: options.message, choices: options.choices.map((c) => ({ value: c.value, name: c.name })) }).catch(cancelled);
    },
  };
}
