import type { CliDeps } from '../deps';

/** Waits shorter than this (ms) show nothing. */
export const PROGRESS_DELAY_MS = 500;

/** A running progress indicator. */
export interface Progress {
  /** Changes the text (e.g. `uploading 40 %`). */
  update(text: string): void;
  /** Removes the indicator; safe to call twice. */
  stop(): void;
}

const NO_PROGRESS: Progress = { update: () => undefined, stop: () => undefined };

/**
 * Shows a spinner with `text` on stderr (deps.io.stderr, process.stderr in a real run) once the wait has lasted
 * {@link PROGRESS_DELAY_MS} ms, only when stderr is a terminal and CI is not set (never on piped or captured output).
 * The caller must stop it.
 */
export function startProgress(deps: Pick<CliDeps, 'io' | 'env'>, text: string): Progress {
  if (deps.io.stderrIsTTY !== true || deps.env.CI !== undefined) return NO_PROGRESS;
  let current = text;
  let stopped = false;
  let spinner: { text: string; stop(): unknown } | undefined;
  const timer = setTimeout(() => {
    // Loaded on first use: most runs never wait long enough to need it.
    void import('yocto-spinner').then(({ default: yoctoSpinner }) => {
      if (!stopped) spinner = yoctoSpinner({ text: current, stream: deps.io.stderr as NodeJS.WriteStream }).start();
    });
  }, PROGRESS_DELAY_MS);
  timer.unref?.();
  return {
    update(next) {
      current = next;
      if (spinner) spinner.text = next;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      spinner?.stop();
      spinner = undefined;
    },
  };
}

/** Runs `work` with a spinner showing `text` (see {@link startProgress}), removed when it settles. */
export async function withProgress<T>(deps: Pick<CliDeps, 'io' | 'env'>, text: string, work: () => Promise<T>): Promise<T> {
  const progress = startProgress(deps, text);
  try {
    return await work();
  } finally {
    progress.stop();
  }
}
