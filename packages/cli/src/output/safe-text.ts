/**
 * Neutralising terminal control characters in text the CLI shows to people (R20.5: tables, detail views, the bracket,
 * notifications, messages). Names, titles and messages come from other users through the API; written raw, an ESC
 * sequence in a display name could clear or recolour an organizer's terminal, and a tab or newline would break table
 * rows. `--json` output is left exact (JSON escapes control characters itself).
 */

/** What a control character other than tab, CR and LF is shown as: U+FFFD REPLACEMENT CHARACTER (one cell). */
export const CONTROL_PLACEHOLDER = '\uFFFD';

/** Tab, CR and LF runs: they become one space, so that a value stays on its line and in its tab-separated field. */
const LINE_BREAKS = /[\t\r\n]+/g;

/** C0 controls (U+0000-U+001F, ESC included), DEL (U+007F) and C1 controls (U+0080-U+009F, CSI included). */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * `text` safe to write to a terminal on one line: runs of tab, CR and LF become one space and every other C0/C1
 * control character (ESC, BEL, backspace, DEL, CSI, ...) becomes {@link CONTROL_PLACEHOLDER}. Other characters are
 * kept, so the result is idempotent and plain text is unchanged.
 */
export function safeText(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(CONTROLS, CONTROL_PLACEHOLDER);
}

/** Multi-line `text` (a message with a hint, an example) with each line passed through {@link safeText}. */
export function safeLines(text: string): string {
  return text.split('\n').map(safeText).join('\n');
}

/**
 * A deep copy of API data with every string passed through {@link safeText}, for commands that build human output
 * from the data (detail views, summaries, the bracket). Arrays and plain objects are copied; numbers, booleans and
 * null are kept. Never used for `--json`, which prints the data exactly.
 */
export function safeData<T>(value: T): T {
  if (typeof value === 'string') return safeText(value) as T;
  if (Array.isArray(value)) return value.map((item) => safeData(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, safeData(item)])) as T;
  }
  return value;
}
